package client

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/livekit/protocol/livekit"
	"github.com/pion/ice/v4"
	"github.com/pion/interceptor"
	"github.com/pion/rtp"
	"github.com/pion/transport/v4"
	"github.com/pion/webrtc/v4"
)

// peer is one of the two peer connections of the legacy protocol.
type peer struct {
	c      *Client
	pc     *webrtc.PeerConnection
	target livekit.SignalTarget

	mu        sync.Mutex
	remoteSet bool
	queued    []webrtc.ICECandidateInit
	offerID   uint32
	answers   chan *livekit.SessionDescription
	negMu     sync.Mutex // one publisher negotiation at a time
}

func newAPI(loopback bool, drop func(string, *rtp.Header) bool, vnet transport.Net) (*webrtc.API, error) {
	me := &webrtc.MediaEngine{}
	if err := me.RegisterDefaultCodecs(); err != nil {
		return nil, fmt.Errorf("codecs: %w", err)
	}
	reg := &interceptor.Registry{}
	if drop != nil {
		// First in the chain: closest to the socket.
		reg.Add(dropFactory{drop: drop})
	}
	if err := webrtc.RegisterDefaultInterceptors(me, reg); err != nil {
		return nil, fmt.Errorf("interceptors: %w", err)
	}
	// Number outgoing packets for transport-wide feedback, as browsers
	// do, so that the server's feedback toward publishers can be seen.
	if err := webrtc.ConfigureTWCCHeaderExtensionSender(me, reg); err != nil {
		return nil, fmt.Errorf("transport-wide sequence numbers: %w", err)
	}
	se := webrtc.SettingEngine{}
	se.SetIncludeLoopbackCandidate(loopback)
	if vnet != nil {
		se.SetNet(vnet)
		se.SetICEMulticastDNSMode(ice.MulticastDNSModeDisabled)
	}
	// The client measures what the server sends, retransmissions included;
	// SRTP replay protection would hide a retransmitted packet that had in
	// fact arrived.
	se.DisableSRTPReplayProtection(true)
	se.SetNetworkTypes([]webrtc.NetworkType{webrtc.NetworkTypeUDP4})
	return webrtc.NewAPI(webrtc.WithMediaEngine(me), webrtc.WithInterceptorRegistry(reg), webrtc.WithSettingEngine(se)), nil
}

func (c *Client) setupPeers() error {
	api, err := newAPI(c.cfg.IncludeLoopback, c.cfg.DropSent, c.cfg.Net)
	if err != nil {
		return err
	}
	var ice []webrtc.ICEServer
	for _, s := range c.join.GetIceServers() {
		ice = append(ice, webrtc.ICEServer{URLs: s.GetUrls(), Username: s.GetUsername(), Credential: s.GetCredential()})
	}
	mk := func(target livekit.SignalTarget) (*peer, error) {
		pc, err := api.NewPeerConnection(webrtc.Configuration{ICEServers: ice})
		if err != nil {
			return nil, fmt.Errorf("peer connection: %w", err)
		}
		p := &peer{c: c, pc: pc, target: target, answers: make(chan *livekit.SessionDescription, 4)}
		pc.OnICECandidate(func(cand *webrtc.ICECandidate) {
			if cand == nil {
				return
			}
			b, _ := json.Marshal(cand.ToJSON())
			_ = c.send(&livekit.SignalRequest{Message: &livekit.SignalRequest_Trickle{Trickle: &livekit.TrickleRequest{CandidateInit: string(b), Target: target}}})
		})
		return p, nil
	}
	if c.pub, err = mk(livekit.SignalTarget_PUBLISHER); err != nil {
		return err
	}
	if !c.cfg.SinglePC {
		if c.sub, err = mk(livekit.SignalTarget_SUBSCRIBER); err != nil {
			return err
		}
	}
	ordered, zero := false, uint16(0)
	rel, err := c.pub.pc.CreateDataChannel("_reliable", nil)
	if err != nil {
		return fmt.Errorf("data channel: %w", err)
	}
	lossy, err := c.pub.pc.CreateDataChannel("_lossy", &webrtc.DataChannelInit{Ordered: &ordered, MaxRetransmits: &zero})
	if err != nil {
		return fmt.Errorf("data channel: %w", err)
	}
	c.dataOut[livekit.DataPacket_RELIABLE], c.dataOut[livekit.DataPacket_LOSSY] = rel, lossy
	if c.sub == nil {
		rel.OnMessage(func(m webrtc.DataChannelMessage) { c.gotData(m.Data) })
		lossy.OnMessage(func(m webrtc.DataChannelMessage) { c.gotData(m.Data) })
		c.pub.pc.OnTrack(func(tr *webrtc.TrackRemote, r *webrtc.RTPReceiver) { c.onTrack(tr, r, c.pub.pc) })
		return c.addRecvOnly(v1RecvSections, v1RecvSections)
	}
	c.sub.pc.OnDataChannel(func(dc *webrtc.DataChannel) {
		dc.OnOpen(func() {
			c.mu.Lock()
			c.dataIn++
			c.mu.Unlock()
			c.wake()
		})
		dc.OnMessage(func(m webrtc.DataChannelMessage) { c.gotData(m.Data) })
	})
	c.sub.pc.OnTrack(func(tr *webrtc.TrackRemote, r *webrtc.RTPReceiver) { c.onTrack(tr, r, c.sub.pc) })
	return nil
}

