// Command souk runs the Souk platform: the listings web app and API, the
// realtime channels and the media server, in one process.
//
//	souk serve    [--config souk.yaml]   run everything
//	souk migrate  [--config souk.yaml]   apply database migrations and exit
//	souk config   [--config souk.yaml]   print the effective configuration, secrets redacted
//	souk version                          print the version
//	souk admin create --site P --email E [--password PW] [--name N]
//	                                      create (or promote) an administrator of site P
//
// main.go parses the command line; serve.go wires every part explicitly
// (store, HTTP API, realtime channels, signalling, SFU, TURN; the wire_*.go
// files hold each part's set-up) and owns the shutdown order; admin.go is
// the admin command.
//
// Imports: everything in the module; nothing imports cmd/souk.
package main
