package sfu

import (
	"fmt"
	"slices"
	"strings"

	"github.com/livekit/protocol/livekit"
	"github.com/pion/sdp/v3"
	"github.com/pion/webrtc/v4"
)

// mimeRED is RED (RFC 2198) for audio, which we offer and forward.
const mimeRED = "audio/red"

// isKeyframe reports whether an RTP payload starts a decodable picture for
// the codecs whose layers we switch between. Codecs we cannot inspect report
// true so that forwarding starts immediately (they are single-layer only).
func isKeyframe(mime string, payload []byte) bool {
	switch {
	case strings.EqualFold(mime, webrtc.MimeTypeVP8):
		return vp8Keyframe(payload)
	case strings.EqualFold(mime, webrtc.MimeTypeH264):
		return h264Keyframe(payload)
	}
	return true
}

// vp8Keyframe parses the VP8 payload descriptor (RFC 7741 §4.2) and the
// first byte of the frame header: start of partition 0 with P bit clear.
func vp8Keyframe(p []byte) bool {
	if len(p) < 1 {
		return false
	}
	x, s, pid := p[0]&0x80 != 0, p[0]&0x10 != 0, p[0]&0x07
	i := 1
	if x {
		if len(p) < 2 {
			return false
		}
		ext := p[1]
		i = 2
		if ext&0x80 != 0 { // I: picture id
			if len(p) <= i {
				return false
			}
			if p[i]&0x80 != 0 {
				i += 2
			} else {
				i++
			}
		}
		if ext&0x40 != 0 { // L: tl0picidx
			i++
		}
		if ext&0x30 != 0 { // T or K
			i++
		}
	}
	if !s || pid != 0 || len(p) <= i {
		return false
	}
	return p[i]&0x01 == 0
}

// h264Keyframe looks for an IDR slice or SPS in a single NAL, STAP-A or the
// first fragment of an FU-A.
func h264Keyframe(p []byte) bool {
	if len(p) < 1 {
		return false
	}
	switch nal := p[0] & 0x1f; {
	case nal == 5 || nal == 7:
		return true
	case nal == 24: // STAP-A
		for i := 1; i+2 < len(p); {
			size := int(p[i])<<8 | int(p[i+1])
			i += 2
			if i >= len(p) {
				return false
			}
			if t := p[i] & 0x1f; t == 5 || t == 7 {
				return true
			}
			i += size
		}
	case nal == 28: // FU-A
		return len(p) > 1 && p[1]&0x80 != 0 && (p[1]&0x1f == 5 || p[1]&0x1f == 7)
	}
	return false
}

// redPrimary extracts the primary Opus block of a RED (RFC 2198) payload for
// subscribers that did not negotiate RED.
func redPrimary(p []byte) ([]byte, bool) {
	i, redundant := 0, 0
	for {
		if i >= len(p) {
			return nil, false
		}
		if p[i]&0x80 == 0 { // last header: 1 byte
			i++
			break
		}
		if i+4 > len(p) {
			return nil, false
		}
		redundant += int(p[i+2]&0x03)<<8 | int(p[i+3])
		i += 4
	}
	start := i + redundant
	if start > len(p) {
		return nil, false
	}
	return p[start:], true
}

// codecMatches reports whether a negotiated codec can carry packets of the
// published codec unchanged.
func codecMatches(pub, sub webrtc.RTPCodecCapability) bool {
	if !strings.EqualFold(pub.MimeType, sub.MimeType) {
		return false
	}
	if strings.EqualFold(pub.MimeType, webrtc.MimeTypeH264) {
		return fmtpValue(pub.SDPFmtpLine, "packetization-mode") == fmtpValue(sub.SDPFmtpLine, "packetization-mode")
	}
	return true
}

func fmtpValue(fmtp, key string) string {
	for _, kv := range strings.Split(fmtp, ";") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if ok && strings.EqualFold(k, key) {
			return v
		}
	}
	if key == "packetization-mode" {
		return "0"
	}
	return ""
}

