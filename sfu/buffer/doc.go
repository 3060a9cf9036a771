// Package buffer keeps what the server received from a publisher so that it
// can answer retransmission requests: a fixed ring of preallocated packet
// slots per received RTP stream, indexed by sequence number.
//
// Imports allowed: the standard library only. It knows nothing of
// signalling, rooms or codecs.
//
// Imports (checked by internal/importrules):
//
//	souk:   none
//	others: none
package buffer
