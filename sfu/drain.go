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
			for _, p := range r.list() {
				moved++
				p.sendLeave(livekit.DisconnectReason_MIGRATION, livekit.LeaveRequest_RECONNECT)
				r.remove(p, livekit.DisconnectReason_MIGRATION)
			}
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
