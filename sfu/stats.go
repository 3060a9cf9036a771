package sfu

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
