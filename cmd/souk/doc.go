// Command souk runs the Souk platform: the listings web app and API, the
// realtime channels and the media server, in one process.
//
//	souk serve    [--config souk.yaml]   run everything
//	souk migrate  [--config souk.yaml]   apply database migrations and exit
//	souk config   [--config souk.yaml]   print the effective configuration, secrets redacted
//	souk version                          print the version
//
// main.go parses the command line; serve.go wires every part explicitly
// (store, HTTP API, realtime channels, signalling, SFU, TURN) and owns the
// shutdown order.
//
// Imports: everything in the module; nothing imports cmd/souk.
package main
