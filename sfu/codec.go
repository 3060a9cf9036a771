package sfu

import (
	"strings"

	"github.com/pion/webrtc/v4"
)

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
