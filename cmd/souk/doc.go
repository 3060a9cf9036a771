// Command souk runs the Souk platform: the listings web app and API, the
// realtime channels and the media server, in one process.
//
//	souk serve    [--config souk.yaml] [--roles platform,sfu,turn] [--pprof 127.0.0.1:6060]
//	                                      run everything, or this node's roles
//	                                      (--pprof: runtime profiles on their own listener)
//	souk migrate  [--config souk.yaml]   apply database migrations and exit
//	souk config   [--config souk.yaml]   print the effective configuration, secrets redacted
//	souk doctor   [--config souk.yaml]   check ports (or the running node's), addresses, TURN, certificate,
//	                                      keys, database, Redis and the cluster
//	souk healthcheck [--url URL]          ask this machine's server for /healthz (server.addr);
//	                                      exit 1 unless it answers 200 (the image's HEALTHCHECK)
//	souk version                          print the version
//	souk bench    [flags]                 load-test a LiveKit-protocol media server (benchmarks/mediabench)
//	souk admin create --site P --email E [--password PW] [--name N]
//	                                      create (or promote) an administrator of site P
//
// main.go parses the command line; serve.go wires every part explicitly
// (store, HTTP API, realtime channels, signalling, SFU, TURN; the wire_*.go
// files hold each part's set-up) and owns the shutdown order. wire_media.go
// and media_addrs.go start the media side and log what browsers are told;
// wire_metrics.go wraps the handler with /metrics and HTTP request metrics;
// wire_cluster.go joins a multi-node deployment when redis.url is set
// (registry heartbeat, signalling relay, Redis rate limits, the SIGTERM
// drain that runs before the HTTP server stops);
// node_facts.go is what a cluster node publishes beside its registry
// entry (process, fingerprints of the shared secrets) for doctor to compare;
// doctor*.go is `souk doctor` (ports and the running node, TURN, cluster),
// bench.go `souk bench`, admin.go the admin command and healthcheck.go
// `souk healthcheck`.
//
// It may import everything in the module; nothing imports cmd/souk.
//
// Imports (checked by internal/importrules):
//
//	souk:   souk/...
//	others: any
package main
