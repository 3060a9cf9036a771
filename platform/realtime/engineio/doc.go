// Package engineio serves the Engine.IO v4 protocol over WebSocket and
// over HTTP long-polling, with the upgrade from polling to WebSocket
// (2probe, 3probe, 5): the handshake (open packet with sid, upgrades,
// pingInterval, pingTimeout, maxPayload), the server-driven ping/pong
// heartbeat, the payload size limit, message packets text or binary, and
// the reference server's error codes for refused requests (errors.go).
//
// Long-polling (polling.go) keeps no goroutine per session: a pending GET
// is the session's writer while it waits, POSTs feed the receiver, and
// the heartbeat runs on timers. The upgrade (upgrade.go) runs the probe on
// the new WebSocket while the session goes on polling, then hands the
// outbox to a WebSocket writer. Options.Forward lets a cluster relay the
// requests of sessions held by other nodes (their ids carry
// Options.SessionIDSuffix).
//
// A WebSocket session owns one WebSocket: a reader (running in the HTTP handler) and
// a writer goroutine fed by a bounded outbox of frames. Senders
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
// The layer above (Socket.IO) receives messages through the Receiver interface.
//
// Imports (checked by internal/importrules):
//
//	souk:   none
//	others: github.com/gorilla/websocket
package engineio
