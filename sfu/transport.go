package sfu

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"

	"github.com/livekit/protocol/livekit"
	"github.com/pion/webrtc/v4"

	"souk/sfu/direct"
	"souk/sfu/forward"
	"souk/sfu/receivechain"
)

// errClosed is what a closed session's operations return.
var errClosed = errors.New("participant closed")

// transport wraps one peer connection with the negotiation bookkeeping the
// protocol needs: queued remote candidates, offer ids, and re-offer when a
// server-side offer is requested while one is outstanding.
type transport struct {
	pc     *webrtc.PeerConnection
	target livekit.SignalTarget
	log    *slog.Logger
	send   func(*livekit.SignalResponse)
	midMap func() map[string]string
	// out sends forwarded RTP past pion when it can; nil when off.
	out *direct.Conn
	// streams is the receive interceptors with each received stream's
	// reader by SSRC; nil on a connection that only sends.
	streams *receivechain.Chain

	mu        sync.Mutex
	remoteSet bool
	pending   []webrtc.ICECandidateInit
	offerID   uint32
	awaiting  bool
	again     bool
	againICE  bool
	closed    bool
}

func newTransport(api *webrtc.API, out *direct.Conn, iceServers []webrtc.ICEServer, target livekit.SignalTarget, send func(*livekit.SignalResponse), log *slog.Logger) (*transport, error) {
	pc, err := api.NewPeerConnection(webrtc.Configuration{ICEServers: iceServers, SDPSemantics: webrtc.SDPSemanticsUnifiedPlan})
	if err != nil {
		return nil, fmt.Errorf("new peer connection: %w", err)
	}
	t := &transport{pc: pc, target: target, log: log.With("pc", target.String()), send: send, out: out}
	if out != nil {
		out.Attach(pc)
	}
	// Trickle every local candidate; the client queues them until its
	// remote description is set.
	pc.OnICECandidate(func(c *webrtc.ICECandidate) {
		if c == nil {
			return
		}
		b, err := json.Marshal(c.ToJSON())
		if err != nil {
			return
		}
		t.send(&livekit.SignalResponse{Message: &livekit.SignalResponse_Trickle{Trickle: &livekit.TrickleRequest{CandidateInit: string(b), Target: target}}})
	})
	return t, nil
}

// onConnectionState sets the connection's state handler; the direct
// send path hears every change first.
func (t *transport) onConnectionState(f func(webrtc.PeerConnectionState)) {
	t.pc.OnConnectionStateChange(func(s webrtc.PeerConnectionState) {
		if t.out != nil {
			t.out.StateChanged(s)
		}
		f(s)
	})
}

// wrapWriter gives a down track added to this connection its writer.
func (t *transport) wrapWriter(w webrtc.TrackLocalWriter) webrtc.TrackLocalWriter {
	if t.out == nil {
		return w
	}
	return t.out.Wrap(w)
}

// addFeedbackTarget has the RTCP about sender's SSRC that this
// connection reads itself go to t.
func (t *transport) addFeedbackTarget(sender *webrtc.RTPSender, target direct.FeedbackTarget) {
	if t.out != nil {
		t.out.AddFeedbackTarget(senderSSRC(sender), target)
	}
}

func (t *transport) removeFeedbackTarget(sender *webrtc.RTPSender) {
	if t.out != nil {
		t.out.RemoveFeedbackTarget(senderSSRC(sender))
	}
}

func senderSSRC(s *webrtc.RTPSender) uint32 {
	if enc := s.GetParameters().Encodings; len(enc) > 0 {
		return uint32(enc[0].SSRC)
	}
	return 0
}

// maxPendingCandidates bounds what a client can make us queue before the
// remote description exists; real clients send a handful.
const maxPendingCandidates = 64

// addCandidate applies a remote candidate now or after the remote
// description arrives.
func (t *transport) addCandidate(init webrtc.ICECandidateInit) error {
	t.mu.Lock()
	if !t.remoteSet {
		if len(t.pending) >= maxPendingCandidates {
			t.mu.Unlock()
			return fmt.Errorf("more than %d candidates before an offer", maxPendingCandidates)
		}
		t.pending = append(t.pending, init)
		t.mu.Unlock()
		return nil
	}
	t.mu.Unlock()
	if err := t.pc.AddICECandidate(init); err != nil {
		return fmt.Errorf("add candidate: %w", err)
	}
	return nil
}

func (t *transport) flushCandidatesLocked() {
	for _, c := range t.pending {
		if err := t.pc.AddICECandidate(c); err != nil {
			t.log.Debug("queued candidate rejected", "err", err)
		}
	}
	t.pending = nil
}

