package sfu

import (
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/livekit/protocol/livekit"
	"google.golang.org/protobuf/proto"

	"souk/sfu/audio"
	"souk/sfu/downlink"
	"souk/sfu/forward"
)

// Room holds the participants of one named room and routes what crosses
// between them: participant updates, subscriptions and data packets.
type Room struct {
	name, sid string
	cfg       Config
	log       *slog.Logger
	created   time.Time
	onEmpty   func(*Room)
	counters  *forward.Counters // the server's, shared by every room
	speakers  *audio.Detector
	// lastQuality is each participant's rating at the latest connection
	// quality round, by sid; the ticker's alone (sendConnectionQuality).
	lastQuality map[string]livekit.ConnectionQuality
	done        chan struct{}   // closed when the room closes; ends its ticker
	probes      *downlink.Pacer // sends the padding of its subscribers' bandwidth probes

	mu           sync.Mutex
	participants map[string]*Participant // by identity
	emptyTimer   *time.Timer
	closed       bool
	metadata     string // set by operators (UpdateRoomMetadata)
}

func newRoom(name string, cfg Config, log *slog.Logger, counters *forward.Counters, onEmpty func(*Room)) *Room {
	sid := newID("RM_")
	r := &Room{name: name, sid: sid, cfg: cfg, log: log.With("room", name, "room_sid", sid), created: time.Now(),
		onEmpty: onEmpty, counters: counters, speakers: audio.NewDetector(audio.DefaultConfig()),
		done: make(chan struct{}), participants: map[string]*Participant{}}
	r.probes = downlink.NewPacer(cfg.afterFanout)
	go r.tick()
	return r
}

// Name is the room's name.
func (r *Room) Name() string { return r.name }

// SID is the room's server-assigned id.
func (r *Room) SID() string { return r.sid }

// Participants lists the room's participants sorted by identity.
func (r *Room) Participants() []*Participant { return r.list() }

// Participant finds one by identity, nil when absent.
func (r *Room) Participant(identity string) *Participant {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.participants[identity]
}

// Proto is the room as the protocol describes it.
func (r *Room) Proto() *livekit.Room {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.protoLocked()
}

// admit checks that identity may join: it returns the session it replaces
// (same identity) or ErrRoomFull.
func (r *Room) admit(identity string, maxParticipants int) (*Participant, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	old := r.participants[identity]
	if old == nil && len(r.participants) >= maxParticipants {
		return nil, fmt.Errorf("join %q: %w (max %d)", r.name, ErrRoomFull, maxParticipants)
	}
	return old, nil
}

// errRoomClosed means the room closed (empty timeout) while joining.
var errRoomClosed = errors.New("room closed")

// add registers p and, under the room lock so that nobody else can reach
// p before, calls greet with the room and the other visible participants;
// greet queues the join response and must not block.
func (r *Room) add(p *Participant, greet func(room *livekit.Room, others []*livekit.ParticipantInfo) error) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return errRoomClosed
	}
	if r.emptyTimer != nil {
		r.emptyTimer.Stop()
		r.emptyTimer = nil
	}
	r.participants[p.identity] = p
	var others []*livekit.ParticipantInfo
	for _, o := range r.participants {
		if o != p && !o.hidden() {
			others = append(others, o.info())
		}
	}
	return greet(r.protoLocked(), others)
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
	r.speakers.Remove(p.sid)
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
	close(r.done)
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
	for _, d := range pub.recv.DownTracks() {
		r.mu.Lock()
		p := r.participants[d.Subscriber()]
		r.mu.Unlock()
		if p != nil {
			p.unsubscribe(pub.sid)
		} else {
			pub.recv.RemoveDown(d)
			d.Close()
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
	if !r.closed {
		close(r.done)
	}
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
		r.emitLeft(p, reason)
	}
}
