// Package client is a Go client of the LiveKit signalling protocol: it joins
// with a token on the legacy dual peer connection path (/rtc) or the single
// peer connection path (/rtc/v1), publishes RTP from any source (simulcast
// included), subscribes, exchanges data packets and counts what it receives.
// Integration tests and the media load tester (benchmarks/mediabench) use it.
//
// It is deliberately independent of the server packages (it must not import
// sfu/ or signal/) so that it cannot share a bug with them, and so that it
// can be pointed at any LiveKit-protocol server.
//
// Imports (checked by internal/importrules):
//
//	souk:   none
//	others: any
package client
