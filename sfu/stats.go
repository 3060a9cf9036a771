package sfu

import "sync/atomic"

// Stats is a point-in-time view of the whole manager for operators
// (metrics). Counters only grow for the lifetime of the Manager.
type Stats struct {
	Rooms, Participants, PublishedTracks, SubscribedTracks                                                                               int
	PacketsForwarded, BytesForwarded, NACKsReceived, PLIsSent, PacketsRetransmitted, PacketsDropped, LayerSwitches, Pauses, PaddingBytes uint64
}

// forwardCounters are the manager-wide totals down tracks add to.
type forwardCounters struct {
	packets, bytes atomic.Uint64
}

// forwarded counts one packet of n bytes (RTP header and payload) handed to
// a subscriber's transport. Safe on a nil receiver.
func (c *forwardCounters) forwarded(n int) {
	if c == nil {
		return
	}
	c.packets.Add(1)
	c.bytes.Add(uint64(n))
}

// Stats counts rooms, participants and tracks from the current state and
// reads the forwarding totals.
func (m *Manager) Stats() Stats {
	m.mu.Lock()
	rooms := make([]*Room, 0, len(m.rooms))
	for _, r := range m.rooms {
		rooms = append(rooms, r)
	}
	m.mu.Unlock()
	st := Stats{Rooms: len(rooms)}
	for _, r := range rooms {
		for _, p := range r.list() {
			st.Participants++
			p.mu.Lock()
			st.PublishedTracks += len(p.published)
			st.SubscribedTracks += len(p.subs)
			p.mu.Unlock()
		}
	}
	if c := m.cfg.counters; c != nil {
		st.PacketsForwarded = c.packets.Load()
		st.BytesForwarded = c.bytes.Load()
	}
	return st
}
