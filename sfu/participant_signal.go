package sfu

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/livekit/protocol/livekit"
	"github.com/pion/webrtc/v4"
)

// HandleRequest applies one client signal message. An error means the
// client broke the protocol; the caller closes the connection with it.
// Ping messages are answered by the signalling layer and never reach here.
func (p *Participant) HandleRequest(ctx context.Context, req *livekit.SignalRequest) error {
	switch m := req.GetMessage().(type) {
	case *livekit.SignalRequest_Offer:
		return p.handleOffer(m.Offer)
	case *livekit.SignalRequest_Answer:
		if p.sub == nil {
			return fmt.Errorf("answer: no server offer in single peer connection mode")
		}
		if err := p.sub.applyAnswer(m.Answer); err != nil {
			return fmt.Errorf("answer: %w", err)
		}
	case *livekit.SignalRequest_Trickle:
		p.handleTrickle(m.Trickle)
	case *livekit.SignalRequest_AddTrack:
		p.addTrack(m.AddTrack)
	case *livekit.SignalRequest_Mute:
		p.setMuted(m.Mute.GetSid(), m.Mute.GetMuted())
	case *livekit.SignalRequest_Subscription:
		p.updateSubscription(m.Subscription)
	case *livekit.SignalRequest_TrackSetting:
		p.updateTrackSettings(m.TrackSetting)
	case *livekit.SignalRequest_Leave:
		p.log.Info("client left", "reason", m.Leave.GetReason())
		p.room.remove(p, livekit.DisconnectReason_CLIENT_INITIATED)
	case *livekit.SignalRequest_UpdateMetadata:
		p.updateMetadata(m.UpdateMetadata)
	case *livekit.SignalRequest_SyncState:
		// Our session state survives a signal drop, so the client's view is
		// only logged; its ICE-restart offer follows and is answered.
		p.log.Debug("sync state", "publish_tracks", len(m.SyncState.GetPublishTracks()))
	case *livekit.SignalRequest_Simulate, *livekit.SignalRequest_UpdateLayers,
		*livekit.SignalRequest_SubscriptionPermission, *livekit.SignalRequest_UpdateAudioTrack,
		*livekit.SignalRequest_UpdateVideoTrack:
		p.log.Debug("ignoring unsupported request", "type", fmt.Sprintf("%T", m))
	case nil:
		return fmt.Errorf("empty signal request")
	default:
		p.log.Debug("ignoring unsupported request", "type", fmt.Sprintf("%T", m))
	}
	return nil
}

func (p *Participant) handleOffer(offer *livekit.SessionDescription) error {
	if offer == nil || offer.Type != "offer" || offer.Sdp == "" {
		return fmt.Errorf("offer: missing or not of type offer")
	}
	var unpublished bool
	offer = &livekit.SessionDescription{Type: offer.Type, Sdp: p.preferPublishedCodecs(offer.Sdp), Id: offer.Id, MidToTrackId: offer.GetMidToTrackId()}
	ans, err := p.pub.answer(offer, func() { unpublished = p.detectUnpublished(offer.Sdp) })
	if err != nil {
		return fmt.Errorf("offer %d: %w", offer.Id, err)
	}
	if unpublished {
		// Outside the transport lock: subscribers renegotiate their own
		// connections, and our own subscriptions are unaffected.
		p.changed()
	}
	p.send(&livekit.SignalResponse{Message: &livekit.SignalResponse_Answer{Answer: ans}})
	return nil
}

func (p *Participant) handleTrickle(tr *livekit.TrickleRequest) {
	var init webrtc.ICECandidateInit
	if err := json.Unmarshal([]byte(tr.GetCandidateInit()), &init); err != nil {
		p.log.Debug("bad trickle candidate", "err", err)
		return
	}
	t := p.pub
	if !p.singlePC && tr.GetTarget() == livekit.SignalTarget_SUBSCRIBER {
		t = p.sub
	}
	if err := t.addCandidate(init); err != nil {
		p.log.Debug("candidate rejected", "err", err)
	}
}

func (p *Participant) requestResponse(reason livekit.RequestResponse_Reason, msg string) {
	p.send(&livekit.SignalResponse{Message: &livekit.SignalResponse_RequestResponse{RequestResponse: &livekit.RequestResponse{Reason: reason, Message: msg}}})
}

func (p *Participant) updateMetadata(req *livekit.UpdateParticipantMetadata) {
	if !p.currentGrant().GetCanUpdateOwnMetadata() {
		p.send(&livekit.SignalResponse{Message: &livekit.SignalResponse_RequestResponse{RequestResponse: &livekit.RequestResponse{
			RequestId: req.GetRequestId(), Reason: livekit.RequestResponse_NOT_ALLOWED, Message: "token lacks canUpdateOwnMetadata",
		}}})
		return
	}
	p.mu.Lock()
	if req.GetName() != "" {
		p.name = req.GetName()
	}
	if req.GetMetadata() != "" {
		p.metadata = req.GetMetadata()
	}
	for k, v := range req.GetAttributes() {
		if v == "" {
			delete(p.attributes, k)
		} else {
			p.attributes[k] = v
		}
	}
	p.mu.Unlock()
	p.changed()
}
