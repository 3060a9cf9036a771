package signal

import (
	"context"

	"github.com/livekit/protocol/livekit"

	"souk/sfu"
)

// Rooms is what signalling needs from the room layer.
type Rooms interface {
	// Join admits or resumes a participant; it sends the first response
	// through sink before returning.
	Join(ctx context.Context, req sfu.JoinRequest, sink sfu.Sink) (Session, error)
}

// Session is one joined participant as seen from its signal connection.
type Session interface {
	HandleRequest(ctx context.Context, req *livekit.SignalRequest) error
	// SignalClosed reports the connection behind sink ended without a leave.
	SignalClosed(sink sfu.Sink)
	// Remove ends the session now (protocol violation).
	Remove(reason livekit.DisconnectReason)
}

// FromManager adapts an sfu.Manager to Rooms.
func FromManager(m *sfu.Manager) Rooms { return managerRooms{m} }

type managerRooms struct{ m *sfu.Manager }

func (r managerRooms) Join(ctx context.Context, req sfu.JoinRequest, sink sfu.Sink) (Session, error) {
	p, err := r.m.Join(ctx, req, sink)
	if err != nil {
		return nil, err
	}
	return p, nil
}
