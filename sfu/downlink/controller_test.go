package downlink

import (
	"testing"
	"time"

	"souk/sfu/bwe"
	"souk/sfu/forward"
)

// fakeClock is a synthetic clock the test moves.
type fakeClock struct{ now time.Time }

func (c *fakeClock) Now() time.Time { return c.now }

// fakeDown is a down track as the controller sees it: what it forwarded
// and the subscriber reported, and what the controller set on it.
type fakeDown struct {
	wanted  int
	stats   forward.TrackStats
	canPad  bool
	padded  int
	quality int
	bitrate uint64
	set     int // SetBandwidthQuality calls
}

// newFakeDown is a track that wants quality and forwards no layer yet.
func newFakeDown(wanted int) *fakeDown {
	return &fakeDown{wanted: wanted, stats: forward.TrackStats{Layer: forward.QualityOff}}
}

func (d *fakeDown) Wanted() int               { return d.wanted }
func (d *fakeDown) Stats() forward.TrackStats { return d.stats }
func (d *fakeDown) SetBandwidthQuality(q int, bitrate uint64) {
	d.quality, d.bitrate = q, bitrate
	d.set++
}
func (d *fakeDown) CanPad() bool { return d.canPad }
func (d *fakeDown) WritePadding(size int) int {
	d.padded++
	return size
}

// layers is a camera's three simulcast layers, as announced.
var layers = []uint64{150_000, 500_000, 1_200_000}

// On the loss-only estimate (no transport-wide feedback), the slow ticks
// share the estimate among the video tracks by priority, the others
// change nothing, and what the allocation held back is the squeeze.
func TestTickAllocatesTheLossEstimate(t *testing.T) {
	t0 := time.Unix(1000, 0)
	cases := []struct {
		name     string
		bitrates [2][]uint64
		wanted   [2]int
		want     [2]int // quality set on each track
		squeeze  bwe.Squeeze
	}{
		{"both fit", [2][]uint64{layers, layers}, [2]int{forward.QualityHigh, forward.QualityHigh},
			[2]int{forward.QualityHigh, forward.QualityHigh}, bwe.None},
		{"the second is reduced", [2][]uint64{layers, {150_000, 500_000, 2_500_000}}, [2]int{forward.QualityHigh, forward.QualityHigh},
			[2]int{forward.QualityHigh, forward.QualityMedium}, bwe.Reduced},
		{"a disabled track keeps no bandwidth cap", [2][]uint64{layers, layers}, [2]int{forward.QualityHigh, -1},
			[2]int{forward.QualityHigh, forward.QualityHigh}, bwe.None},
		{"nothing fits", [2][]uint64{{4_000_000, 5_000_000, 6_000_000}, {4_000_000, 5_000_000, 6_000_000}},
			[2]int{forward.QualityHigh, forward.QualityHigh}, [2]int{bwe.Off, bwe.Off}, bwe.Paused},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := New(Config{Clock: &fakeClock{now: t0}})
			downs := [2]*fakeDown{newFakeDown(tc.wanted[0]), newFakeDown(tc.wanted[1])}
			subs := []Subscription{
				{ID: "TR_a", Down: downs[0], Video: true, Priority: 1, Bitrates: tc.bitrates[0]},
				{ID: "TR_b", Down: downs[1], Video: true, Bitrates: tc.bitrates[1]},
			}
			c.Tick(t0, false, subs)
			if downs[0].set+downs[1].set != 0 {
				t.Fatal("a fast tick without transport-wide feedback allocated")
			}
			c.Tick(t0.Add(time.Second), true, subs)
			for i, d := range downs {
				if d.set != 1 || d.quality != tc.want[i] {
					t.Errorf("track %d: quality %d after %d settings, want %d", i, d.quality, d.set, tc.want[i])
				}
			}
			if got := c.Squeeze(); got != tc.squeeze {
				t.Errorf("squeeze %v, want %v", got, tc.squeeze)
			}
		})
	}
}

// The audio forwarded between ticks comes off the budget before video.
func TestTickTakesAudioOffTheBudget(t *testing.T) {
	t0 := time.Unix(1000, 0)
	c := New(Config{Clock: &fakeClock{now: t0}})
	// 3.2 Mbit/s of the loss-only estimate's 3.5 Mbit/s at the second
	// tick: video keeps only its low layer.
	audio := newFakeDown(forward.QualityHigh)
	video := newFakeDown(forward.QualityHigh)
	subs := []Subscription{{ID: "TR_a", Down: audio}, {ID: "TR_v", Down: video, Video: true, Bitrates: layers}}
	c.Tick(t0, true, subs)
	if video.quality != forward.QualityHigh {
		t.Fatalf("without audio: quality %d, want high", video.quality)
	}
	audio.stats.BytesForwarded = 3_200_000 / 8
	c.Tick(t0.Add(time.Second), true, subs)
	if video.quality != forward.QualityLow || c.Squeeze() != bwe.Reduced {
		t.Fatalf("with 3.2 Mbit/s of audio: quality %d, squeeze %v; want low, reduced", video.quality, c.Squeeze())
	}
}

