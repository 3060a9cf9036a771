package sfu

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"sync"
	"time"

	"github.com/livekit/protocol/livekit"
	"github.com/pion/webrtc/v4"

	"souk/sfu/downlink"
	"souk/sfu/forward"
)

// Manager owns the rooms of this server.
type Manager struct {
	cfg Config
	api *webrtc.API
	// sendAPI builds connections that only send media (no interceptors).
	sendAPI *webrtc.API
	closer  *mediaSockets
	log     *slog.Logger

	// counters add up what every room's forwarding did.
	counters forward.Counters

	mu     sync.Mutex
	rooms  map[string]*Room
	closed bool
}

// NewManager builds the shared WebRTC stack. Close releases it.
func NewManager(ctx context.Context, cfg Config, log *slog.Logger) (*Manager, error) {
	cfg = cfg.withDefaults()
	api, closer, err := newAPI(cfg.WebRTC)
	if err != nil {
		return nil, fmt.Errorf("sfu: %w", err)
	}
	cfg.afterFanout = closer.AfterFanout
	return &Manager{cfg: cfg, api: api, sendAPI: closer.sendOnly, closer: closer, log: log.With("component", "sfu"), rooms: map[string]*Room{}}, nil
}

// Close ends every session with SERVER_SHUTDOWN.
func (m *Manager) Close(ctx context.Context) error {
	m.mu.Lock()
	m.closed = true
	rooms := m.rooms
	m.rooms = map[string]*Room{}
	m.mu.Unlock()
	for _, r := range rooms {
		r.closeAll(livekit.DisconnectReason_SERVER_SHUTDOWN)
		r.emitRoom(EventRoomFinished)
	}
	return m.closer.Close()
}

// RoomParticipants lists identities in a room (for tests and operators).
func (m *Manager) RoomParticipants(room string) []string {
	m.mu.Lock()
	r := m.rooms[room]
	m.mu.Unlock()
	if r == nil {
		return nil
	}
	var ids []string
	for _, p := range r.list() {
		ids = append(ids, p.identity)
	}
	return ids
}

// Join admits a participant (or resumes one) and sends its first signal
// response (JoinResponse or ReconnectResponse) through sink before
// returning. On ErrResumeFailed the client was already told to rejoin.
func (m *Manager) Join(ctx context.Context, req JoinRequest, sink Sink) (*Participant, error) {
	if req.Grant == nil {
		return nil, fmt.Errorf("join %q: missing grant", req.Identity)
	}
	m.mu.Lock()
	if m.closed {
		m.mu.Unlock()
		return nil, fmt.Errorf("join: %w", errClosed)
	}
	r := m.rooms[req.Room]
	if req.Reconnect {
		m.mu.Unlock()
		return m.resume(r, req, sink)
	}
	if r == nil {
		r = newRoom(req.Room, m.cfg, m.log, &m.counters, m.dropRoom)
		m.rooms[req.Room] = r
		r.emitRoom(EventRoomStarted)
	}
	m.mu.Unlock()

	old, err := r.admit(req.Identity, r.cfg.MaxParticipants)
	if err != nil {
		return nil, err
	}
	if old != nil {
		// The newer session wins: the old client may be gone without a
		// leave, or the user opened a second tab.
		old.sendLeave(livekit.DisconnectReason_DUPLICATE_IDENTITY, livekit.LeaveRequest_DISCONNECT)
		r.remove(old, livekit.DisconnectReason_DUPLICATE_IDENTITY)
	}

	p, err := m.newParticipant(r, req, sink)
	if err != nil {
		return nil, err
	}
	err = r.add(p, func(room *livekit.Room, others []*livekit.ParticipantInfo) error {
		resp := &livekit.JoinResponse{
			Room:              room,
			Participant:       p.info(),
			OtherParticipants: others,
			ServerVersion:     m.cfg.ServerVersion,
			ServerInfo:        &livekit.ServerInfo{Edition: livekit.ServerInfo_Standard, Version: m.cfg.ServerVersion, Protocol: 16},
			SubscriberPrimary: !req.SinglePC && req.Grant.GetCanSubscribe(),
			// With the subscriber connection primary, livekit-client sets up
			// its publisher connection (which carries everything the client
			// sends on data channels) only when it first publishes or sends,
			// and that first message then waits for a whole negotiation.
			// FastPublish makes it negotiate that connection right after the
			// join, alongside the subscriber's.
			FastPublish:  !req.SinglePC && (req.Grant.GetCanPublish() || req.Grant.GetCanPublishData()),
			PingInterval: req.PingInterval,
			PingTimeout:  req.PingTimeout,
			// The codec settings live in one place (sfu/codec.go).
			EnabledPublishCodecs: m.cfg.WebRTC.Codecs.PublishCodecs(),
		}
		resp.IceServers = m.iceServers(req)
		return sink.Send(&livekit.SignalResponse{Message: &livekit.SignalResponse_Join{Join: resp}})
	})
	if errors.Is(err, errRoomClosed) {
		// The empty timeout fired between lookup and now: start over, which
		// creates a fresh room.
		p.close()
		m.dropRoom(r)
		return m.Join(ctx, req, sink)
	}
	if err != nil {
		r.remove(p, livekit.DisconnectReason_SIGNAL_CLOSE)
		return nil, fmt.Errorf("send join response: %w", err)
	}
	p.log.Info("participant joined", "single_pc", req.SinglePC, "client", req.ClientInfo.GetSdk().String()+" "+req.ClientInfo.GetVersion())
	p.changed()
	r.greetSpeakers(p)
	r.emitJoined(p)

	if req.SinglePC && req.PublisherOffer != nil {
		if err := p.handleOffer(req.PublisherOffer); err != nil {
			r.remove(p, livekit.DisconnectReason_JOIN_FAILURE)
			return nil, fmt.Errorf("join offer: %w", err)
		}
	}
	if !req.SinglePC {
		if err := p.sub.negotiate(false); err != nil {
			r.remove(p, livekit.DisconnectReason_JOIN_FAILURE)
			return nil, fmt.Errorf("subscriber offer: %w", err)
		}
	}
	if p.autoSubscribe {
		for _, o := range r.list() {
			if o == p || o.hidden() {
				continue
			}
			for _, pub := range o.publishedReady() {
				p.subscribe(pub)
			}
		}
	}
	return p, nil
}

