package sfu

import (
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/livekit/protocol/livekit"
	"google.golang.org/protobuf/proto"
)

// Room holds the participants of one named room and routes what crosses
// between them: participant updates, subscriptions and data packets.
type Room struct {
	name, sid string
	cfg       Config
	log       *slog.Logger
	created   time.Time
	onEmpty   func(*Room)

	mu           sync.Mutex
	participants map[string]*Participant // by identity
	emptyTimer   *time.Timer
	closed       bool
	metadata     string // set by operators (UpdateRoomMetadata)
}

func newRoom(name string, cfg Config, log *slog.Logger, onEmpty func(*Room)) *Room {
	sid := newID("RM_")
	return &Room{name: name, sid: sid, cfg: cfg, log: log.With("room", name, "room_sid", sid), created: time.Now(),
		onEmpty: onEmpty, participants: map[string]*Participant{}}
}

func (r *Room) protoLocked() *livekit.Room {
	n := uint32(0)
	for _, p := range r.participants {
		if !p.hidden() {
			n++
		}
	}
	return &livekit.Room{
		Sid: r.sid, Name: r.name, EmptyTimeout: uint32(r.cfg.EmptyTimeout / time.Second),
		MaxParticipants: uint32(r.cfg.MaxParticipants), CreationTime: r.created.Unix(),
		CreationTimeMs: r.created.UnixMilli(), NumParticipants: n, Metadata: r.metadata,
	}
}

func (r *Room) list() []*Participant {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]*Participant, 0, len(r.participants))
	for _, p := range r.participants {
		out = append(out, p)
	}
	slices.SortFunc(out, func(a, b *Participant) int { return strings.Compare(a.identity, b.identity) })
	return out
}

// broadcast sends a participant's snapshot to everyone in the room (the
// participant itself included: it learns its own permissions and mute state
// that way). Hidden participants are only told about themselves.
func (r *Room) broadcast(info *livekit.ParticipantInfo) {
	hidden := info.GetPermission().GetHidden()
	for _, p := range r.list() {
		if hidden && p.identity != info.Identity {
			continue
		}
		p.send(&livekit.SignalResponse{Message: &livekit.SignalResponse_Update{Update: &livekit.ParticipantUpdate{Participants: []*livekit.ParticipantInfo{proto.Clone(info).(*livekit.ParticipantInfo)}}}})
	}
}

// remove takes a participant out, closes its session and tells the others.
func (r *Room) remove(p *Participant, reason livekit.DisconnectReason) {
	r.mu.Lock()
	if r.participants[p.identity] != p {
		r.mu.Unlock()
		p.close()
		return
	}
	delete(r.participants, p.identity)
	empty := len(r.participants) == 0
	if empty && !r.closed {
		if r.emptyTimer != nil {
			r.emptyTimer.Stop()
		}
		r.emptyTimer = time.AfterFunc(r.cfg.EmptyTimeout, func() { r.closeIfEmpty() })
	}
	r.mu.Unlock()

	p.mu.Lock()
	p.version++
	info := p.infoLocked()
	p.mu.Unlock()
	info.State = livekit.ParticipantInfo_DISCONNECTED
	info.DisconnectReason = reason
	info.Tracks = nil
	pubs := p.publishedAll()
	p.close()
	r.log.Info("participant left", "identity", p.identity, "sid", p.sid, "reason", reason)
	r.emitLeft(p, reason)
	for _, pub := range pubs {
		r.trackGone(pub)
	}
	r.broadcast(info)
}

func (r *Room) closeIfEmpty() {
	r.mu.Lock()
	if len(r.participants) > 0 || r.closed {
		r.mu.Unlock()
		return
	}
	r.closed = true
	r.mu.Unlock()
	r.log.Info("room closed after empty timeout")
	r.onEmpty(r)
}

// trackReady subscribes everyone who auto-subscribes to a track that just
// started carrying media.
func (r *Room) trackReady(owner *Participant, pub *publishedTrack) {
	if owner.hidden() {
		// Others do not know a hidden participant, so its tracks would be
		// dropped by their clients anyway.
		return
	}
	for _, p := range r.list() {
		if p != owner && p.autoSubscribe {
			p.subscribe(pub)
		}
	}
	owner.send(&livekit.SignalResponse{Message: &livekit.SignalResponse_TrackSubscribed{TrackSubscribed: &livekit.TrackSubscribed{TrackSid: pub.sid}}})
}

// trackGone drops every subscription to an ended publication.
func (r *Room) trackGone(pub *publishedTrack) {
	for _, d := range pub.downTracks() {
		r.mu.Lock()
		p := r.participants[d.subscriber]
		r.mu.Unlock()
		if p != nil {
			p.unsubscribe(pub.sid)
		} else {
			pub.removeDown(d)
			d.close()
		}
	}
}

func (r *Room) findTrack(sid string, except *Participant) *publishedTrack {
	for _, p := range r.list() {
		if p == except {
			continue
		}
		if pub := p.findPublished(sid); pub != nil {
			return pub
		}
	}
	return nil
}

// closeAll ends every session with reason; used on shutdown.
func (r *Room) closeAll(reason livekit.DisconnectReason) {
	r.mu.Lock()
	r.closed = true
	if r.emptyTimer != nil {
		r.emptyTimer.Stop()
	}
	ps := make([]*Participant, 0, len(r.participants))
	for _, p := range r.participants {
		ps = append(ps, p)
	}
	r.participants = map[string]*Participant{}
	r.mu.Unlock()
	for _, p := range ps {
		p.sendLeave(reason, livekit.LeaveRequest_DISCONNECT)
		p.close()
	}
}
