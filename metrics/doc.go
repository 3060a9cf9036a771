// Package metrics serves Prometheus metrics at /metrics: the media server's
// rooms, participants, tracks and forwarding counters, the embedded TURN
// server's allocations, the realtime channels' sockets and messages,
// webhook deliveries, HTTP requests by route and status with latency
// histograms, and the Go runtime and process. Every product metric is
// named souk_*.
//
// Each collector reads its service's own Stats struct (sfu.Stats,
// turn.Stats, realtime.Stats, webhook.Stats) through a one-method
// interface defined here, which the services satisfy as they are; a
// collector takes one snapshot per scrape. Reading the structs directly
// rather than through copies kept here means a new counter needs one
// metric line and nothing else. The package imports those four packages
// for their Stats types only and calls nothing else in them.
//
// The endpoint answers before the site (host name) is resolved, so a
// scraper may use the bare address; it checks the bearer token when one
// is configured, and Options.ScrapeMiddleware gives its responses the
// same security headers as the rest of the server's.
//
// Imports (checked by internal/importrules):
//
//	souk:   souk/sfu souk/turn souk/platform/realtime souk/roomservice/webhook
//	others: github.com/prometheus/client_golang github.com/go-chi/chi
package metrics
