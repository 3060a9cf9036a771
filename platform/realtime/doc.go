// Package realtime serves the product's realtime channels over Socket.IO
// at /socket.io/: signed-in users' sockets, personal rooms (room_<userId>)
// and call rooms, room broadcasts with the product's envelope, call
// invitations recorded through platform.CallService (with their cancel,
// their expiry after platform.InvitationTTL, expiry.go, and the call-state
// notices that reach every device of both people), and the per-user and
// per-socket limits (the per-user connection cap across nodes through
// ConnectionSlots, slots.go, when one is given). The wire protocol is written down in PROTOCOL.md.
//
// Clients connect over WebSocket or HTTP long-polling (and upgrade); on a
// cluster, the requests of a polling session that reach another node are
// relayed to the node holding it (sessionroute.go, SessionForwarder).
//
// Subpackages: engineio (transports), socketio (packets, namespaces,
// local rooms), bus (cross-node delivery and the mailbox of held
// invitations), conformance (tests only: the official Engine.IO and
// Socket.IO protocol suites, vendored with their licence).
//
// It never imports signal/, sfu/, turn/, or the store: users, tokens and calls come through the
// platform interfaces.
//
// Imports (checked by internal/importrules):
//
//	souk:   souk/platform souk/config souk/platform/realtime/...
//	others: any
package realtime
