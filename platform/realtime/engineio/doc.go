// Package engineio serves the Engine.IO v4 protocol over WebSocket only:
// the handshake (open packet with sid, pingInterval, pingTimeout,
// maxPayload and no upgrades), the server-driven ping/pong heartbeat, the
// frame size limit, and message frames, text or binary. HTTP long-polling
// is refused with a 400 that says so.
//
// A Session owns one WebSocket: a reader (running in the HTTP handler) and
// a writer goroutine fed by a bounded queue. Both end when the session
// closes; Server.Close closes every session and waits for them.
//
// Imports: the standard library and gorilla/websocket only. The layer
// above (Socket.IO) receives messages through the Receiver interface.
package engineio
