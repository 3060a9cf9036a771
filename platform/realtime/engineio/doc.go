// Package engineio serves the Engine.IO v4 protocol over WebSocket only:
// the handshake (open packet with sid, pingInterval, pingTimeout,
// maxPayload and no upgrades), the server-driven ping/pong heartbeat, the
// frame size limit, and message frames, text or binary. HTTP long-polling
// is refused with a 400 that says so.
//
// A Session owns one WebSocket: a reader (running in the HTTP handler) and
// a writer goroutine fed by a bounded outbox of wire-ready frames. Senders
// append and wake the writer only when the outbox turns non-empty; the
// writer puts everything waiting on the TCP connection in one vectored
// write, below the WebSocket library (whose writer serves only the close
// handshake), and writes a busy socket at most once per flush interval
// (FlushInterval, grown with the number of open sessions so that the
// whole server stays near WriteRate writes per second); replies the peer
// waits for (Session.Reply: connects, acknowledgements) and closes skip
// that wait. A broadcast frames its message once and every recipient's outbox shares
// the bytes. A peer with SendQueue batches waiting is cut off (1008) and
// its backlog dropped; nobody else waits for it. Both goroutines end when
// the session closes; Server.Close closes every session and waits for
// them.
//
// Imports: the standard library and gorilla/websocket only. The layer
// above (Socket.IO) receives messages through the Receiver interface.
package engineio