func (p *peer) addCandidate(raw string) {
	var init webrtc.ICECandidateInit
	if err := json.Unmarshal([]byte(raw), &init); err != nil {
		return
	}
	p.mu.Lock()
	if !p.remoteSet {
		p.queued = append(p.queued, init)
		p.mu.Unlock()
		return
	}
	p.mu.Unlock()
	_ = p.pc.AddICECandidate(init)
}

func (p *peer) remoteApplied() {
	p.mu.Lock()
	p.remoteSet = true
	q := p.queued
	p.queued = nil
	p.mu.Unlock()
	for _, c := range q {
		_ = p.pc.AddICECandidate(c)
	}
}

// negotiate runs one publisher offer/answer round.
func (p *peer) negotiate(ctx context.Context) error {
	p.negMu.Lock()
	defer p.negMu.Unlock()
	offer, err := p.pc.CreateOffer(nil)
	if err != nil {
		return fmt.Errorf("create offer: %w", err)
	}
	if err := p.pc.SetLocalDescription(offer); err != nil {
		return fmt.Errorf("set local offer: %w", err)
	}
	p.mu.Lock()
	p.offerID++
	id := p.offerID
	p.mu.Unlock()
	if err := p.c.send(&livekit.SignalRequest{Message: &livekit.SignalRequest_Offer{Offer: &livekit.SessionDescription{Type: "offer", Sdp: offer.SDP, Id: id}}}); err != nil {
		return fmt.Errorf("send offer: %w", err)
	}
	for {
		select {
		case <-ctx.Done():
			return fmt.Errorf("waiting for answer %d: %w", id, ctx.Err())
		case ans := <-p.answers:
			if ans.GetId() != 0 && ans.GetId() != id {
				continue
			}
			if err := p.pc.SetRemoteDescription(webrtc.SessionDescription{Type: webrtc.SDPTypeAnswer, SDP: ans.GetSdp()}); err != nil {
				return fmt.Errorf("set remote answer: %w", err)
			}
			p.remoteApplied()
			return nil
		}
	}
}

func (p *peer) gotAnswer(sd *livekit.SessionDescription) {
	select {
	case p.answers <- sd:
	default:
	}
}

// answerOffer answers a server (subscriber) offer.
func (p *peer) answerOffer(sd *livekit.SessionDescription) error {
	p.negMu.Lock()
	defer p.negMu.Unlock()
	if err := p.pc.SetRemoteDescription(webrtc.SessionDescription{Type: webrtc.SDPTypeOffer, SDP: sd.GetSdp()}); err != nil {
		return fmt.Errorf("set remote offer: %w", err)
	}
	p.remoteApplied()
	ans, err := p.pc.CreateAnswer(nil)
	if err != nil {
		return fmt.Errorf("create answer: %w", err)
	}
	if err := p.pc.SetLocalDescription(ans); err != nil {
		return fmt.Errorf("set local answer: %w", err)
	}
	return p.c.send(&livekit.SignalRequest{Message: &livekit.SignalRequest_Answer{Answer: &livekit.SessionDescription{Type: "answer", Sdp: ans.SDP, Id: sd.GetId()}}})
}
