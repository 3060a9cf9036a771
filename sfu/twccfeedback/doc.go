// Package twccfeedback tells a publisher when each of its packets arrived:
// it records the transport-wide sequence number (the
// draft-holmer-rmcat-transport-wide-cc-extensions-01 header extension) of
// every received RTP packet and sends the publisher TransportLayerCC
// feedback at a fixed interval, from which the publisher's congestion
// control estimates its uplink.
//
// It does what pion's twcc.SenderInterceptor does, at a lower price per
// packet: pion's hands every packet's arrival through an unbuffered
// channel to its reporting goroutine, so each received packet wakes that
// goroutine and then the reader again; here the reader records the arrival
// under a short lock, and the reporting goroutine wakes only at the
// interval. The sequence number is read straight from the packet's
// header extension, without parsing the header into a new struct. The
// reporting goroutine starts with the first stream that carries the
// extension, so a connection that never receives one costs nothing.
//
// May import: the standard library and github.com/pion/interceptor.
//
// Imports (checked by internal/importrules):
//
//	souk:   none
//	others: github.com/pion/interceptor
package twccfeedback
