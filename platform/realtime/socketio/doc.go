// Package socketio implements the server side of the Socket.IO v5
// protocol on top of engineio: the packet codec (including binary
// attachments), namespaces with a connect hook for authentication, events
// with acknowledgements, and rooms local to this process.
//
// Rooms here are local; the product layer publishes across processes
// through a bus and calls Namespace.BroadcastLocal on every node.
//
// Imports (checked by internal/importrules):
//
//	souk:   souk/platform/realtime/engineio
//	others: github.com/gorilla/websocket
package socketio
