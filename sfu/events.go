package sfu

import (
	"github.com/livekit/protocol/livekit"
	"google.golang.org/protobuf/proto"
)

// roomSnapshot is the room's protobuf; the caller must not hold r.mu.
func (r *Room) roomSnapshot() *livekit.Room {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.protoLocked()
}

// emitRoom reports room_started or room_finished.
func (r *Room) emitRoom(name string) {
	if r.cfg.OnEvent == nil {
		return
	}
	r.cfg.emit(Event{Name: name, Room: r.roomSnapshot()})
}

// emitJoined reports participant_joined.
func (r *Room) emitJoined(p *Participant) {
	if r.cfg.OnEvent == nil {
		return
	}
	r.cfg.emit(Event{Name: EventParticipantJoined, Room: r.roomSnapshot(), Participant: p.info()})
}

// emitTrack reports track_published or track_unpublished of one of p's
// tracks.
func (r *Room) emitTrack(name string, p *Participant, track *livekit.TrackInfo) {
	if r.cfg.OnEvent == nil {
		return
	}
	info := p.info()
	p.mu.Lock()
	t := proto.Clone(track).(*livekit.TrackInfo)
	p.mu.Unlock()
	r.cfg.emit(Event{Name: name, Room: r.roomSnapshot(), Participant: info, Track: t})
}

// emitLeft reports track_unpublished for each track of p that carried
// media, then participant_left with the final snapshot.
func (r *Room) emitLeft(p *Participant, reason livekit.DisconnectReason) {
	if r.cfg.OnEvent == nil {
		return
	}
	room := r.roomSnapshot()
	p.mu.Lock()
	info := p.infoLocked()
	var tracks []*livekit.TrackInfo
	for _, t := range p.published {
		if announced(t) {
			tracks = append(tracks, proto.Clone(t.info).(*livekit.TrackInfo))
		}
	}
	p.mu.Unlock()
	info.State = livekit.ParticipantInfo_DISCONNECTED
	info.DisconnectReason = reason
	for _, t := range tracks {
		r.cfg.emit(Event{Name: EventTrackUnpublished, Room: room, Participant: info, Track: t})
	}
	r.cfg.emit(Event{Name: EventParticipantLeft, Room: room, Participant: info})
}

// emitUnpublished reports track_unpublished for a track the client stopped
// sending, if it was ever reported as published.
func (r *Room) emitUnpublished(p *Participant, t *localTrack) {
	p.mu.Lock()
	ok := announced(t)
	p.mu.Unlock()
	if ok {
		r.emitTrack(EventTrackUnpublished, p, t.info)
	}
}

// announced reports whether track_published was emitted for t: that
// happens when its first media arrives, which is also when its mid is
// learnt. (Whether media still flows says nothing: readers end, and clear
// their layers, when the peer connection closes.) Caller holds p.mu.
func announced(t *localTrack) bool { return t.info.Mid != "" }
