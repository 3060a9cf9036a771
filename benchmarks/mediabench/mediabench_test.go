package mediabench

import (
	"bytes"
	"encoding/xml"
	"hash/maphash"
	"testing"
	"time"

	"github.com/pion/rtp"
)

func TestLoopsLoad(t *testing.T) {
	for _, codec := range []string{CodecVP8, CodecH264} {
		for _, size := range simulcastSizes {
			l, err := loadVideo(codec, size)
			if err != nil {
				t.Fatalf("%s %s: %v", codec, size, err)
			}
			// generate.sh: 5 s at 30 fps, a keyframe every 50 frames.
			if len(l.frames) != 150 || len(l.keyframes) != 3 || l.interval != time.Second/30 {
				t.Errorf("%s %s: %d frames, keyframes %v, interval %v", codec, size, len(l.frames), l.keyframes, l.interval)
			}
			for i, f := range l.frames {
				for _, p := range f.payloads {
					if len(p) > rtpMTU {
						t.Fatalf("%s %s frame %d: payload %d > %d", codec, size, i, len(p), rtpMTU)
					}
				}
			}
		}
	}
	a, err := loadOpus()
	if err != nil {
		t.Fatal(err)
	}
	if n := len(a.frames); n < 240 || n > 260 {
		t.Errorf("opus: %d frames of 20 ms, want about 250", n)
	}
}

// The sweep tone never repeats a packet within the loop, so every audio
// packet's delay can be measured.
func TestAudioPacketsAreDistinct(t *testing.T) {
	a, err := loadOpus()
	if err != nil {
		t.Fatal(err)
	}
	seed := maphash.MakeSeed()
	seen := map[uint64]int{}
	for i, f := range a.frames {
		k := payloadKey(seed, f.payloads[0])
		if j, dup := seen[k]; dup {
			t.Fatalf("frames %d and %d share their last %d bytes", j, i, stampTail)
		}
		seen[k] = i
	}
}

func TestStampTable(t *testing.T) {
	st := newStampTable(maphash.MakeSeed())
	t0 := time.Now()
	st.sent([]byte("unique payload"), t0)
	if d, ok := st.delay([]byte("unique payload"), t0.Add(3*time.Millisecond)); !ok || d != 3*time.Millisecond {
		t.Errorf("delay %v %v, want 3ms", d, ok)
	}
	if _, ok := st.delay([]byte("never sent"), t0); ok {
		t.Error("a packet never sent has a delay")
	}
	st.sent([]byte("repeated"), t0)
	st.sent([]byte("repeated"), t0.Add(time.Second))
	if _, ok := st.delay([]byte("repeated"), t0.Add(time.Second+time.Millisecond)); ok {
		t.Error("an ambiguous payload was measured")
	}
	st.sent([]byte("looped"), t0)
	st.sent([]byte("looped"), t0.Add(5*time.Second))
	if d, ok := st.delay([]byte("looped"), t0.Add(5*time.Second+2*time.Millisecond)); !ok || d != 2*time.Millisecond {
		t.Errorf("a loop repetition: %v %v, want 2ms", d, ok)
	}
}

func TestHistogramQuantiles(t *testing.T) {
	var h histogram
	for i := 1; i <= 100; i++ {
		h.add(time.Duration(i) * time.Millisecond)
	}
	for _, tc := range []struct {
		q    float64
		want time.Duration
	}{{0.5, 50 * time.Millisecond}, {0.99, 99 * time.Millisecond}} {
		got := h.quantile(tc.q)
		if got < tc.want || float64(got) > float64(tc.want)*1.03 {
			t.Errorf("q%.2f = %v, want %v within one bucket", tc.q, got, tc.want)
		}
	}
}

func TestRecvTrackCountsLossAcrossWrap(t *testing.T) {
	r := &recvTrack{clockRate: 90000, stamps: newStampTable(maphash.MakeSeed()), delays: &histogram{}}
	now := time.Now()
	seq := uint16(65530)
	for i := 0; i < 20; i++ {
		if i != 7 && i != 8 { // two lost, across the wrap
			r.packet(&rtp.Packet{Header: rtp.Header{SequenceNumber: seq, Timestamp: uint32(i) * 3000}, Payload: []byte{byte(i)}}, now)
		}
		seq++
		now = now.Add(33 * time.Millisecond)
	}
	s := r.snapshot()
	if exp := s.maxExt - s.firstExt + 1; exp != 20 || s.received != 18 {
		t.Fatalf("expected %d received %d, want 20 and 18", exp, s.received)
	}
	if got := lossPct(20, s.received); got != 10 {
		t.Errorf("loss %.1f %%, want 10", got)
	}
}

func TestSweepPlotIsSVG(t *testing.T) {
	steps := []*Report{
		{Subscribers: 5, Codec: "vp8", Server: ServerStats{CPUCores: 0.2}, Total: RoleStats{LossPct: 0, DelayP50Ms: 1, DelayP99Ms: 5}},
		{Subscribers: 10, Codec: "vp8", Server: ServerStats{CPUCores: 0.5}, Total: RoleStats{LossPct: 2.5, DelayP50Ms: 2, DelayP99Ms: 30}},
	}
	var buf bytes.Buffer
	if err := writeSweepSVG(&buf, steps); err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(&buf)
	for {
		if _, err := dec.Token(); err != nil {
			if err.Error() == "EOF" {
				break
			}
			t.Fatalf("not well-formed XML: %v", err)
		}
	}
}

func TestSweepSteps(t *testing.T) {
	got := sweepSteps(5, 200)
	want := []int{5, 10, 20, 40, 80, 120, 160}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
}
