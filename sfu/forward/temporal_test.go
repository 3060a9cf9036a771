package forward

import (
	"testing"

	"github.com/pion/rtp"
	"github.com/pion/webrtc/v4"
)

// temporalStream plays a VP8 encoder with three temporal layers (L1T3):
// pictures go TID 0, 2, 1, 2, …; the first TID 2 and the TID 1 picture
// after each base picture carry the layer-sync bit (they reference only
// the base layer), and every picture is two packets.
type temporalStream struct {
	tb  testing.TB
	r   *Receiver
	l   *layer
	hdr rtp.Header
	seq uint16
	ts  uint32
	pid uint16
	tl0 uint8
	n   int
}

var l1t3 = [4]struct {
	tid  uint8
	sync bool
}{{0, false}, {2, true}, {1, true}, {2, false}}

// picture sends the next picture and returns its TID.
func (s *temporalStream) picture(key bool) uint8 {
	s.tb.Helper()
	step := l1t3[s.n%4]
	if key {
		step = l1t3[0]
	}
	s.n++
	s.pid = (s.pid + 1) & 0x7fff
	if step.tid == 0 {
		s.tl0++
	}
	s.ts += 3000
	for i := range 2 {
		b0 := byte(0x80)
		if i == 0 {
			b0 |= 0x10
		}
		tidByte := step.tid << 6
		if step.sync {
			tidByte |= 0x20
		}
		frame := byte(0x01)
		if key {
			frame = 0x00
		}
		payload := []byte{b0, 0xe0, 0x80 | byte(s.pid>>8), byte(s.pid), s.tl0, tidByte, frame, 0xaa, 0xbb}
		s.seq++
		pkt, err := (&rtp.Packet{Header: rtp.Header{Version: 2, PayloadType: 96, SSRC: 102, SequenceNumber: s.seq, Timestamp: s.ts, Marker: i == 1}, Payload: payload}).Marshal()
		if err != nil {
			s.tb.Fatal(err)
		}
		s.r.handlePacket(s.l, webrtc.MimeTypeVP8, &s.hdr, pkt)
	}
	return step.tid
}

// recorder keeps what a subscriber received.
type recorder struct {
	fakeWriter
	seqs []uint16
	pids []uint16
	tl0s []uint8
	tids []uint8
}

func (w *recorder) WriteRTP(h *rtp.Header, payload []byte) (int, error) {
	n, err := w.fakeWriter.WriteRTP(h, payload)
	d, _ := parseVP8(payload)
	w.seqs = append(w.seqs, h.SequenceNumber)
	w.pids = append(w.pids, d.pid)
	w.tl0s = append(w.tl0s, d.tl0)
	w.tids = append(w.tids, d.tid)
	return n, err
}

func newTemporalTrack(t *testing.T) (*temporalStream, *DownTrack, *recorder) {
	r, layers := testReceiver(t, &Counters{}, nil, QualityHigh)
	d, _ := bindDown(r, "sub")
	w := &recorder{}
	d.mu.Lock()
	d.writer = w
	d.mu.Unlock()
	// 7.5, 15 and 30 frames per second as measured on the publisher's
	// stream (TID 0 a quarter of the pictures, TID 1 a quarter, TID 2 half).
	for tid, fps := range []uint32{750, 750, 1500} {
		layers[QualityHigh].rates.fps100[tid].Store(fps)
	}
	return &temporalStream{tb: t, r: r, l: layers[QualityHigh], pid: 100}, d, w
}

// checkContinuous fails unless sequence numbers and picture ids (per
// picture: two packets each) step by one.
func checkContinuous(t *testing.T, w *recorder) {
	t.Helper()
	for i := 1; i < len(w.seqs); i++ {
		if w.seqs[i] != w.seqs[i-1]+1 {
			t.Fatalf("sequence gap at %d: %v", i, w.seqs)
		}
		if d := w.pids[i] - w.pids[i-1]; (i%2 == 1 && d != 0) || (i%2 == 0 && d != 1) {
			t.Fatalf("picture id jump at %d: %v", i, w.pids)
		}
	}
}