func (m *Manager) dropRoom(r *Room) {
	m.mu.Lock()
	if m.rooms[r.name] == r {
		delete(m.rooms, r.name)
		r.emitRoom(EventRoomFinished)
	}
	m.mu.Unlock()
}

func (m *Manager) newParticipant(r *Room, req JoinRequest, sink Sink) (*Participant, error) {
	p := &Participant{
		sid: newID("PA_"), identity: req.Identity, room: r, cfg: m.cfg,
		singlePC: req.SinglePC, autoSubscribe: req.AutoSubscribe, kind: req.Kind,
		grant: req.Grant, clientInfo: req.ClientInfo, joinedAt: time.Now(),
		sink: sink, name: req.Name, metadata: req.Metadata, attributes: maps.Clone(req.Attributes),
		state: livekit.ParticipantInfo_ACTIVE, published: map[string]*localTrack{},
		subs: map[string]*subscription{}, dataOut: map[livekit.DataPacket_Kind]*webrtc.DataChannel{},
		down: downlink.New(downlink.Config{Pacer: r.probes, Totals: r.counters}),
	}
	if p.attributes == nil {
		p.attributes = map[string]string{}
	}
	p.log = r.log.With("identity", req.Identity, "sid", p.sid)
	var err error
	api, out, streams := m.closer.peerAPI(m.api, false, p.log)
	p.pub, err = newTransport(api, out, nil, livekit.SignalTarget_PUBLISHER, p.send, p.log)
	if err != nil {
		return nil, err
	}
	p.pub.streams = streams
	p.pub.pc.OnTrack(p.onTrack)
	p.pub.pc.OnDataChannel(p.acceptDataChannel)
	p.pub.onConnectionState(p.onConnectionState)
	if req.SinglePC {
		p.pub.midMap = func() map[string]string { return midMap(p.pub.pc) }
		return p, nil
	}
	// The subscriber connection only sends media: no interceptors.
	api, out, _ = m.closer.peerAPI(m.sendAPI, true, p.log)
	p.sub, err = newTransport(api, out, nil, livekit.SignalTarget_SUBSCRIBER, p.send, p.log)
	if err != nil {
		p.pub.close()
		return nil, err
	}
	p.sub.midMap = func() map[string]string { return midMap(p.sub.pc) }
	if out != nil {
		out.OnTransportFeedback(p.down.OnFeedbackWire)
	}
	p.sub.onConnectionState(p.onConnectionState)
	// The client adopts server-created channels on the subscriber
	// connection by label and reads downstream data from them.
	ordered, lossyRetransmits := false, uint16(0)
	rel, err := p.sub.pc.CreateDataChannel(labelReliable, nil)
	if err == nil {
		p.dataOut[livekit.DataPacket_RELIABLE] = rel
		rel.OnOpen(func() { p.drainData(rel) })
		var lossy *webrtc.DataChannel
		lossy, err = p.sub.pc.CreateDataChannel(labelLossy, &webrtc.DataChannelInit{Ordered: &ordered, MaxRetransmits: &lossyRetransmits})
		p.dataOut[livekit.DataPacket_LOSSY] = lossy
	}
	if err != nil {
		p.pub.close()
		p.sub.close()
		return nil, fmt.Errorf("subscriber data channels: %w", err)
	}
	return p, nil
}

