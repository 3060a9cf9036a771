package forward

import "testing"

func TestMunger(t *testing.T) {
	type step struct {
		op      string // "switch", "pkt", "skip"
		seq     uint16
		ts      uint32
		wantSeq uint16
		wantOK  bool
	}
	cases := []struct {
		name  string
		steps []step
	}{
		{"continuous", []step{{"switch", 100, 1000, 0, false}, {"pkt", 100, 1000, 100, true}, {"pkt", 101, 1000, 101, true}, {"pkt", 102, 2000, 102, true}}},
		{"wraparound", []step{{"switch", 65535, 0, 0, false}, {"pkt", 65535, 0, 65535, true}, {"pkt", 0, 0, 0, true}, {"pkt", 1, 0, 1, true}}},
		{"switch continues sequence", []step{{"switch", 10, 0, 0, false}, {"pkt", 10, 0, 10, true}, {"pkt", 11, 0, 11, true}, {"switch", 5000, 0, 0, false}, {"pkt", 5000, 0, 12, true}, {"pkt", 5001, 0, 13, true}}},
		{"older than switch dropped", []step{{"switch", 10, 0, 0, false}, {"pkt", 10, 0, 10, true}, {"switch", 500, 0, 0, false}, {"pkt", 499, 0, 0, false}, {"pkt", 500, 0, 11, true}}},
		{"padding hidden", []step{{"switch", 1, 0, 0, false}, {"pkt", 1, 0, 1, true}, {"skip", 2, 0, 0, false}, {"pkt", 3, 0, 2, true}, {"pkt", 4, 0, 3, true}}},
		{"reordered kept", []step{{"switch", 1, 0, 0, false}, {"pkt", 1, 0, 1, true}, {"pkt", 3, 0, 3, true}, {"pkt", 2, 0, 2, true}, {"pkt", 4, 0, 4, true}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var m Munger
			now := int64(0)
			for i, s := range tc.steps {
				now += 20e6
				switch s.op {
				case "switch":
					m.SwitchTo(s.seq, s.ts, now, 90000)
				case "skip":
					m.Skip(s.seq)
				case "pkt":
					seq, _, ok := m.Update(s.seq, s.ts, now)
					if ok != s.wantOK || (ok && seq != s.wantSeq) {
						t.Fatalf("step %d: got (%d,%v), want (%d,%v)", i, seq, ok, s.wantSeq, s.wantOK)
					}
				}
			}
		})
	}
}

// A long stream keeps flowing across many sequence wraps.
func TestMungerLongStream(t *testing.T) {
	var m Munger
	m.SwitchTo(100, 0, 0, 90000)
	seq := uint16(100)
	for i := 0; i < 200_000; i++ {
		out, _, ok := m.Update(seq, 0, 0)
		if !ok || out != seq {
			t.Fatalf("packet %d (seq %d): got (%d,%v)", i, seq, out, ok)
		}
		seq++
	}
}

func TestMungerTimestampAdvancesOnSwitch(t *testing.T) {
	var m Munger
	m.SwitchTo(1, 1_000_000, 0, 90000)
	_, ts1, _ := m.Update(1, 1_000_000, 0)
	m.SwitchTo(9000, 5, 100e6, 90000) // 100 ms later, unrelated source clock
	_, ts2, _ := m.Update(9000, 5, 100e6)
	if d := ts2 - ts1; d != 9000 {
		t.Fatalf("timestamp advanced by %d, want 9000 (100 ms at 90 kHz)", d)
	}
}
