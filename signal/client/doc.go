// Package client is a Go client of the LiveKit signalling protocol as our
// server speaks it (legacy dual peer connection path, /rtc): it joins with a
// token, publishes RTP from any source, subscribes, exchanges data packets
// and counts what it receives. Integration tests use it today; the load
// tester will reuse it.
//
// It is deliberately independent of the server packages (it must not import
// sfu/ or signal/) so that it cannot share a bug with them.
package client
