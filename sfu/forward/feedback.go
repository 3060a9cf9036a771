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
		e := d.seqMap[seq%seqMapSize]
		d.mu.Unlock()
		if !e.valid {
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
			if n := d.writeLocked(&hdr, payload, seq, e.ts); n > 0 {
				d.stats.PacketsRetransmitted.Add(1)
				d.totals.PacketsRetransmitted.Add(1)
				d.stats.BytesForwarded.Add(uint64(n))
				d.totals.BytesForwarded.Add(uint64(n))
			}
		}
		d.mu.Unlock()
	}
}

// ReadRTCP serves the subscriber's feedback on sender until it stops:
// keyframe requests go to the publisher, NACKs are answered from the cache,
// receiver reports feed loss, jitter and round-trip figures.
func (d *DownTrack) ReadRTCP(sender *webrtc.RTPSender) {
	buf := make([]byte, buffer.MaxPacketSize)
	var seqs []uint16
	for {
		pkts, _, err := sender.ReadRTCP()
		if err != nil {
			if !isClosedErr(err) {
				d.log.Debug("rtcp reader stopped", "err", err)
			}
			return
		}
		for _, p := range pkts {
			switch p := p.(type) {
			case *rtcp.PictureLossIndication, *rtcp.FullIntraRequest:
				d.recv.RequestKeyframe(d.currentOrTarget())
			case *rtcp.TransportLayerNack:
				seqs = seqs[:0]
				for _, pair := range p.Nacks {
					seqs = append(seqs, pair.PacketList()...)
				}
				d.stats.NACKsReceived.Add(uint64(len(seqs)))
				d.totals.NACKsReceived.Add(uint64(len(seqs)))
				d.retransmit(seqs, buf)
			case *rtcp.ReceiverReport:
				d.observeReports(p.Reports)
			case *rtcp.SenderReport:
				d.observeReports(p.Reports)
			}
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