// resume reattaches a client whose signal connection dropped. The session
// (peer connections, tracks, subscriptions) never went away, so a real
// resume is possible: ReconnectResponse, a full participant sync, then ICE
// restart (v0: our subscriber offer; v1: the client's offer, answered as
// usual).
func (m *Manager) resume(r *Room, req JoinRequest, sink Sink) (*Participant, error) {
	var p *Participant
	if r != nil {
		p = r.Participant(req.Identity)
	}
	if p != nil && !p.mediaAlive() {
		// The peer connections ended (the client closed them or ICE
		// failed): nothing is left to resume.
		r.remove(p, livekit.DisconnectReason_STATE_MISMATCH)
		p = nil
	}
	if p == nil || (req.ParticipantSID != "" && req.ParticipantSID != p.sid) || p.singlePC != req.SinglePC {
		_ = sink.Send(&livekit.SignalResponse{Message: &livekit.SignalResponse_Leave{Leave: &livekit.LeaveRequest{
			CanReconnect: true, Reason: livekit.DisconnectReason_STATE_MISMATCH, Action: livekit.LeaveRequest_RECONNECT,
		}}})
		return nil, fmt.Errorf("resume %q in %q: %w", req.Identity, req.Room, ErrResumeFailed)
	}
	oldSink := p.attach(sink)
	if oldSink != nil && oldSink != sink {
		oldSink.Close("resumed on a new connection")
	}
	rr := &livekit.ReconnectResponse{ServerInfo: &livekit.ServerInfo{Edition: livekit.ServerInfo_Standard, Version: m.cfg.ServerVersion, Protocol: 16}}
	rr.IceServers = m.iceServers(req)
	if err := sink.Send(&livekit.SignalResponse{Message: &livekit.SignalResponse_Reconnect{Reconnect: rr}}); err != nil {
		return nil, fmt.Errorf("send reconnect response: %w", err)
	}
	var infos []*livekit.ParticipantInfo
	for _, o := range r.list() {
		if o == p || !o.hidden() {
			infos = append(infos, o.info())
		}
	}
	p.send(&livekit.SignalResponse{Message: &livekit.SignalResponse_Update{Update: &livekit.ParticipantUpdate{Participants: infos}}})
	p.send(&livekit.SignalResponse{Message: &livekit.SignalResponse_RoomUpdate{RoomUpdate: &livekit.RoomUpdate{Room: r.Proto()}}})
	p.log.Info("participant resumed")
	if p.singlePC {
		// Anything subscribed while the signal was down needs an offer.
		p.renegotiate()
	} else {
		p.sub.resetAwaiting()
		if err := p.sub.negotiate(true); err != nil {
			return nil, fmt.Errorf("resume subscriber ice restart: %w", err)
		}
	}
	return p, nil
}

// iceServers are the join's own, or else those Config.ICEServers lists.
func (m *Manager) iceServers(req JoinRequest) []*livekit.ICEServer {
	if req.ICEServers != nil {
		return req.ICEServers
	}
	if m.cfg.ICEServers != nil {
		return m.cfg.ICEServers(req.Identity)
	}
	return nil
}