// CodecConfig says which codecs rooms allow, in order of preference. The
// zero value allows everything we forward: Opus with RED, then VP8, H.264
// (three profiles), VP9 and AV1.
type CodecConfig struct {
	// Audio codec names; only "opus" is known.
	Audio []string
	// DisableRED leaves out redundant audio (RFC 2198).
	DisableRED bool
	// Video codec names in order of preference: "vp8", "h264", "vp9", "av1".
	Video []string
	// H264Profiles are the profile-level-ids offered for H.264.
	H264Profiles []string
	// DisableRTX leaves out RTX: retransmissions then travel on the media
	// SSRC in both directions.
	DisableRTX bool
}

var defaultCodecs = CodecConfig{
	Audio:        []string{"opus"},
	Video:        []string{"vp8", "h264", "vp9", "av1"},
	H264Profiles: []string{"42e01f", "42001f", "4d001f"},
}

func (c CodecConfig) withDefaults() CodecConfig {
	if len(c.Audio) == 0 {
		c.Audio = defaultCodecs.Audio
	}
	if len(c.Video) == 0 {
		c.Video = defaultCodecs.Video
	}
	if len(c.H264Profiles) == 0 {
		c.H264Profiles = defaultCodecs.H264Profiles
	}
	return c
}

var videoFeedback = []webrtc.RTCPFeedback{
	{Type: "goog-remb"}, {Type: "ccm", Parameter: "fir"}, {Type: "nack"}, {Type: "nack", Parameter: "pli"},
}

// h264PayloadTypes keeps the payload types browsers commonly use for the
// usual profiles; other profiles take the spare ones in order.
var (
	h264PayloadTypes  = map[string]webrtc.PayloadType{"42e01f": 125, "42001f": 102, "4d001f": 123}
	sparePayloadTypes = []webrtc.PayloadType{127, 108, 106, 112, 114, 116, 118, 120}
	// rtxPayloadTypes pairs each video payload type with its RTX (RFC 4588)
	// payload type, as Chrome numbers them where it can; video codecs
	// beyond these take the spare RTX payload types in order.
	rtxPayloadTypes  = map[webrtc.PayloadType]webrtc.PayloadType{96: 97, 125: 107, 102: 103, 123: 122, 98: 99, 45: 46, 127: 121}
	spareRTXPayloads = []webrtc.PayloadType{109, 113, 115, 117, 119, 110, 105, 104}
)

