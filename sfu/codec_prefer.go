package sfu

import (
	"strings"

	"github.com/livekit/protocol/livekit"
	"github.com/pion/sdp/v3"
)

// preferPublishedCodecs reorders, in a publisher's offer, the payload types
// of each m-section that sends one of this participant's announced tracks
// so that the codec named in its AddTrackRequest comes first (with its RTX
// payload types). pion answers in the offer's order and the browser sends
// the first codec of the answer; livekit-client leaves the choice of its
// publishing codec (videoCodec h264, say) to the server this way. Audio
// keeps the browser's order. The
// offer is returned unchanged when nothing needs reordering or it does not
// parse (pion then reports the error).
func (p *Participant) preferPublishedCodecs(offer string) string {
	p.mu.Lock()
	want := map[string]string{} // msid track id → preferred mime
	for _, t := range p.published {
		// Video only: audio keeps the browser's order (Opus before RED).
		if len(t.info.GetCodecs()) > 0 && t.cid != "" && t.info.GetType() == livekit.TrackType_VIDEO {
			want[t.cid] = t.info.GetCodecs()[0].GetMimeType()
		}
	}
	p.mu.Unlock()
	if len(want) == 0 {
		return offer
	}
	return preferCodecs(offer, want)
}

// preferCodecs moves, in every m-section whose msid track id is in want,
// the payload types of the wanted codec (and RTX for them) to the front.
func preferCodecs(offer string, want map[string]string) string {
	var sd sdp.SessionDescription
	if err := sd.UnmarshalString(offer); err != nil {
		return offer
	}
	changed := false
	for _, m := range sd.MediaDescriptions {
		mime := ""
		for _, a := range m.Attributes {
			if a.Key == "msid" {
				if f := strings.Fields(a.Value); len(f) == 2 {
					mime = want[f[1]]
				}
			}
		}
		_, name, ok := strings.Cut(mime, "/")
		if !ok || name == "" {
			continue
		}
		codecOf := map[string]string{} // payload type → codec name
		aptOf := map[string]string{}   // RTX payload type → its media payload type
		for _, a := range m.Attributes {
			pt, rest, ok := strings.Cut(a.Value, " ")
			if !ok {
				continue
			}
			switch a.Key {
			case "rtpmap":
				codecOf[pt], _, _ = strings.Cut(rest, "/")
			case "fmtp":
				for _, kv := range strings.Split(rest, ";") {
					if k, v, ok := strings.Cut(strings.TrimSpace(kv), "="); ok && k == "apt" {
						aptOf[pt] = v
					}
				}
			}
		}
		preferred := func(pt string) bool {
			if strings.EqualFold(codecOf[pt], name) {
				return true
			}
			apt, isRTX := aptOf[pt]
			return isRTX && strings.EqualFold(codecOf[apt], name)
		}
		var first, rest []string
		for _, pt := range m.MediaName.Formats {
			if preferred(pt) {
				first = append(first, pt)
			} else {
				rest = append(rest, pt)
			}
		}
		if len(first) == 0 || (len(m.MediaName.Formats) > 0 && preferred(m.MediaName.Formats[0])) {
			continue
		}
		m.MediaName.Formats = append(first, rest...)
		changed = true
	}
	if !changed {
		return offer
	}
	out, err := sd.Marshal()
	if err != nil {
		return offer
	}
	return string(out)
}
