package bwe

import (
	"testing"
	"time"

	"github.com/pion/interceptor/pkg/twcc"
	"github.com/pion/rtcp"
)

// Feedback built by pion's receive-side recorder (what a pion subscriber
// sends) parses back into the packets and arrival gaps it recorded,
// across a sequence wrap, with losses in run-length and vector chunks.
func TestParseFeedbackFromARealRecorder(t *testing.T) {
	type arrival struct {
		seq uint16
		us  int64
	}
	var recorded []arrival
	lost := map[uint16]bool{}
	at := int64(1_000_000)
	for i := 0; i < 60; i++ {
		seq := uint16(65510 + i)
		at += int64(1000 + 300*(i%7))
		if i%9 == 4 || (i >= 30 && i < 44) {
			lost[seq] = true
			continue
		}
		recorded = append(recorded, arrival{seq, at})
	}
	rec := twcc.NewRecorder(1)
	for _, a := range recorded {
		rec.Record(5, a.seq, a.us)
	}
	var results []PacketResult
	for _, p := range rec.BuildFeedbackPacket() {
		if fb, ok := p.(*rtcp.TransportLayerCC); ok {
			results = ParseFeedback(fb, results)
		}
	}
	if len(results) != 60 {
		t.Fatalf("%d results, want 60", len(results))
	}
	var firstNs int64
	ri := 0
	for i, r := range results {
		want := uint16(65510 + i)
		if r.Seq != want {
			t.Fatalf("result %d: seq %d, want %d", i, r.Seq, want)
		}
		if r.Received == lost[want] {
			t.Fatalf("seq %d: received %v, lost %v", want, r.Received, lost[want])
		}
		if !r.Received {
			continue
		}
		a := recorded[ri]
		ri++
		if ri == 1 {
			firstNs = r.ArrivalNs - a.us*1000
		}
		// Deltas travel in 250 µs units: allow one unit of rounding.
		if d := r.ArrivalNs - a.us*1000 - firstNs; d < -250_000 || d > 250_000 {
			t.Fatalf("seq %d: arrival off by %v", want, time.Duration(d))
		}
	}
}

// Stamping one subscriber's packets from several down tracks at once
// never hands out a sequence number twice.
func TestStampIsUniqueUnderConcurrency(t *testing.T) {
	s := NewSendSide(1_000_000, 100_000, 10_000_000)
	const workers, each = 4, 5000
	seen := make(chan uint16, workers*each)
	done := make(chan struct{})
	for w := 0; w < workers; w++ {
		go func() {
			for i := 0; i < each; i++ {
				seen <- s.Stamp(100, int64(i))
			}
			done <- struct{}{}
		}()
	}
	for w := 0; w < workers; w++ {
		<-done
	}
	close(seen)
	got := map[uint16]int{}
	for seq := range seen {
		got[seq]++
	}
	// 20,000 numbers from a 16-bit space: every one distinct.
	if len(got) != workers*each {
		t.Fatalf("%d distinct sequence numbers, want %d", len(got), workers*each)
	}
}

func TestStampDoesNotAllocate(t *testing.T) {
	s := NewSendSide(1_000_000, 100_000, 10_000_000)
	if n := testing.AllocsPerRun(1000, func() { s.Stamp(1200, 1) }); n != 0 {
		t.Fatalf("%v allocations per stamp", n)
	}
}