// codecParameters lists the audio and video codecs of c in order, each
// video codec followed by its RTX codec (apt=): publishers then send
// retransmissions on their own SSRC, which pion unwraps into the layer's
// stream, and subscribers that negotiated RTX get our answers to their
// NACKs the same way.
func (c CodecConfig) codecParameters() (audio, video []webrtc.RTPCodecParameters, err error) {
	c = c.withDefaults()
	for _, name := range c.Audio {
		if !strings.EqualFold(name, "opus") {
			return nil, nil, fmt.Errorf("audio codec %q is not supported", name)
		}
		audio = append(audio, webrtc.RTPCodecParameters{RTPCodecCapability: webrtc.RTPCodecCapability{MimeType: webrtc.MimeTypeOpus, ClockRate: 48000, Channels: 2, SDPFmtpLine: "minptime=10;useinbandfec=1"}, PayloadType: 111})
	}
	if !c.DisableRED {
		audio = append(audio, webrtc.RTPCodecParameters{RTPCodecCapability: webrtc.RTPCodecCapability{MimeType: mimeRED, ClockRate: 48000, Channels: 2, SDPFmtpLine: "111/111"}, PayloadType: 63})
	}
	spare := slices.Clone(sparePayloadTypes)
	for _, name := range c.Video {
		switch strings.ToLower(name) {
		case "vp8":
			video = append(video, webrtc.RTPCodecParameters{RTPCodecCapability: webrtc.RTPCodecCapability{MimeType: webrtc.MimeTypeVP8, ClockRate: 90000, RTCPFeedback: videoFeedback}, PayloadType: 96})
		case "h264":
			for _, profile := range c.H264Profiles {
				pt, ok := h264PayloadTypes[strings.ToLower(profile)]
				if !ok {
					if len(spare) == 0 {
						return nil, nil, fmt.Errorf("too many h264 profiles")
					}
					pt, spare = spare[0], spare[1:]
				}
				video = append(video, webrtc.RTPCodecParameters{RTPCodecCapability: webrtc.RTPCodecCapability{MimeType: webrtc.MimeTypeH264, ClockRate: 90000, SDPFmtpLine: "level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=" + strings.ToLower(profile), RTCPFeedback: videoFeedback}, PayloadType: pt})
			}
		case "vp9":
			video = append(video, webrtc.RTPCodecParameters{RTPCodecCapability: webrtc.RTPCodecCapability{MimeType: webrtc.MimeTypeVP9, ClockRate: 90000, SDPFmtpLine: "profile-id=0", RTCPFeedback: videoFeedback}, PayloadType: 98})
		case "av1":
			video = append(video, webrtc.RTPCodecParameters{RTPCodecCapability: webrtc.RTPCodecCapability{MimeType: webrtc.MimeTypeAV1, ClockRate: 90000, RTCPFeedback: videoFeedback}, PayloadType: 45})
		default:
			return nil, nil, fmt.Errorf("video codec %q is not supported", name)
		}
	}
	if c.DisableRTX {
		return audio, video, nil
	}
	media := video
	video = make([]webrtc.RTPCodecParameters, 0, 2*len(media))
	spareRTX := slices.Clone(spareRTXPayloads)
	for _, m := range media {
		pt, ok := rtxPayloadTypes[m.PayloadType]
		if !ok {
			if len(spareRTX) == 0 {
				return nil, nil, fmt.Errorf("too many video codecs for RTX")
			}
			pt, spareRTX = spareRTX[0], spareRTX[1:]
		}
		video = append(video, m, webrtc.RTPCodecParameters{RTPCodecCapability: webrtc.RTPCodecCapability{MimeType: webrtc.MimeTypeRTX, ClockRate: 90000, SDPFmtpLine: fmt.Sprintf("apt=%d", m.PayloadType)}, PayloadType: pt})
	}
	return audio, video, nil
}

// PublishCodecs is what JoinResponse.enabled_publish_codecs carries:
// livekit-client publishes only these, falling back to the first video
// codec when the one asked for is not listed.
func (c CodecConfig) PublishCodecs() []*livekit.Codec {
	audio, video, err := c.codecParameters()
	if err != nil {
		return nil
	}
	var out []*livekit.Codec
	seen := map[string]bool{}
	for _, p := range append(audio, video...) {
		if strings.EqualFold(p.MimeType, webrtc.MimeTypeRTX) {
			continue
		}
		if !seen[p.MimeType] {
			seen[p.MimeType] = true
			out = append(out, &livekit.Codec{Mime: p.MimeType})
		}
	}
	return out
}

func registerCodecs(me *webrtc.MediaEngine, codecs CodecConfig) error {
	audio, video, err := codecs.codecParameters()
	if err != nil {
		return err
	}
	for _, c := range audio {
		if err := me.RegisterCodec(c, webrtc.RTPCodecTypeAudio); err != nil {
			return fmt.Errorf("register %s: %w", c.MimeType, err)
		}
	}
	for _, c := range video {
		if err := me.RegisterCodec(c, webrtc.RTPCodecTypeVideo); err != nil {
			return fmt.Errorf("register %s: %w", c.MimeType, err)
		}
	}
	for _, uri := range []string{sdp.SDESMidURI, sdp.SDESRTPStreamIDURI, sdp.SDESRepairRTPStreamIDURI} {
		if err := me.RegisterHeaderExtension(webrtc.RTPHeaderExtensionCapability{URI: uri}, webrtc.RTPCodecTypeVideo); err != nil {
			return fmt.Errorf("register extension %s: %w", uri, err)
		}
	}
	// The audio level extension feeds speaker detection.
	for _, uri := range []string{sdp.SDESMidURI, sdp.AudioLevelURI} {
		if err := me.RegisterHeaderExtension(webrtc.RTPHeaderExtensionCapability{URI: uri}, webrtc.RTPCodecTypeAudio); err != nil {
			return fmt.Errorf("register audio extension %s: %w", uri, err)
		}
	}
	return nil
}
