// Package conformance runs the Socket.IO project's protocol test suites
// (testdata/engine.io-protocol and testdata/socket.io-protocol, vendored
// with their origin in testdata/README.md) against Souk's engineio and
// socketio packages, served as the suites' reference configuration: an
// Engine.IO echo server at /engine.io/ and a Socket.IO server at
// /socket.io/. The suites run under mocha from the repository's
// node_modules; the package has tests only.
//
// Imports (checked by internal/importrules):
//
//	souk:   souk/platform/realtime/engineio souk/platform/realtime/socketio
//	others: none
package conformance