// withFeedback makes c's estimate one from transport-wide feedback: one
// packet sent and reported.
func withFeedback(t *testing.T, c *Controller, now time.Time) {
	t.Helper()
	seq := c.sendSide.Stamp(1000, now.UnixNano())
	c.sendSide.OnPackets([]bwe.PacketResult{{Seq: seq, Received: true, ArrivalNs: now.UnixNano()}}, now)
	if !c.sendSide.HasFeedback() {
		t.Fatal("the estimate took no feedback")
	}
}

// A wanted layer above the estimate is probed for on a track that can
// carry padding; a probe without a result times out and the next waits
// out the backoff.
func TestTickProbesForAWantedLayer(t *testing.T) {
	t0 := time.Unix(1000, 0)
	clock := &fakeClock{now: t0}
	pacer := NewPacer(nil)
	pacer.running = true // the test steps the pacer itself: no goroutine
	totals := &forward.Counters{}
	c := New(Config{Clock: clock, Pacer: pacer, Totals: totals})
	withFeedback(t, c, t0)
	// The estimate starts at 3 Mbit/s: the middle layer fits, the top
	// one does not.
	down := newFakeDown(forward.QualityHigh)
	down.canPad = true
	subs := []Subscription{{ID: "TR_v", Down: down, Video: true, Bitrates: []uint64{300_000, 1_000_000, 4_000_000}}}
	c.Tick(t0, false, subs)
	if down.quality != forward.QualityMedium {
		t.Fatalf("quality %d, want medium", down.quality)
	}
	if got := c.Stats().Probes; got != 1 || totals.Probes.Load() != 1 {
		t.Fatalf("%d probes (%d counted), want 1", got, totals.Probes.Load())
	}
	if more, sent := pacer.step(t0.Add(50 * time.Millisecond)); !more || sent == 0 || down.padded != sent {
		t.Fatalf("pacer step: more %v, %d sent, %d padded; want padding on the track", more, sent, down.padded)
	}
	// The probe never reports: it is given up after probeTimeout, and the
	// next one waits probeBackoffMin.
	c.Tick(t0.Add(probeTimeout-time.Millisecond), false, subs)
	c.Tick(t0.Add(probeTimeout), false, subs)
	if got := c.Stats().Probes; got != 1 {
		t.Fatalf("%d probes before the backoff ended, want 1", got)
	}
	c.Tick(t0.Add(probeTimeout+probeBackoffMin), false, subs)
	if got := c.Stats(); got.Probes != 2 || got.ProbesSucceeded != 0 {
		t.Fatalf("probes %d (%d succeeded), want a second unsuccessful one", got.Probes, got.ProbesSucceeded)
	}
}

// Without a track that can carry padding nothing is probed.
func TestTickDoesNotProbeWithoutPadding(t *testing.T) {
	t0 := time.Unix(1000, 0)
	pacer := NewPacer(nil)
	pacer.running = true
	c := New(Config{Clock: &fakeClock{now: t0}, Pacer: pacer})
	withFeedback(t, c, t0)
	down := newFakeDown(forward.QualityHigh)
	c.Tick(t0, false, []Subscription{{ID: "TR_v", Down: down, Video: true, Bitrates: []uint64{300_000, 1_000_000, 4_000_000}}})
	if got := c.Stats().Probes; got != 0 {
		t.Fatalf("%d probes with nothing to pad", got)
	}
}

// Quality is the worst of the subscriptions' reports, each jitter at its
// clock rate, with the last allocation's squeeze.
func TestQuality(t *testing.T) {
	t0 := time.Unix(1000, 0)
	c := New(Config{Clock: &fakeClock{now: t0}})
	video := &fakeDown{wanted: forward.QualityHigh, stats: forward.TrackStats{Layer: forward.QualityOff, FractionLost: 64, RTTMillis: 120, Jitter: 9000}}
	audio := &fakeDown{stats: forward.TrackStats{FractionLost: 8, RTTMillis: 300, Jitter: 960}}
	subs := []Subscription{{ID: "TR_a", Down: audio}, {ID: "TR_v", Down: video, Video: true, Bitrates: []uint64{4_000_000, 5_000_000, 6_000_000}}}
	c.Tick(t0, true, subs)
	q := c.Quality(subs)
	want := Quality{Loss: 0.25, RTT: 300 * time.Millisecond, Jitter: 100 * time.Millisecond, Squeeze: bwe.Paused}
	if q != want {
		t.Fatalf("quality %+v, want %+v", q, want)
	}
}

// Feedback and statistics are read at the controller's clock.
func TestFeedbackUsesTheClock(t *testing.T) {
	clock := &fakeClock{now: time.Unix(1000, 0)}
	c := New(Config{Clock: clock})
	if c.Stats().TransportCC {
		t.Fatal("transport-wide feedback before any arrived")
	}
	seq := c.Transport().Stamp(1200, clock.now.UnixNano())
	// A one-packet transport-wide feedback report, as a subscriber sends it.
	b := []byte{0x8f, 205, 0, 5, 0, 0, 0, 1, 0, 0, 0, 2, byte(seq >> 8), byte(seq), 0, 1, 0, 0, 0, 0, 0x20, 0x01, 0x04, 0}
	if err := c.OnFeedbackWire(b); err != nil {
		t.Fatal(err)
	}
	if st := c.Stats(); !st.TransportCC {
		t.Fatalf("stats %+v: the feedback was not taken", st)
	}
}
