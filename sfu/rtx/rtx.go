package rtx

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"

	"github.com/pion/rtp"
	"github.com/pion/sdp/v3"
	"github.com/pion/webrtc/v4"
)

// Match is what identifies one received layer's RTX stream.
type Match struct {
	MID, RID string
	PT       uint8  // the layer's media payload type
	RTXPT    uint8  // its RTX payload type (apt = PT); 0: none negotiated
	RTXSSRC  uint32 // from ssrc-group FID; 0: unknown
	// negotiated header extension ids, 0 when absent
	MIDID, RIDID, RRIDID uint8
}

// NewMatch describes the layer pion bound as track on recv; offer is
// the remote description it came in.
func NewMatch(track *webrtc.TrackRemote, recv *webrtc.RTPReceiver, mid, offer string) Match {
	params := recv.GetParameters()
	// The codec, not PayloadType: pion sets that only on the first read.
	m := Match{MID: mid, RID: track.RID(), PT: uint8(track.Codec().PayloadType)}
	m.RTXPT, m.RTXSSRC = offerRepair(offer, mid, m.PT, uint32(track.SSRC()))
	for _, h := range params.HeaderExtensions {
		switch h.URI {
		case sdp.SDESMidURI:
			m.MIDID = uint8(h.ID)
		case sdp.SDESRTPStreamIDURI:
			m.RIDID = uint8(h.ID)
		case sdp.SDESRepairRTPStreamIDURI:
			m.RRIDID = uint8(h.ID)
		}
	}
	if m.RTXSSRC == 0 {
		m.RTXSSRC = uint32(track.RtxSSRC())
	}
	return m
}

// offerRepair reads an offer's m-section mid for the RTX payload type
// whose apt is pt (0 when none) and the RTX SSRC it pairs with ssrc by
// a=ssrc-group:FID (0 when it names none).
func offerRepair(offer, mid string, pt uint8, ssrc uint32) (RTXPT uint8, RTXSSRC uint32) {
	if offer == "" {
		return 0, 0
	}
	var sd sdp.SessionDescription
	if err := sd.UnmarshalString(offer); err != nil {
		return 0, 0
	}
	for _, m := range sd.MediaDescriptions {
		if v, _ := m.Attribute(sdp.AttrKeyMID); v != mid {
			continue
		}
		rtx := map[string]bool{} // payload types named rtx
		for _, a := range m.Attributes {
			if a.Key == "rtpmap" {
				if f := strings.Fields(a.Value); len(f) == 2 && strings.HasPrefix(strings.ToLower(f[1]), "rtx/") {
					rtx[f[0]] = true
				}
			}
		}
		for _, a := range m.Attributes {
			f := strings.Fields(a.Value)
			switch {
			case a.Key == "fmtp" && len(f) == 2 && rtx[f[0]] && aptIs(f[1], pt):
				if n, err := strconv.ParseUint(f[0], 10, 7); err == nil {
					RTXPT = uint8(n)
				}
			case a.Key == sdp.AttrKeySSRCGroup && ssrc != 0 && len(f) == 3 && f[0] == sdp.SemanticTokenFlowIdentification &&
				f[1] == strconv.FormatUint(uint64(ssrc), 10):
				if n, err := strconv.ParseUint(f[2], 10, 32); err == nil {
					RTXSSRC = uint32(n)
				}
			}
		}
	}
	return RTXPT, RTXSSRC
}

// aptIs tells whether fmtp parameters (apt=96;rtx-time=3000) name pt.
func aptIs(fmtp string, pt uint8) bool {
	for _, p := range strings.Split(fmtp, ";") {
		k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
		if ok && k == "apt" && v == strconv.Itoa(int(pt)) {
			return true
		}
	}
	return false
}

// repairs tells whether h, the header of a packet on SSRC ssrc, is a
// retransmission of this layer; sure is false when the packet names no mid
// and so could belong to another track's layer of the same rid.
func (m *Match) Repairs(h *rtp.Header, ssrc uint32) (match, sure bool) {
	if m.RTXPT == 0 || h.PayloadType != m.RTXPT {
		return false, false
	}
	if m.RTXSSRC != 0 && ssrc == m.RTXSSRC {
		return true, true
	}
	if m.RID == "" {
		return false, false
	}
	named := false
	for _, id := range []uint8{m.RRIDID, m.RIDID} {
		if id != 0 && string(h.GetExtension(id)) == m.RID {
			named = true
		}
	}
	if !named {
		return false, false
	}
	if m.MIDID == 0 {
		return true, false
	}
	mid := h.GetExtension(m.MIDID)
	if mid == nil {
		return true, false
	}
	return string(mid) == m.MID, true
}

// Unwrap rewrites pkt, an RTX packet (RFC 4588: the original sequence
// number leads the payload), in place into the packet it repairs: the
// original sequence number, the media SSRC and payload type, no padding.
// It returns the new length; ok is false for a packet with no original
// payload (a padding-only bandwidth probe), which repairs nothing.
func Unwrap(pkt []byte, ssrc uint32, pt uint8) (n int, ok bool, err error) {
	var h rtp.Header
	hl, err := h.Unmarshal(pkt)
	if err != nil {
		return 0, false, fmt.Errorf("rtx header: %w", err)
	}
	end := len(pkt)
	if h.Padding {
		if end == hl {
			return 0, false, nil
		}
		end -= int(pkt[end-1])
	}
	if end-hl < 2 {
		return 0, false, nil
	}
	osn := binary.BigEndian.Uint16(pkt[hl : hl+2])
	pkt[0] &^= 0x20 // padding removed below
	pkt[1] = pkt[1]&0x80 | pt&0x7f
	binary.BigEndian.PutUint16(pkt[2:4], osn)
	binary.BigEndian.PutUint32(pkt[8:12], ssrc)
	copy(pkt[hl:], pkt[hl+2:end])
	return end - 2, true, nil
}
