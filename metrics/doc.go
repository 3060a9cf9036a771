// Package metrics serves Prometheus metrics at /metrics: the media server's
// rooms, participants, tracks and forwarding counters, the embedded TURN
// server's allocations, the realtime channels' sockets and messages, HTTP
// requests by route and status with latency histograms, and the Go runtime
// and process. Every product metric is named souk_*.
//
// Collectors read snapshots through small interfaces defined here
// (MediaSource, TURNSource, RealtimeSource); the binary's wiring adapts the
// SFU, TURN and realtime services to them, so this package imports none of
// them; chi is imported only for the matched route pattern.
//
// Imports (checked by internal/importrules):
//
//	souk:   none
//	others: github.com/prometheus/client_golang github.com/go-chi/chi
package metrics
