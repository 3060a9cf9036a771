package sfu

import (
	"context"
	"maps"
	"slices"
	"time"

	"github.com/livekit/protocol/livekit"
)

// Drain moves every participant off this server: each gets
// leave{reason: MIGRATION, action: RECONNECT}, which livekit-client (and
// signal/client) answer with a full rejoin through the same URL, and is
// removed here at once so its room empties. Participants who join while
// the drain runs (a join routed here just before the node stopped taking
// rooms) get the same. Drain returns when no participant is left, or
// with ctx's error. Rooms keep their empty timeout; Close ends them.
func (m *Manager) Drain(ctx context.Context) error {
	t := time.NewTicker(100 * time.Millisecond)
	defer t.Stop()
	for {
		m.mu.Lock()
		rooms := slices.Collect(maps.Values(m.rooms))
		m.mu.Unlock()
		moved := 0
		for _, r := range rooms {
			moved += r.moveOut()
		}
		if moved == 0 {
			return nil
		}
		m.log.Info("drain: participants told to reconnect elsewhere", "count", moved)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
}

// MoveRoom sends every participant of one room away as Drain does (they
// rejoin through the same URL and land where the room is recorded now),
// and reports how many it moved. The cluster calls it when another node
// turns out to host the recorded copy of a room this node also holds.
func (m *Manager) MoveRoom(name string) int {
	r, err := m.room(name)
	if err != nil {
		return 0
	}
	return r.moveOut()
}

// moveOut tells each participant to reconnect elsewhere and removes it.
func (r *Room) moveOut() int {
	moved := 0
	for _, p := range r.list() {
		moved++
		p.sendLeave(livekit.DisconnectReason_MIGRATION, livekit.LeaveRequest_RECONNECT)
		r.remove(p, livekit.DisconnectReason_MIGRATION)
	}
	return moved
}
