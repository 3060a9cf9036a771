package sfu

import (
	"cmp"
	"slices"
	"strings"

	"souk/sfu/forward"
)

// Stats is a snapshot of the server's media work: gauges of what exists now
// and counters since start.
type Stats struct {
	Rooms, Participants, PublishedTracks, SubscribedTracks int
	PacketsForwarded, BytesForwarded, NACKsReceived, PLIsSent, PacketsRetransmitted,
	PacketsDropped, LayerSwitches, Pauses, PaddingBytes uint64
}

// Stats counts rooms, participants and tracks and reads the forwarding
// counters. It takes each room's and participant's lock briefly and never
// touches the packet path.
func (m *Manager) Stats() Stats {
	rooms := m.roomList()
	st := Stats{Rooms: len(rooms)}
	for _, r := range rooms {
		for _, p := range r.list() {
			st.Participants++
			pub, sub := p.trackCounts()
			st.PublishedTracks += pub
			st.SubscribedTracks += sub
		}
	}
	c := &m.counters
	st.PacketsForwarded, st.BytesForwarded = c.PacketsForwarded.Load(), c.BytesForwarded.Load()
	st.NACKsReceived, st.PLIsSent = c.NACKsReceived.Load(), c.PLIsSent.Load()
	st.PacketsRetransmitted, st.PacketsDropped = c.PacketsRetransmitted.Load(), c.PacketsDropped.Load()
	st.LayerSwitches, st.Pauses, st.PaddingBytes = c.LayerSwitches.Load(), c.Pauses.Load(), c.PaddingBytes.Load()
	return st
}

// trackCounts is how many tracks the participant publishes (with media)
// and receives.
func (p *Participant) trackCounts() (published, subscribed int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, t := range p.published {
		if t.pub.recv.HasMedia() {
			published++
		}
	}
	return published, len(p.subs)
}

// TrackStats is one subscription's forwarding figures, for a metrics
// endpoint: which room, who receives which track, and its counters.
type TrackStats struct {
	Room, Subscriber, TrackSID, Publisher string
	forward.TrackStats
}

// TrackStats lists every subscription's counters, sorted by room,
// subscriber and track.
func (m *Manager) TrackStats() []TrackStats {
	rooms := m.roomList()
	var out []TrackStats
	for _, r := range rooms {
		for _, p := range r.list() {
			for _, s := range p.subscriptions() {
				out = append(out, TrackStats{Room: r.name, Subscriber: p.identity, TrackSID: s.pub.sid, Publisher: s.pub.ownerSID, TrackStats: s.dt.Stats()})
			}
		}
	}
	slices.SortFunc(out, func(a, b TrackStats) int {
		return cmp.Or(strings.Compare(a.Room, b.Room), strings.Compare(a.Subscriber, b.Subscriber), strings.Compare(a.TrackSID, b.TrackSID))
	})
	return out
}

// subscriptions lists what the participant receives.
func (p *Participant) subscriptions() []*subscription {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make([]*subscription, 0, len(p.subs))
	for _, s := range p.subs {
		out = append(out, s)
	}
	return out
}

// roomList snapshots the rooms so callers can walk them without the
// manager's lock.
func (m *Manager) roomList() []*Room {
	m.mu.Lock()
	defer m.mu.Unlock()
	rooms := make([]*Room, 0, len(m.rooms))
	for _, r := range m.rooms {
		rooms = append(rooms, r)
	}
	return rooms
}
