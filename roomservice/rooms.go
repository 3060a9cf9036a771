package roomservice

import (
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
