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
	// RTXSent counts NACK answers sent on subscribers' RTX SSRCs,
	// RTXReceived retransmissions publishers sent over RTX.
	RTXSent, RTXReceived uint64
	// EstimatedBitrate is the sum of what the downlink allocator gives
	// the subscriptions that are not paused (bit/s); PausedTracks counts
	// the paused ones (by the subscriber or for bandwidth).
	EstimatedBitrate uint64
	PausedTracks     int
	// Probes and ProbesSucceeded count bandwidth probes toward
	// subscribers since start.
	Probes, ProbesSucceeded uint64
	// UDPDatagrams counts datagrams sent on the shared UDP port and
	// UDPWrites the kernel writes (sendmmsg entries) that carried them:
	// with segmentation one write carries several datagrams to one peer.
	UDPDatagrams, UDPWrites uint64
	// UDPDirect counts RTP packets that reached the shared UDP port
	// without passing through pion (sfu/direct).
	UDPDirect uint64
	// UDPDirectIn counts publishers' RTP packets read off the shared UDP
	// port without passing through pion (sfu/direct).
	UDPDirectIn uint64
	// UDPDirectRTCP counts subscribers' RTCP packets read off the shared
	// UDP port without passing through pion (sfu/direct).
	UDPDirectRTCP uint64
	// UDPDirectSTUN counts peers' consent checks answered on the shared
	// UDP port without passing through pion (sfu/direct).
	UDPDirectSTUN uint64
	// Downlinks is each subscriber's bandwidth estimate and probing.
	Downlinks []DownlinkStats
}

// DownlinkStats is one participant's downlink as the SFU sees it.
type DownlinkStats struct {
	Room, Participant string
	// TransportCC is true once the participant's client sent
	// transport-wide feedback; the estimate is then the send-side one,
	// else the loss-only one from receiver reports.
	TransportCC bool
	// EstimatedBitrate is the send-side estimate (bit/s; meaningful when
	// TransportCC) and AckedBitrate what the client reported receiving over
	// the last second.
	EstimatedBitrate, AckedBitrate uint64
	// Delay is the latest delay signal: normal, overusing or underusing.
	Delay string
	// Probes started, and those whose result allowed the upgrade sought.
	Probes, ProbesSucceeded uint64
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
			st.Downlinks = append(st.Downlinks, p.downlinkStats(r.name))
		}
	}
	slices.SortFunc(st.Downlinks, func(a, b DownlinkStats) int {
		return cmp.Or(strings.Compare(a.Room, b.Room), strings.Compare(a.Participant, b.Participant))
	})
	// Down tracks count on their own; this adds them up (and keeps the
	// counts of closed ones), so the totals never go backwards.
	t := m.counters.Read()
	st.PacketsForwarded, st.BytesForwarded = t.PacketsForwarded, t.BytesForwarded
	st.NACKsReceived, st.PLIsSent = t.NACKsReceived, t.PLIsSent
	st.PacketsRetransmitted, st.PacketsDropped = t.PacketsRetransmitted, t.PacketsDropped
	st.LayerSwitches, st.Pauses, st.PaddingBytes = t.LayerSwitches, t.Pauses, t.PaddingBytes
	st.RTXSent, st.RTXReceived = t.RTXSent, t.RTXReceived
	st.EstimatedBitrate, st.PausedTracks = t.EstimatedBitrate, t.PausedTracks
	st.Probes, st.ProbesSucceeded = t.Probes, t.ProbesSucceeded
	u := m.closer.udpStats()
	st.UDPDatagrams, st.UDPWrites, st.UDPDirect, st.UDPDirectIn, st.UDPDirectRTCP, st.UDPDirectSTUN = u.Datagrams, u.Messages, u.Direct, u.DirectIn, u.DirectRTCP, u.DirectSTUN
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
