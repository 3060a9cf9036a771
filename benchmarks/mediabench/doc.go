// Package mediabench is the media load tester behind `souk bench`: bots
// that speak the LiveKit protocol (signal/client) join a room on any
// LiveKit-protocol server, publish real pre-encoded media loops (VP8 or
// H.264 at 720p/360p/180p as simulcast layers, Opus audio; made by
// media/generate.sh) and subscribe, while the run measures per subscriber
// packets, bytes, loss (from sequence numbers), jitter (RFC 3550),
// forwarding delay and time from join to first media, and the server's
// CPU time and memory (/proc/<pid>, or its /metrics).
//
// Forwarding delay: publishers note when they hand each packet to the
// transport, keyed by a hash of the packet's last 32 payload bytes;
// subscribers in the same process look the key up on arrival, so both
// sides read one clock and the media is not altered (a forwarder may strip
// header extensions and rewrite codec descriptors, never compressed data).
//
// A subscriber that misses a kind of media sent to it fails the run
// (Report.Failure), and the server's own counts (forwarded packets,
// participants) are checked against what the bots received, so that a run
// measuring the wrong server (a cluster node that only relayed the
// signalling) says so (Report.Warnings).
//
// Each run also probes the machine's raw per-packet cost (UDP send plain
// and with sendmmsg, SRTP AES-CM and AES-GCM) and reports the server's CPU
// per forwarded packet as a ratio to it.
//
// It never imports the server packages (sfu/, signal/ itself, platform/):
// it measures a server from outside, like any client.
//
// Imports (checked by internal/importrules):
//
//	souk:   souk/signal/client
//	others: github.com/pion/ github.com/livekit/protocol golang.org/x/net golang.org/x/sys
package mediabench
