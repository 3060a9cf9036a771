package forward

import (
	"time"

	"github.com/pion/rtcp"
	"github.com/pion/rtp"
	"github.com/pion/webrtc/v4"

	"souk/sfu/buffer"
)

// retransmit answers a NACK from the publisher's cache.
func (d *DownTrack) retransmit(seqs []uint16, buf []byte) {
	var hdr rtp.Header
	for _, seq := range seqs {
		d.mu.Lock()
		e, current := d.seqMap[seq%seqMapSize], d.current
		d.mu.Unlock()
		// A packet of a layer no longer forwarded is of no use to the
		// subscriber, which moved on to the new layer's keyframe; after a
		// switch down for bandwidth, resending the old layer's losses
		// would keep the link as full as before.
		if !e.valid || int(e.layer) != current {
			continue
		}
		n := d.recv.cached(int(e.layer), e.src, buf)
		if n == 0 {
			continue
		}
		hl, err := hdr.Unmarshal(buf[:n])
		if err != nil {
			continue
		}
		end := n
		if hdr.Padding && n > hl {
			end -= int(buf[n-1])
		}
		if end < hl {
			continue
		}
		payload := buf[hl:end]
		d.mu.Lock()
		if d.bound && !d.closed && !d.unsupported {
			if d.vp8 {
				// The mapping in force now is the one the packet was sent
				// with unless a switch happened since; then the subscriber
				// has moved on and the old picture is of no use anyway.
				payload = d.vp8m.Rewrite(payload, d.scratch[:])
			}
			if d.rtxSSRC != 0 && len(payload)+2 <= len(d.rtxBuf) {
				// RTX: the subscriber's media stream statistics stay
				// those of the media SSRC.
				d.rtxBuf[0], d.rtxBuf[1] = byte(seq>>8), byte(seq)
				rtx := d.rtxBuf[:2+copy(d.rtxBuf[2:], payload)]
				d.rtxSeq++
				if n := d.writeLocked(&hdr, rtx, d.rtxSSRC, d.rtxPT, d.rtxSeq, e.ts, time.Now().UnixNano()); n > 0 {
					d.counts.PacketsRetransmitted++
					d.counts.RTXSent++
				}
			} else if n := d.writeLocked(&hdr, payload, d.ssrc, d.pt, seq, e.ts, time.Now().UnixNano()); n > 0 {
				d.counts.PacketsRetransmitted++
				d.counts.BytesForwarded += uint64(n)
			}
		}
		d.mu.Unlock()
	}
}

// ReadRTCP serves the subscriber's feedback on sender until it stops
// (see HandleRTCP).
func (d *DownTrack) ReadRTCP(sender *webrtc.RTPSender) {
	var fb Feedback
	for {
		pkts, _, err := sender.ReadRTCP()
		if err != nil {
			if !isClosedErr(err) {
				d.log.Debug("rtcp reader stopped", "err", err)
			}
			return
		}
		d.HandleRTCP(pkts, &fb)
	}
}

// Feedback is the scratch space HandleRTCP needs; one per goroutine
// that calls it.
type Feedback struct {
	buf  []byte
	seqs []uint16
}

// HandleRTCP acts on the subscriber's feedback: keyframe requests go to
// the publisher, NACKs are answered from the cache, receiver reports feed
// loss, jitter and round-trip figures, transport-wide feedback goes to
// OnTransportFeedback.
func (d *DownTrack) HandleRTCP(pkts []rtcp.Packet, fb *Feedback) {
	for _, p := range pkts {
		switch p := p.(type) {
		case *rtcp.PictureLossIndication, *rtcp.FullIntraRequest:
			d.recv.RequestKeyframe(d.currentOrTarget())
		case *rtcp.TransportLayerNack:
			fb.seqs = fb.seqs[:0]
			for _, pair := range p.Nacks {
				fb.seqs = append(fb.seqs, pair.PacketList()...)
			}
			d.mu.Lock()
			d.counts.NACKsReceived += uint64(len(fb.seqs))
			d.mu.Unlock()
			if fb.buf == nil {
				fb.buf = make([]byte, buffer.MaxPacketSize)
			}
			d.retransmit(fb.seqs, fb.buf)
		case *rtcp.TransportLayerCC:
			if d.cfg.OnTransportFeedback != nil {
				d.cfg.OnTransportFeedback(p)
			}
		case *rtcp.ReceiverReport:
			d.observeReports(p.Reports)
		case *rtcp.SenderReport:
			d.observeReports(p.Reports)
		}
	}
}

func (d *DownTrack) observeReports(reports []rtcp.ReceptionReport) {
	d.mu.Lock()
	ssrc := d.ssrc
	d.mu.Unlock()
	for _, r := range reports {
		if r.SSRC != ssrc {
			continue
		}
		d.fractionLost.Store(uint32(r.FractionLost))
		d.jitter.Store(r.Jitter)
		if rtt, ok := rttFromReport(time.Now(), r.LastSenderReport, r.Delay); ok {
			d.rttMs.Store(uint32(rtt / time.Millisecond))
		}
	}
}

func (d *DownTrack) currentOrTarget() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.current >= 0 {
		return d.current
	}
	return d.target
}
