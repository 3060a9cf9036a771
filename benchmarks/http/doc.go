// Command http is a load scenario for the listings API: it seeds a store
// with listings, serves the real API handler on a loopback port, and lets
// concurrent clients browse /api/offers and open /api/offers/{id}, then
// reports throughput and latency percentiles.
//
//	go run ./benchmarks/http -engine sqlite -listings 5000 -clients 32 -requests 50000
//	go run ./benchmarks/http -engine postgres -postgres postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable
//
// For PostgreSQL a scratch database is created on the given server and
// dropped at the end; for SQLite a file in a temporary directory is used
// (the same on-disk WAL setup `souk serve` runs with).
//
// It uses the platform store, httpapi and config, and talks to the API
// over real HTTP on a loopback port.
//
// Imports (checked by internal/importrules):
//
//	souk:   souk/config souk/platform/...
//	others: any
package main
