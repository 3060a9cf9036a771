// Package conformance runs one set of scenarios, with the same real
// clients, against livekit-server and against Souk, and holds Souk to
// livekit-server: every check livekit-server passes must pass on Souk too.
// A check livekit-server fails is reported, not asserted.
//
// The harness (this package's non-test files): StartServer runs either
// server as a process with its options (keys, listen and advertised
// addresses, UDP/TCP ports, embedded TURN over UDP/TCP/TLS, a Redis
// cluster, a command prefix such as `ip netns exec NAME`) and mints tokens;
// NodeClient drives a client process under clients/ (livekit-client in
// headless Chromium, @livekit/rtc-node) over a JSON line protocol, and Page
// and NodePart wrap one participant of each; Env gives a scenario its
// server, clients, Go clients (souk/signal/client) and the record of checks
// and figures; WriteReport writes benchmarks/CONFORMANCE.md. The scenarios
// and the test that runs them are the _test.go files; README.md says how to
// add one.
//
// From the module it uses souk/internal/netlab (whether the network lab
// can run) and souk/turn (its test certificate writer only); from the
// LiveKit protocol module, tokens. It must not import sfu/, signal/ or the
// binary's packages: Souk is tested as a process.
//
// Imports (checked by internal/importrules):
//
//	souk:   souk/signal/client souk/internal/browsertest souk/internal/netlab souk/turn
//	others: github.com/livekit/protocol
package conformance
