package sfu

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"

	"github.com/pion/rtp"
	"github.com/pion/sdp/v3"
	"github.com/pion/webrtc/v4"
)

// Retransmissions a publisher sends over RTX (RFC 4588) on a simulcast
// track. Each layer's repairs come on an SSRC of their own, with the RTX
// payload type; what ties them to their layer is, depending on the sender,
// the repaired-rid header extension (browsers), the layer's own rid
// extension copied onto the retransmission (pion), or an ssrc-group FID
// line of the offer. pion binds rid-stamped repairs as the layer itself,
// so they are told apart before it sees them (direct_in_rtp.go) and, where
// pion still delivers one, unwrapped by the layer's reader.

// repairMatch is what identifies one received layer's RTX stream.
type repairMatch struct {
	mid, rid string
	pt       uint8  // the layer's media payload type
	rtxPT    uint8  // its RTX payload type (apt = pt); 0: none negotiated
	rtxSSRC  uint32 // from ssrc-group FID; 0: unknown
	// negotiated header extension ids, 0 when absent
	midID, ridID, rridID uint8
}

// newRepairMatch describes the layer pion bound as track on recv; offer is
// the remote description it came in.
func newRepairMatch(track *webrtc.TrackRemote, recv *webrtc.RTPReceiver, mid, offer string) repairMatch {
	params := recv.GetParameters()
	// The codec, not PayloadType: pion sets that only on the first read.
	m := repairMatch{mid: mid, rid: track.RID(), pt: uint8(track.Codec().PayloadType)}
	m.rtxPT, m.rtxSSRC = offerRepair(offer, mid, m.pt, uint32(track.SSRC()))
	for _, h := range params.HeaderExtensions {
		switch h.URI {
		case sdp.SDESMidURI:
			m.midID = uint8(h.ID)
		case sdp.SDESRTPStreamIDURI:
			m.ridID = uint8(h.ID)
		case sdp.SDESRepairRTPStreamIDURI:
			m.rridID = uint8(h.ID)
		}
	}
	if m.rtxSSRC == 0 {
		m.rtxSSRC = uint32(track.RtxSSRC())
	}
	return m
}

// offerRepair reads an offer's m-section mid for the RTX payload type
// whose apt is pt (0 when none) and the RTX SSRC it pairs with ssrc by
// a=ssrc-group:FID (0 when it names none).
func offerRepair(offer, mid string, pt uint8, ssrc uint32) (rtxPT uint8, rtxSSRC uint32) {
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
					rtxPT = uint8(n)
				}
			case a.Key == sdp.AttrKeySSRCGroup && ssrc != 0 && len(f) == 3 && f[0] == sdp.SemanticTokenFlowIdentification &&
				f[1] == strconv.FormatUint(uint64(ssrc), 10):
				if n, err := strconv.ParseUint(f[2], 10, 32); err == nil {
					rtxSSRC = uint32(n)
				}
			}
		}
	}
	return rtxPT, rtxSSRC
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
func (m *repairMatch) repairs(h *rtp.Header, ssrc uint32) (match, sure bool) {
	if m.rtxPT == 0 || h.PayloadType != m.rtxPT {
		return false, false
	}
	if m.rtxSSRC != 0 && ssrc == m.rtxSSRC {
		return true, true
	}
	if m.rid == "" {
		return false, false
	}
	named := false
	for _, id := range []uint8{m.rridID, m.ridID} {
		if id != 0 && string(h.GetExtension(id)) == m.rid {
			named = true
		}
	}
	if !named {
		return false, false
	}
	if m.midID == 0 {
		return true, false
	}
	mid := h.GetExtension(m.midID)
	if mid == nil {
		return true, false
	}
	return string(mid) == m.mid, true
}

// unwrapRTX rewrites pkt, an RTX packet (RFC 4588: the original sequence
// number leads the payload), in place into the packet it repairs: the
// original sequence number, the media SSRC and payload type, no padding.
// It returns the new length; ok is false for a packet with no original
// payload (a padding-only bandwidth probe), which repairs nothing.
func unwrapRTX(pkt []byte, ssrc uint32, pt uint8) (n int, ok bool, err error) {
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
