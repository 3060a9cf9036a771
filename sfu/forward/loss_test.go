package forward

import (
	"math"
	"testing"
	"time"
)

func TestLossMeter(t *testing.T) {
	cases := []struct {
		name string
		seqs []uint16
		want float64
	}{
		{"nothing", nil, 0},
		{"in order", []uint16{1, 2, 3, 4}, 0},
		{"one of four missing", []uint16{1, 2, 4}, 0.25},
		{"reordered is not loss", []uint16{1, 3, 2, 4}, 0},
		{"across the wrap", []uint16{65534, 65535, 1}, 0.25},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var m lossMeter
			for _, s := range tc.seqs {
				m.observe(s)
			}
			if got := m.take(); math.Abs(got-tc.want) > 1e-9 {
				t.Fatalf("loss %v, want %v", got, tc.want)
			}
			if got := m.take(); got != 0 {
				t.Fatalf("second take %v, want 0", got)
			}
		})
	}
}

func TestRTTFromReport(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	sent := now.Add(-150 * time.Millisecond)
	lsr := ntpMiddle(sent)
	dlsr := uint32(50 * 65536 / 1000) // the peer held the report 50 ms
	rtt, ok := rttFromReport(now, lsr, dlsr)
	if !ok || rtt < 99*time.Millisecond || rtt > 101*time.Millisecond {
		t.Fatalf("rtt %v %v, want about 100 ms", rtt, ok)
	}
	if _, ok := rttFromReport(now, 0, 0); ok {
		t.Fatal("rtt without a sender report")
	}
}
