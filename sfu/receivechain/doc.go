// Package receivechain is a peer connection's receive interceptors: the
// ones the media server runs on what publishers send (Factories: NACK
// generation, receiver reports, transport-wide feedback, each started only
// once something is received, lazy.go), and a Chain that binds each
// received stream to them once, however many readers read it: pion's, the
// direct path's (sfu/direct) and a layer reader that reads a stream pion
// no longer does (Chain.Take).
//
// Imports (checked by internal/importrules):
//
//	souk:   souk/sfu/twccfeedback
//	others: github.com/pion/
package receivechain