func TestTemporalLayerFiltering(t *testing.T) {
	s, d, w := newTemporalTrack(t)
	s.picture(true)
	for range 7 {
		s.picture(false)
	}
	if len(w.seqs) != 16 {
		t.Fatalf("without an fps wish every picture goes: %d packets", len(w.seqs))
	}

	// 8 fps: the base layer (7.5 fps measured) is the closest that covers
	// it within 10 %; the change applies at once, the stream stays gapless.
	d.SetMaxFPS(8)
	w.seqs, w.pids, w.tl0s, w.tids = nil, nil, nil, nil
	for range 8 {
		s.picture(false)
	}
	for _, tid := range w.tids {
		if tid != 0 {
			t.Fatalf("TID %d forwarded at 8 fps: %v", tid, w.tids)
		}
	}
	if len(w.seqs) != 4 || d.Stats().Temporal != 0 {
		t.Fatalf("base layer: %d packets, temporal %d", len(w.seqs), d.Stats().Temporal)
	}
	checkContinuous(t, w)
	for i := 2; i < len(w.tl0s); i += 2 {
		if w.tl0s[i] != w.tl0s[i-2]+1 {
			t.Fatalf("TL0PICIDX not consecutive on base pictures: %v", w.tl0s)
		}
	}

	// 15 fps: up to TID 1, but only from a TID 1 picture with the sync
	// bit; the non-sync TID 2 picture in between is not a way up either.
	d.SetMaxFPS(15)
	w.seqs, w.pids, w.tl0s, w.tids = nil, nil, nil, nil
	var sent []uint8
	for range 8 {
		sent = append(sent, s.picture(false))
	}
	// Sent: 0 2s 1s 2 0 2s 1s 2: forwarded 0, 1, 0, 1.
	want := []uint8{0, 0, 1, 1, 0, 0, 1, 1}
	if len(w.tids) != len(want) {
		t.Fatalf("15 fps: got TIDs %v of %v", w.tids, sent)
	}
	for i := range want {
		if w.tids[i] != want[i] {
			t.Fatalf("15 fps: got TIDs %v of %v", w.tids, sent)
		}
	}
	checkContinuous(t, w)

	// No limit: everything again from the next TID 2 sync picture.
	d.SetMaxFPS(0)
	w.seqs, w.pids, w.tl0s, w.tids = nil, nil, nil, nil
	for range 4 {
		s.picture(false)
	}
	if len(w.tids) != 8 || d.Stats().Temporal < 2 {
		t.Fatalf("all layers: TIDs %v, temporal %d", w.tids, d.Stats().Temporal)
	}
	checkContinuous(t, w)
}

// Going up waits for a sync picture or a keyframe.
func TestTemporalUpSwitchWaitsForSync(t *testing.T) {
	s, d, w := newTemporalTrack(t)
	d.SetMaxFPS(7)
	s.picture(true) // TID 0 key
	s.picture(false)
	s.picture(false)
	s.picture(false) // TID 2, not sync
	d.SetMaxFPS(30)
	w.seqs, w.pids, w.tl0s, w.tids = nil, nil, nil, nil
	s.n = 3 // next: TID 2 without sync
	s.picture(false)
	if len(w.tids) != 0 {
		t.Fatalf("went up on a picture without the sync bit: %v", w.tids)
	}
	s.picture(true) // keyframe: everything from here
	s.picture(false)
	if len(w.tids) != 4 || d.Stats().Temporal != TemporalAll {
		t.Fatalf("keyframe did not lift the limit: %v", w.tids)
	}
}

func TestFrameRatesAndTemporalForFPS(t *testing.T) {
	var f frameRates
	now := int64(1)
	// Two seconds of 30 fps L1T3.
	for i := range 62 {
		f.count(l1t3[i%4].tid, now)
		now += int64(1e9) / 30
	}
	got := f.cumulative()
	if got[0] < 7 || got[0] > 8 || got[1] < 14.5 || got[1] > 15.5 || got[2] < 29.5 || got[2] > 30.5 {
		t.Fatalf("cumulative rates %v", got)
	}
	cases := []struct {
		fps  uint32
		want int
	}{{0, TemporalAll}, {5, 0}, {8, 0}, {10, 1}, {15, 1}, {16, 1}, {20, TemporalAll}, {60, TemporalAll}}
	for _, tc := range cases {
		if g := TemporalForFPS(got, tc.fps); g != tc.want {
			t.Errorf("TemporalForFPS(%v, %d) = %d, want %d", got, tc.fps, g, tc.want)
		}
	}
	if g := TemporalForFPS([MaxTemporalLayers]float64{}, 10); g != TemporalAll {
		t.Errorf("unknown rates: %d", g)
	}
}
