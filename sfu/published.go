package sfu

import (
	"strings"

	"github.com/pion/webrtc/v4"

	"souk/sfu/forward"
)

// publishedTrack is a published track as rooms see it: whose it is and the
// receiver that forwards its media.
type publishedTrack struct {
	sid, ownerSID string
	recv          *forward.Receiver
}

// streamID is the msid stream a subscriber sees the track under.
func (t *publishedTrack) streamID() string { return t.ownerSID + "|" + t.sid }

// codecPayloads gives the forwarding layer this package's codec rules.
type codecPayloads struct{}

func (codecPayloads) Keyframe(mime string, payload []byte) bool { return isKeyframe(mime, payload) }
func (codecPayloads) REDPrimary(payload []byte) ([]byte, bool)  { return redPrimary(payload) }
func (codecPayloads) Matches(pub, sub webrtc.RTPCodecCapability) bool {
	return codecMatches(pub, sub)
}

// audioLevelID finds the negotiated id of the ssrc-audio-level extension.
func audioLevelID(recv *webrtc.RTPReceiver) uint8 {
	for _, e := range recv.GetParameters().HeaderExtensions {
		if strings.EqualFold(e.URI, "urn:ietf:params:rtp-hdrext:ssrc-audio-level") {
			return uint8(e.ID)
		}
	}
	return 0
}
