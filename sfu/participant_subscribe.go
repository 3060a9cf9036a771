package sfu

import (
	"github.com/livekit/protocol/livekit"
	"github.com/pion/webrtc/v4"

	"souk/sfu/forward"
)

// subscribe starts forwarding pub to this participant. Safe to call twice.
func (p *Participant) subscribe(pub *publishedTrack) {
	if !p.currentGrant().GetCanSubscribe() {
		return
	}
	p.mu.Lock()
	if _, ok := p.subs[pub.sid]; ok || p.closed {
		p.mu.Unlock()
		return
	}
	tr := p.subscriberTransport()
	dt := forward.NewDownTrack(forward.DownTrackConfig{
		Receiver: pub.recv, TrackID: pub.sid, StreamID: pub.streamID(), Subscriber: p.identity, Log: p.log,
		OnUnsupported: func() {
			p.send(&livekit.SignalResponse{Message: &livekit.SignalResponse_SubscriptionResponse{SubscriptionResponse: &livekit.SubscriptionResponse{
				TrackSid: pub.sid, Err: livekit.SubscriptionError_SE_CODEC_UNSUPPORTED}}})
		},
		Transport:           p.down.Transport(),
		OnTransportFeedback: p.down.OnFeedback,
		WrapWriter:          tr.wrapWriter,
	})
	s := &subscription{pub: pub, dt: dt}
	p.subs[pub.sid] = s
	p.mu.Unlock()

	sender, err := tr.addTrack(dt, !p.singlePC)
	if err != nil {
		p.log.Warn("subscribe failed", "track", pub.sid, "err", err)
		p.mu.Lock()
		delete(p.subs, pub.sid)
		p.mu.Unlock()
		p.send(&livekit.SignalResponse{Message: &livekit.SignalResponse_SubscriptionResponse{SubscriptionResponse: &livekit.SubscriptionResponse{TrackSid: pub.sid, Err: livekit.SubscriptionError_SE_UNKNOWN}}})
		return
	}
	p.mu.Lock()
	s.sender = sender
	p.mu.Unlock()
	pub.recv.AddDown(dt)
	// The feedback comes through pion's reader, or straight from the
	// socket when the connection reads its RTCP itself.
	tr.addFeedbackTarget(sender, dt)
	go dt.ReadRTCP(sender)
	p.log.Debug("subscribed", "track", pub.sid)
	p.renegotiate()
}

// unsubscribe stops forwarding a track; gone reports the publication ended,
// in which case no response is owed to the client.
func (p *Participant) unsubscribe(sid string) {
	p.mu.Lock()
	s, ok := p.subs[sid]
	delete(p.subs, sid)
	closed := p.closed
	p.mu.Unlock()
	if !ok {
		return
	}
	s.pub.recv.RemoveDown(s.dt)
	s.dt.Close()
	if s.sender != nil {
		p.subscriberTransport().removeFeedbackTarget(s.sender)
	}
	if closed || s.sender == nil {
		return
	}
	if err := p.subscriberTransport().removeTrack(s.sender); err != nil {
		p.log.Debug("remove track", "err", err)
	}
	p.renegotiate()
}

func (p *Participant) subscriberTransport() *transport {
	if p.singlePC {
		return p.pub
	}
	return p.sub
}

// renegotiate updates the client's view of subscribed media. In v1 only the
// client offers, so we ask it to, adding m-sections when tracks wait for one.
func (p *Participant) renegotiate() {
	if !p.singlePC {
		if err := p.sub.negotiate(false); err != nil {
			p.log.Debug("subscriber negotiation", "err", err)
		}
		return
	}
	var audio, video uint32
	for _, t := range p.pub.pc.GetTransceivers() {
		if t.Mid() != "" || t.Sender() == nil || t.Sender().Track() == nil {
			continue
		}
		if t.Kind() == webrtc.RTPCodecTypeAudio {
			audio++
		} else {
			video++
		}
	}
	p.send(&livekit.SignalResponse{Message: &livekit.SignalResponse_MediaSectionsRequirement{MediaSectionsRequirement: &livekit.MediaSectionsRequirement{NumAudios: audio, NumVideos: video}}})
}

func (p *Participant) updateSubscription(req *livekit.UpdateSubscription) {
	sids := append([]string(nil), req.GetTrackSids()...)
	for _, pt := range req.GetParticipantTracks() {
		sids = append(sids, pt.GetTrackSids()...)
	}
	for _, sid := range sids {
		if !req.GetSubscribe() {
			p.unsubscribe(sid)
			continue
		}
		pub := p.room.findTrack(sid, p)
		if pub == nil {
			p.send(&livekit.SignalResponse{Message: &livekit.SignalResponse_SubscriptionResponse{SubscriptionResponse: &livekit.SubscriptionResponse{TrackSid: sid, Err: livekit.SubscriptionError_SE_TRACK_NOTFOUND}}})
			continue
		}
		p.subscribe(pub)
	}
}

// updateTrackSettings pauses hidden tracks and caps the simulcast layer at
// what the subscriber asks for (settingsLayer).
func (p *Participant) updateTrackSettings(req *livekit.UpdateTrackSettings) {
	for _, sid := range req.GetTrackSids() {
		p.mu.Lock()
		s := p.subs[sid]
		p.mu.Unlock()
		if s == nil {
			continue
		}
		p.mu.Lock()
		s.priority = int(req.GetPriority())
		p.mu.Unlock()
		s.dt.SetPaused(req.GetDisabled())
		if s.pub.recv.Kind() == webrtc.RTPCodecTypeVideo {
			// Audio has one layer; its settings name no quality.
			s.dt.SetMaxQuality(settingsLayer(s.pub.recv.LayerWidths(), req))
		}
		s.dt.SetMaxFPS(req.GetFps())
		state := livekit.StreamState_ACTIVE
		if req.GetDisabled() {
			state = livekit.StreamState_PAUSED
		}
		p.send(&livekit.SignalResponse{Message: &livekit.SignalResponse_StreamStateUpdate{StreamStateUpdate: &livekit.StreamStateUpdate{
			StreamStates: []*livekit.StreamStateInfo{{ParticipantSid: s.pub.ownerSID, TrackSid: sid, State: state}},
		}}})
	}
}

// settingsLayer is the best simulcast layer a subscriber's track settings
// allow, read as livekit-server reads them: a rendered size, when given,
// picks the layer closest above it; otherwise the requested quality is the
// cap. A zero quality is LOW, as the field cannot be unset: clients always
// name one (livekit-client sends HIGH when nothing else was asked for).
func settingsLayer(widths [forward.NumLayers]uint32, req *livekit.UpdateTrackSettings) int {
	if req.GetWidth() > 0 || req.GetHeight() > 0 {
		return forward.QualityForSize(widths, max(req.GetWidth(), req.GetHeight()))
	}
	switch req.GetQuality() {
	case livekit.VideoQuality_LOW:
		return forward.QualityLow
	case livekit.VideoQuality_MEDIUM:
		return forward.QualityMedium
	case livekit.VideoQuality_OFF:
		return forward.QualityOff
	}
	return forward.QualityHigh
}

// midMap lists every mid carrying a subscribed track; the client replaces
// its whole map on each description.
func midMap(pc *webrtc.PeerConnection) map[string]string {
	m := map[string]string{}
	for _, t := range pc.GetTransceivers() {
		if t.Mid() == "" || t.Sender() == nil {
			continue
		}
		if dt, ok := t.Sender().Track().(*forward.DownTrack); ok {
			m[t.Mid()] = dt.ID()
		}
	}
	return m
}
