package sfu

import (
	"strings"

	"github.com/pion/rtcp"
	"github.com/pion/webrtc/v4"

	"souk/sfu/forward"
)

// REMB toward publishers. Transport-wide feedback on what a publisher
// sends comes from pion's TWCC interceptor on the receive side (see
// newAPI), and the publisher's own estimator turns it into a send rate.
// That rate follows the publisher's uplink, not what anyone downstream
// can use, so when the publisher negotiated goog-remb it also gets a
// receiver estimate once a second: the sum, over its video tracks, of the
// announced bit rates of every layer up to the best one a subscriber
// wants, with rembHeadroom to spare, plus remAudio per audio track. A
// browser treats REMB as a cap on its send rate, so a layer nobody
// watches is not given bandwidth it would take from the others. It also
// goes out at once when what subscribers want changes (with the dynacast
// update), so a raised cap reaches the encoder as it resumes a layer.
const (
	rembHeadroom = 1.25
	rembAudio    = 64_000
	rembFloor    = 300_000
)

// sendREMB sends the publisher's receiver estimate; nothing when it did
// not negotiate goog-remb or publishes nothing.
func (p *Participant) sendREMB() {
	if p.pub == nil {
		return
	}
	p.mu.Lock()
	type pubRates struct {
		recv      *forward.Receiver
		announced [forward.NumLayers]uint64
	}
	var pubs []pubRates
	for _, t := range p.published {
		if t.pub == nil {
			continue
		}
		pubs = append(pubs, pubRates{recv: t.pub.recv})
		for _, l := range t.info.GetLayers() {
			if q := int(l.GetQuality()); q >= 0 && q < forward.NumLayers {
				pubs[len(pubs)-1].announced[q] = uint64(l.GetBitrate())
			}
		}
	}
	p.mu.Unlock()
	if len(pubs) == 0 || !negotiatedREMB(p.pub.pc) {
		return
	}
	var total float64
	for _, t := range pubs {
		if t.recv.Kind() == webrtc.RTPCodecTypeAudio {
			total += rembAudio
			continue
		}
		// Never below the low layer: when nobody watches, dynacast pauses
		// the layers anyway, and a cap far below what the next subscriber
		// needs would only slow the encoder's climb back.
		total += rembHeadroom * float64(wantedBitrate(t.announced, max(t.recv.Wanted(), forward.QualityLow)))
	}
	ssrcs := receivedVideoSSRCs(p.pub.pc)
	if len(ssrcs) == 0 {
		return
	}
	remb := &rtcp.ReceiverEstimatedMaximumBitrate{Bitrate: float32(max(total, rembFloor)), SSRCs: ssrcs}
	if err := p.pub.pc.WriteRTCP([]rtcp.Packet{remb}); err != nil {
		p.log.Debug("remb not sent", "err", err)
	}
}

// wantedBitrate is what a simulcast publisher sends when every layer up to
// wanted is on: the sum of those layers' announced rates (0 when none
// were announced or nobody wants any).
func wantedBitrate(announced [forward.NumLayers]uint64, wanted int) uint64 {
	var sum uint64
	for q := 0; q <= wanted && q < forward.NumLayers; q++ {
		sum += announced[q]
	}
	return sum
}

// negotiatedREMB reports whether the client's description offers
// goog-remb feedback.
func negotiatedREMB(pc *webrtc.PeerConnection) bool {
	d := pc.RemoteDescription()
	return d != nil && strings.Contains(d.SDP, "goog-remb")
}

// receivedVideoSSRCs lists the SSRCs of the video the publisher sends.
func receivedVideoSSRCs(pc *webrtc.PeerConnection) []uint32 {
	var out []uint32
	for _, r := range pc.GetReceivers() {
		// Track() is nil for a simulcast receiver: it has one per layer.
		for _, t := range r.Tracks() {
			if s := uint32(t.SSRC()); s != 0 && t.Kind() == webrtc.RTPCodecTypeVideo {
				out = append(out, s)
			}
		}
	}
	return out
}
