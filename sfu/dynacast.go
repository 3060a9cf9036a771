package sfu

import (
	"strings"

	"github.com/livekit/protocol/livekit"

	"souk/sfu/forward"
)

// onSubscribedQuality tells this participant, as publisher of track sid,
// which simulcast layers anyone watches (dynacast): up to the highest
// wanted, nothing above. A client with dynacast enabled stops encoding the others.
func (p *Participant) onSubscribedQuality(sid string) {
	p.mu.Lock()
	t := p.published[sid]
	var mime string
	if t != nil {
		mime = t.info.MimeType
	}
	p.mu.Unlock()
	if t == nil {
		return
	}
	wanted := t.pub.recv.Wanted()
	qualities := make([]*livekit.SubscribedQuality, 0, forward.NumLayers)
	for q := forward.QualityLow; q < forward.NumLayers; q++ {
		qualities = append(qualities, &livekit.SubscribedQuality{Quality: livekit.VideoQuality(q), Enabled: q <= wanted})
	}
	p.send(&livekit.SignalResponse{Message: &livekit.SignalResponse_SubscribedQualityUpdate{SubscribedQualityUpdate: &livekit.SubscribedQualityUpdate{
		TrackSid:            sid,
		SubscribedQualities: qualities,
		SubscribedCodecs:    []*livekit.SubscribedCodec{{Codec: shortCodec(mime), Qualities: qualities}},
	}}})
	// On its own goroutine: this runs wherever a subscriber's wish
	// changed, which may be inside another peer connection's negotiation
	// (binding a down track), and the REMB takes this peer connection's
	// locks; doing that inline could deadlock two participants that
	// negotiate with each other at once.
	go p.sendREMB()
}

// shortCodec is the codec name clients compare against: "video/VP8" → "vp8".
func shortCodec(mime string) string {
	_, name, ok := strings.Cut(mime, "/")
	if !ok {
		name = mime
	}
	return strings.ToLower(name)
}
