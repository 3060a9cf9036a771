package sfu

import (
	"slices"
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
	var codecs []string
	if t != nil {
		codecs = publishedCodecs(t.info)
	}
	p.mu.Unlock()
	if t == nil {
		return
	}
	wanted := t.pub.recv.Wanted()
	qualities := layerSwitches(wanted)
	// The codecs are named as the client asked for them, the first being
	// the one its track was published with: naming another (say the codec
	// the browser fell back to) would make livekit-client publish that
	// one as a second codec. Codecs after the first are never forwarded,
	// so all their layers are off.
	subscribed := []*livekit.SubscribedCodec{{Codec: codecs[0], Qualities: qualities}}
	for _, c := range codecs[1:] {
		subscribed = append(subscribed, &livekit.SubscribedCodec{Codec: c, Qualities: layerSwitches(forward.QualityOff)})
	}
	p.send(&livekit.SignalResponse{Message: &livekit.SignalResponse_SubscribedQualityUpdate{SubscribedQualityUpdate: &livekit.SubscribedQualityUpdate{
		TrackSid:            sid,
		SubscribedQualities: qualities,
		SubscribedCodecs:    subscribed,
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

// layerSwitches enables every layer up to wanted (forward.QualityOff: none).
func layerSwitches(wanted int) []*livekit.SubscribedQuality {
	qualities := make([]*livekit.SubscribedQuality, 0, forward.NumLayers)
	for q := forward.QualityLow; q < forward.NumLayers; q++ {
		qualities = append(qualities, &livekit.SubscribedQuality{Quality: livekit.VideoQuality(q), Enabled: q <= wanted})
	}
	return qualities
}

// publishedCodecs names a track's codecs as its client asked for them
// ("vp8", "h264", …), the primary first; never empty.
func publishedCodecs(info *livekit.TrackInfo) []string {
	var out []string
	for _, c := range info.GetCodecs() {
		if name := shortCodec(c.GetMimeType()); name != "" && !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	if len(out) == 0 {
		out = append(out, shortCodec(info.GetMimeType()))
	}
	return out
}
