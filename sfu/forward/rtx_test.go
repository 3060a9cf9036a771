package forward

import (
	"bytes"
	"testing"

	"github.com/pion/rtp"

	"souk/sfu/buffer"
)

// A subscriber that negotiated RTX gets NACK answers on its RTX SSRC with
// the RTX payload type, sequence numbers of their own, and the original
// sequence number in front of the payload; one without RTX gets the packet
// again on the media SSRC.
func TestRetransmitOverRTX(t *testing.T) {
	cases := []struct {
		name    string
		rtxSSRC uint32
	}{
		{"rtx negotiated", 6000},
		{"no rtx", 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			totals := &Counters{}
			r, layers := testReceiver(t, totals, nil, QualityHigh)
			d, w := bindDown(r, "sub")
			if tc.rtxSSRC != 0 {
				d.mu.Lock()
				d.rtxSSRC, d.rtxPT, d.rtxBuf, d.rtxSeq = tc.rtxSSRC, 97, make([]byte, buffer.MaxPacketSize+2), 100
				d.mu.Unlock()
			}
			f := newFeeder(t, r, layers)
			f.send(QualityHigh, true)
			for range 5 {
				f.send(QualityHigh, false)
			}
			sent := w.last.SequenceNumber
			want := append([]byte(nil), w.payload...)
			buf := make([]byte, buffer.MaxPacketSize)
			for i := range 2 {
				d.retransmit([]uint16{sent}, buf)
				if w.count() != 7+i {
					t.Fatalf("retransmission %d not written", i)
				}
				got, payload := w.last, w.payload
				if tc.rtxSSRC == 0 {
					if got.SSRC != 5000 || got.PayloadType != 96 || got.SequenceNumber != sent || !bytes.Equal(payload, want) {
						t.Fatalf("plain retransmission: ssrc %d pt %d seq %d", got.SSRC, got.PayloadType, got.SequenceNumber)
					}
					continue
				}
				if got.SSRC != tc.rtxSSRC || got.PayloadType != 97 || got.SequenceNumber != uint16(101+i) {
					t.Fatalf("rtx header: ssrc %d pt %d seq %d", got.SSRC, got.PayloadType, got.SequenceNumber)
				}
				if osn := uint16(payload[0])<<8 | uint16(payload[1]); osn != sent || !bytes.Equal(payload[2:], want) {
					t.Fatalf("rtx payload: osn %d (want %d), payload equal %v", osn, sent, bytes.Equal(payload[2:], want))
				}
			}
			st := d.Stats()
			if st.PacketsRetransmitted != 2 || (tc.rtxSSRC != 0) != (st.RTXSent == 2) {
				t.Fatalf("counters: %+v", st)
			}
		})
	}
}

// A retransmission the publisher sent over RTX fills the subscriber's gap
// with the sequence number the lost packet would have had, goes into the
// cache for later NACKs, and never starts a layer.
func TestRepairFillsGap(t *testing.T) {
	totals := &Counters{}
	r, layers := testReceiver(t, totals, nil, QualityLow, QualityHigh)
	d, w := bindDown(r, "sub")
	d.SetMaxQuality(QualityLow)
	f := newFeeder(t, r, layers)
	f.send(QualityLow, true)
	f.send(QualityLow, false)
	// One packet lost upstream: built but not received.
	f.seq[QualityLow]++
	lostSeq := f.seq[QualityLow]
	lost := vp8RTP(t, 100, lostSeq, f.ts[QualityLow], f.pid[QualityLow], false, 100)
	f.send(QualityLow, false)
	afterGap := w.last.SequenceNumber
	var hdr rtp.Header

	// A repair of a layer this subscriber does not forward goes nowhere.
	r.handleRepair(layers[QualityHigh], &hdr, vp8RTP(t, 102, 5, 1, 1, true, 100))
	if w.count() != 3 || d.Stats().Layer != QualityLow {
		t.Fatalf("repair of another layer forwarded or switched: %d packets, layer %d", w.count(), d.Stats().Layer)
	}

	r.handleRepair(layers[QualityLow], &hdr, lost)
	if w.count() != 4 || w.last.SequenceNumber != afterGap-1 {
		t.Fatalf("repair not forwarded into the gap: %d packets, seq %d (after gap %d)", w.count(), w.last.SequenceNumber, afterGap)
	}
	if totals.RTXReceived.Load() != 1+1 {
		t.Fatalf("RTX received = %d", totals.RTXReceived.Load())
	}
	buf := make([]byte, buffer.MaxPacketSize)
	if n := r.cached(QualityLow, lostSeq, buf); n != len(lost) {
		t.Fatalf("repair not cached: %d bytes", n)
	}
}
