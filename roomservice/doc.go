// Package roomservice answers LiveKit's RoomService API over Twirp, so the
// server SDKs (livekit-server-sdk for Node, the Go, Python and Ruby SDKs)
// and the lk CLI manage Souk's rooms unchanged.
//
// Wire: POST /twirp/livekit.RoomService/<Method> with a body of the
// method's request message, as application/protobuf or application/json
// (protojson; both proto and lowerCamel field names are read, unknown
// fields ignored; JSON answers use proto field names and include zero
// values, as Twirp's own servers do). The answer uses the request's
// encoding. Errors are Twirp errors: JSON {"code", "msg"} with the code's
// HTTP status (unauthenticated 401, permission_denied 403, not_found 404,
// invalid_argument and malformed 400, failed_precondition 412, bad_route
// 404).
//
// Order of checks, cheapest first: route and method, content type, the
// bearer token (HS256, signed with one of the media keys, exp required),
// the body size (1 MiB by default, refused before reading when
// Content-Length says so, and cut off while reading otherwise), decoding,
// then the grant the method needs: roomCreate for CreateRoom and
// DeleteRoom, roomList for ListRooms, roomAdmin for the request's room for
// everything else. Arguments are validated before the room layer is
// called.
//
// Rooms are reached through the Rooms interface defined here, which
// *sfu.Manager implements (sfu/admin.go); state changes reach clients as
// a LiveKit server sends them (ParticipantUpdate, RoomUpdate, mute, leave
// with a reason, data packets).
//
// In a cluster (WithCluster, fed by cluster.RoomServiceRouter through the
// Cluster interface defined here), a call about a room that another node
// hosts is relayed to it once authorized, and ListRooms adds the other
// nodes' rooms, so an SDK may call any node.
//
// Subpackage webhook delivers the SFU's lifecycle events to HTTP
// endpoints, signed as LiveKit signs them.
//
// Of the module it imports only sfu (types and sentinel errors); never
// signal/, platform/ or cmd/.
//
// Imports (checked by internal/importrules):
//
//	souk:   souk/sfu
//	others: github.com/livekit/protocol google.golang.org/protobuf
package roomservice