// answer applies a client offer and returns our answer. beforeAnswer runs
// between the two so the caller can inspect the offer and attach tracks.
func (t *transport) answer(offer *livekit.SessionDescription, beforeAnswer func()) (*livekit.SessionDescription, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return nil, errClosed
	}
	if err := t.pc.SetRemoteDescription(webrtc.SessionDescription{Type: webrtc.SDPTypeOffer, SDP: offer.Sdp}); err != nil {
		return nil, fmt.Errorf("set remote offer: %w", err)
	}
	t.remoteSet = true
	t.flushCandidatesLocked()
	if beforeAnswer != nil {
		beforeAnswer()
	}
	ans, err := t.pc.CreateAnswer(nil)
	if err != nil {
		return nil, fmt.Errorf("create answer: %w", err)
	}
	if err := t.pc.SetLocalDescription(ans); err != nil {
		return nil, fmt.Errorf("set local answer: %w", err)
	}
	sd := &livekit.SessionDescription{Type: "answer", Sdp: ans.SDP, Id: offer.Id}
	if t.midMap != nil {
		sd.MidToTrackId = t.midMap()
	}
	return sd, nil
}

// negotiate sends a server offer, or marks that one is needed once the
// outstanding offer is answered.
func (t *transport) negotiate(iceRestart bool) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return errClosed
	}
	if t.awaiting {
		t.again = true
		t.againICE = t.againICE || iceRestart
		return nil
	}
	return t.offerLocked(iceRestart)
}

func (t *transport) offerLocked(iceRestart bool) error {
	offer, err := t.pc.CreateOffer(&webrtc.OfferOptions{ICERestart: iceRestart})
	if err != nil {
		return fmt.Errorf("create offer: %w", err)
	}
	if err := t.pc.SetLocalDescription(offer); err != nil {
		return fmt.Errorf("set local offer: %w", err)
	}
	t.offerID++
	t.awaiting = true
	sd := &livekit.SessionDescription{Type: "offer", Sdp: offer.SDP, Id: t.offerID}
	if t.midMap != nil {
		sd.MidToTrackId = t.midMap()
	}
	t.send(&livekit.SignalResponse{Message: &livekit.SignalResponse_Offer{Offer: sd}})
	return nil
}

// applyAnswer completes a server offer. Answers for superseded offers are
// ignored, mirroring the client.
func (t *transport) applyAnswer(ans *livekit.SessionDescription) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return errClosed
	}
	if !t.awaiting || (ans.Id != 0 && ans.Id != t.offerID) {
		t.log.Debug("ignoring stale answer", "id", ans.Id, "want", t.offerID)
		return nil
	}
	if err := t.pc.SetRemoteDescription(webrtc.SessionDescription{Type: webrtc.SDPTypeAnswer, SDP: ans.Sdp}); err != nil {
		return fmt.Errorf("set remote answer: %w", err)
	}
	t.awaiting = false
	t.remoteSet = true
	t.flushCandidatesLocked()
	if t.again {
		ice := t.againICE
		t.again, t.againICE = false, false
		return t.offerLocked(ice)
	}
	return nil
}

// resetAwaiting forgets an offer the client will never answer (its signal
// connection dropped) so that a resume can send a fresh ICE-restart offer.
func (t *transport) resetAwaiting() {
	t.mu.Lock()
	if t.awaiting && t.pc.SignalingState() == webrtc.SignalingStateHaveLocalOffer {
		if err := t.pc.SetLocalDescription(webrtc.SessionDescription{Type: webrtc.SDPTypeRollback}); err != nil {
			t.log.Debug("rollback failed", "err", err)
		}
	}
	t.awaiting, t.again = false, false
	t.mu.Unlock()
}

func (t *transport) close() {
	t.mu.Lock()
	t.closed = true
	t.mu.Unlock()
	if err := t.pc.Close(); err != nil {
		t.log.Debug("close peer connection", "err", err)
	}
}

// addTrack attaches a down track; sendOnly creates a dedicated sendonly
// m-section (server-offered connections), otherwise a free recvonly section
// offered by the client is reused when there is one.
func (t *transport) addTrack(dt *forward.DownTrack, sendOnly bool) (*webrtc.RTPSender, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return nil, errClosed
	}
	if sendOnly {
		tr, err := t.pc.AddTransceiverFromTrack(dt, webrtc.RTPTransceiverInit{Direction: webrtc.RTPTransceiverDirectionSendonly})
		if err != nil {
			return nil, fmt.Errorf("add transceiver: %w", err)
		}
		return tr.Sender(), nil
	}
	s, err := t.pc.AddTrack(dt)
	if err != nil {
		return nil, fmt.Errorf("add track: %w", err)
	}
	return s, nil
}

func (t *transport) removeTrack(s *webrtc.RTPSender) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return errClosed
	}
	if err := t.pc.RemoveTrack(s); err != nil {
		return fmt.Errorf("remove track: %w", err)
	}
	return nil
}
