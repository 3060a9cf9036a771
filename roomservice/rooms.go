package roomservice

import (
	"net/http"

	"github.com/livekit/protocol/livekit"

	"souk/sfu"
)

// Rooms is what the service needs from the room layer; *sfu.Manager
// implements it. Not-found conditions are reported with sfu's sentinel
// errors (sfu.ErrRoomNotFound and friends), which the service maps to
// Twirp codes.
type Rooms interface {
	CreateRoom(name string, opts sfu.RoomOptions) (*livekit.Room, error)
	ListRooms(names []string) []*livekit.Room
	DeleteRoom(name string) error
	UpdateRoomMetadata(name, metadata string) (*livekit.Room, error)
	ListParticipants(room string) ([]*livekit.ParticipantInfo, error)
	GetParticipant(room, identity string) (*livekit.ParticipantInfo, error)
	RemoveParticipant(room, identity string) error
	UpdateParticipant(room, identity string, c sfu.ParticipantChanges) (*livekit.ParticipantInfo, error)
	MuteTrack(room, identity, trackSID string, muted bool) (*livekit.TrackInfo, error)
	UpdateSubscriptions(room, identity string, trackSIDs []string, subscribe bool) error
	SendData(room string, d sfu.ServerData) error
}

var _ Rooms = (*sfu.Manager)(nil)

// Cluster reaches the rooms other nodes host; *cluster.RoomServiceRouter
// implements it. Nil on a single node.
type Cluster interface {
	// Route returns a handler that relays r (a call about room) to the
	// node hosting it, or nil to answer here. place: a room nobody hosts
	// is placed first (CreateRoom).
	Route(r *http.Request, room string, place bool) (http.Handler, error)
	// Gather sends the protobuf-encoded call to every other node and
	// returns their answers, or nil when r itself was gathered by another
	// node.
	Gather(r *http.Request, contentType string, body []byte) ([][]byte, error)
}
