package downlink

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// paddingSink records padding written to it and whether its probe was
// closed; refuse makes it decline writes, as a down track mid-frame does.
type paddingSink struct {
	mu      sync.Mutex
	packets int
	stops   int
	refuse  bool
}

func (s *paddingSink) WritePadding(size int) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.refuse {
		return 0
	}
	s.packets++
	return size
}

func (s *paddingSink) StopProbe() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.stops++
}

func (s *paddingSink) counts() (packets, stops int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.packets, s.stops
}

func TestProbePacerPacesEachProbeAtItsOwnRate(t *testing.T) {
	tests := []struct {
		name string
		rate uint64 // bit/s
	}{
		{"slow", 200_000},
		{"fast", 800_000},
		{"below one packet a tick", 64_000},
	}
	var p Pacer
	p.running = true // the test steps the pacer itself: no goroutine
	t0 := time.Unix(1000, 0)
	sinks := make([]*paddingSink, len(tests))
	for i, tc := range tests {
		sinks[i] = &paddingSink{}
		p.start(sinks[i], sinks[i], tc.rate, t0)
	}
	sentInTicks := 0
	for now := t0.Add(probePace); !now.After(t0.Add(probeDuration)); now = now.Add(probePace) {
		more, sent := p.step(now)
		if !more {
			t.Fatalf("pacer stopped at %v, before the probes' end", now.Sub(t0))
		}
		sentInTicks += sent
	}
	sentToSinks := 0
	for i, tc := range tests {
		packets, stops := sinks[i].counts()
		sentToSinks += packets
		want := int(float64(tc.rate) / 8 * probeDuration.Seconds() / probePacketSize)
		if packets < want-1 || packets > want {
			t.Errorf("%s: %d padding packets in %v, want %d (rate %d bit/s)", tc.name, packets, probeDuration, want, tc.rate)
		}
		if stops != 0 {
			t.Errorf("%s: probe closed before its end", tc.name)
		}
	}
	if sentInTicks != sentToSinks {
		t.Errorf("ticks reported %d packets sent, the tracks got %d", sentInTicks, sentToSinks)
	}
	if more, _ := p.step(t0.Add(probeDuration + probePace)); more {
		t.Fatal("pacer goes on after every probe ended")
	}
	for i, tc := range tests {
		if _, stops := sinks[i].counts(); stops != 1 {
			t.Errorf("%s: probe closed %d times, want once", tc.name, stops)
		}
	}
	if p.running || len(p.probes) != 0 {
		t.Fatalf("pacer still holds %d probes (running %v)", len(p.probes), p.running)
	}
}

func TestProbePacerDoesNotBurstAfterRefusals(t *testing.T) {
	var p Pacer
	p.running = true
	t0 := time.Unix(1000, 0)
	sink := &paddingSink{refuse: true}
	rate := uint64(800_000)
	p.start(sink, sink, rate, t0)
	for k := 1; k <= 20; k++ { // 100 ms of refusals
		p.step(t0.Add(time.Duration(k) * probePace))
	}
	sink.mu.Lock()
	sink.refuse = false
	sink.mu.Unlock()
	p.step(t0.Add(21 * probePace))
	packets, _ := sink.counts()
	// The credit is capped at 50 ms of the rate.
	if most := int(float64(rate) / 8 * 0.05 / probePacketSize); packets > most {
		t.Fatalf("%d packets in one tick after refusals, want at most %d", packets, most)
	}
	if packets == 0 {
		t.Fatal("no padding once the track accepts it again")
	}
}

// waitFor polls cond until it holds or the deadline passes.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestProbePacerGoroutineEndsWithTheLastProbe(t *testing.T) {
	var p Pacer
	var flushes atomic.Int32
	p.flush = func(endOfFrame bool) {
		if endOfFrame {
			flushes.Add(1)
		}
	}
	idle := func() bool {
		p.mu.Lock()
		defer p.mu.Unlock()
		return !p.running
	}
	for round := 1; round <= 2; round++ {
		a, b := &paddingSink{}, &paddingSink{}
		p.start(a, a, 400_000, time.Now())
		p.start(b, b, 400_000, time.Now())
		waitFor(t, "both probes to end", func() bool {
			_, sa := a.counts()
			_, sb := b.counts()
			return sa == 1 && sb == 1
		})
		waitFor(t, "the pacer to stop", idle)
		for _, s := range []*paddingSink{a, b} {
			if packets, _ := s.counts(); packets == 0 {
				t.Fatalf("round %d: a probe sent no padding", round)
			}
		}
		if flushes.Load() == 0 {
			t.Fatalf("round %d: padding was left queued: no flush after a tick", round)
		}
		flushes.Store(0)
	}
}
