package sfu

import (
	"errors"
	"log/slog"
	"maps"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/livekit/protocol/auth"
	"github.com/livekit/protocol/livekit"
	"github.com/pion/webrtc/v4"
	"google.golang.org/protobuf/proto"

	"souk/sfu/downlink"
	"souk/sfu/forward"
)

// Sink carries signal responses to one client connection. Send must not
// block (it is called with locks held) and must be safe for concurrent use;
// an implementation that cannot keep up closes its connection instead.
type Sink interface {
	Send(*livekit.SignalResponse) error
	// Close ends the connection with a human-readable reason.
	Close(reason string)
}

// JoinRequest is an authenticated join or resume, as decoded by signalling.
type JoinRequest struct {
	Room       string
	Identity   string
	Name       string
	Metadata   string
	Attributes map[string]string
	Kind       livekit.ParticipantInfo_Kind
	Grant      *auth.VideoGrant
	ClientInfo *livekit.ClientInfo

	AutoSubscribe bool
	// SinglePC selects the v1 single peer connection mode; false is the
	// legacy publisher+subscriber pair.
	SinglePC bool
	// PublisherOffer is the offer carried inside a v1 join, if any.
	PublisherOffer *livekit.SessionDescription

	Reconnect      bool
	ParticipantSID string

	// PingInterval and PingTimeout (seconds) are echoed to the client.
	PingInterval, PingTimeout int32

	// ICEServers, when not nil, are sent to this client in place of what
	// Config.ICEServers lists (the signalling layer knows what the token
	// allows, such as TURN credentials that end with it).
	ICEServers []*livekit.ICEServer
}

var (
	// ErrRoomFull is returned when max participants is reached.
	ErrRoomFull = errors.New("room is full")
	// ErrResumeFailed is returned when a resume names no live session; the
	// client has been told to rejoin.
	ErrResumeFailed = errors.New("no session to resume")
)

// Participant is one client session in a room.
type Participant struct {
	sid, identity string
	room          *Room
	cfg           Config
	log           *slog.Logger
	singlePC      bool
	autoSubscribe bool
	kind          livekit.ParticipantInfo_Kind
	grant         *auth.VideoGrant
	clientInfo    *livekit.ClientInfo
	joinedAt      time.Time

	pub *transport // v1: the only peer connection; v0: publisher
	sub *transport // v0 only: subscriber
	// down estimates what this participant can receive and shares it
	// across its subscriptions (sfu/downlink; the room's ticker calls
	// allocateDownlink).
	down *downlink.Controller
	// qualityStale asks the next connection quality round to send even
	// if no rating changed: this session's signal connection is new.
	qualityStale atomic.Bool
	// nextReport is when its RTCP sender reports are due; only the
	// room's ticker touches it.
	nextReport time.Time

	mu         sync.Mutex
	sink       Sink
	name       string
	metadata   string
	attributes map[string]string
	version    uint32
	state      livekit.ParticipantInfo_State
	closed     bool
	published  map[string]*localTrack // by track sid
	subs       map[string]*subscription
	dataOut    map[livekit.DataPacket_Kind]*webrtc.DataChannel
	dropTimer  *time.Timer
	// dataWait holds reliable packets for the server-created channel
	// until it opens (see data.go).
	dataWait dataQueue
}

// localTrack is a track this participant publishes.
type localTrack struct {
	info *livekit.TrackInfo
	cid  string
	seen bool // appeared in an offer; absence later means unpublished
	pub  *publishedTrack
}

// subscription is this participant receiving another's track.
type subscription struct {
	pub      *publishedTrack
	dt       *forward.DownTrack
	sender   *webrtc.RTPSender
	priority int // UpdateTrackSettings.priority; guarded by the participant's lock
}

// currentGrant is the participant's grant. UpdateParticipant may replace
// it, so code outside p.mu reads it through here.
func (p *Participant) currentGrant() *auth.VideoGrant {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.grant
}

func (p *Participant) SID() string      { return p.sid }
func (p *Participant) Identity() string { return p.identity }

func (p *Participant) hidden() bool { return p.currentGrant().Hidden }

// subscribedPublishers lists the sids of the participants whose tracks p
// subscribes to, each once.
func (p *Participant) subscribedPublishers() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []string
	for _, s := range p.subs {
		if !slices.Contains(out, s.pub.ownerSID) {
			out = append(out, s.pub.ownerSID)
		}
	}
	return out
}

// send delivers to the current signal connection; messages for a session
// whose connection dropped are discarded (a resume resends the full state).
func (p *Participant) send(msg *livekit.SignalResponse) {
	p.mu.Lock()
	s := p.sink
	p.mu.Unlock()
	if s == nil {
		return
	}
	if err := s.Send(msg); err != nil {
		p.log.Debug("signal send failed", "err", err)
	}
}

// infoLocked builds a full snapshot; callers bump version first when
// something changed.
func (p *Participant) infoLocked() *livekit.ParticipantInfo {
	info := &livekit.ParticipantInfo{
		Sid:          p.sid,
		Identity:     p.identity,
		Name:         p.name,
		State:        p.state,
		Metadata:     p.metadata,
		Attributes:   maps.Clone(p.attributes),
		JoinedAt:     p.joinedAt.Unix(),
		JoinedAtMs:   p.joinedAt.UnixMilli(),
		Version:      p.version,
		Permission:   p.grant.ToPermission(),
		Kind:         p.kind,
		Capabilities: p.clientInfo.GetCapabilities(),
	}
	if p.cfg.AdvertiseClientProtocol {
		info.ClientProtocol = p.clientInfo.GetClientProtocol()
	}
	for _, t := range p.published {
		info.Tracks = append(info.Tracks, proto.Clone(t.info).(*livekit.TrackInfo))
	}
	info.IsPublisher = len(info.Tracks) > 0
	return info
}

func (p *Participant) info() *livekit.ParticipantInfo {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.infoLocked()
}

// changed bumps the version and broadcasts the new snapshot.
func (p *Participant) changed() {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return
	}
	p.version++
	info := p.infoLocked()
	p.mu.Unlock()
	p.room.broadcast(info)
}

// sendLeave tells the client why the session ends (or that it should
// rejoin) and closes its connection.
func (p *Participant) sendLeave(reason livekit.DisconnectReason, action livekit.LeaveRequest_Action) {
	p.mu.Lock()
	s := p.sink
	p.mu.Unlock()
	if s == nil {
		return
	}
	_ = s.Send(&livekit.SignalResponse{Message: &livekit.SignalResponse_Leave{Leave: &livekit.LeaveRequest{Reason: reason, Action: action, CanReconnect: action != livekit.LeaveRequest_DISCONNECT}}})
	s.Close(reason.String())
}

// SignalClosed reports that sink's connection ended without a leave. The
// session stays for the reconnect window so the client can resume.
func (p *Participant) SignalClosed(s Sink) {
	p.mu.Lock()
	if p.sink != s || p.closed {
		p.mu.Unlock()
		return
	}
	p.sink = nil
	if p.dropTimer != nil {
		p.dropTimer.Stop()
	}
	p.dropTimer = time.AfterFunc(p.cfg.ReconnectWindow, func() {
		p.mu.Lock()
		gone := p.sink == nil && !p.closed
		p.mu.Unlock()
		if gone {
			p.log.Info("signal not resumed, removing participant")
			p.room.remove(p, livekit.DisconnectReason_SIGNAL_CLOSE)
		}
	})
	p.mu.Unlock()
	p.log.Info("signal connection lost, waiting for resume", "window", p.cfg.ReconnectWindow)
}

// attach makes sink the session's signal connection (a resume) and
// returns the previous one.
func (p *Participant) attach(sink Sink) Sink {
	p.mu.Lock()
	defer p.mu.Unlock()
	old := p.sink
	p.sink = sink
	p.qualityStale.Store(true) // the resumed client hears the qualities again
	if p.dropTimer != nil {
		p.dropTimer.Stop()
		p.dropTimer = nil
	}
	return old
}

// close tears the session down; the room has already removed it.
func (p *Participant) close() {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return
	}
	p.closed = true
	if p.dropTimer != nil {
		p.dropTimer.Stop()
	}
	pubs := make([]*localTrack, 0, len(p.published))
	for _, t := range p.published {
		pubs = append(pubs, t)
	}
	subs := make([]*subscription, 0, len(p.subs))
	for _, s := range p.subs {
		subs = append(subs, s)
	}
	p.subs = map[string]*subscription{}
	p.mu.Unlock()
	for _, s := range subs {
		s.pub.recv.RemoveDown(s.dt)
		s.dt.Close()
	}
	for _, t := range pubs {
		if t.pub != nil {
			t.pub.recv.Close()
		}
	}
	p.pub.close()
	if p.sub != nil {
		p.sub.close()
	}
}

// Remove ends the session now and tells the room why.
func (p *Participant) Remove(reason livekit.DisconnectReason) {
	p.room.remove(p, reason)
}

// mediaAlive reports whether the peer connections can still carry media.
func (p *Participant) mediaAlive() bool {
	for _, t := range []*transport{p.pub, p.sub} {
		if t == nil {
			continue
		}
		switch t.pc.ConnectionState() {
		case webrtc.PeerConnectionStateClosed, webrtc.PeerConnectionStateFailed:
			return false
		}
	}
	return true
}

// onConnectionState removes a session whose media died while its signal
// connection is gone: no client is left to recover it. With the signal up,
// the client notices on its own and reconnects.
func (p *Participant) onConnectionState(s webrtc.PeerConnectionState) {
	p.log.Debug("peer connection state", "state", s.String())
	if s != webrtc.PeerConnectionStateClosed && s != webrtc.PeerConnectionStateFailed {
		return
	}
	p.mu.Lock()
	orphan := p.sink == nil && !p.closed
	p.mu.Unlock()
	if orphan {
		p.log.Info("media ended while signal is down, removing participant")
		go p.room.remove(p, livekit.DisconnectReason_MEDIA_FAILURE)
	}
}
