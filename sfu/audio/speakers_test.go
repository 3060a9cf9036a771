package audio

import (
	"reflect"
	"testing"
)

// feed sends n packets at level, then 25-n silent ones: one tick's worth
// of 20 ms packets.
func feed(s *Source, level uint8, n int) {
	for i := 0; i < 25; i++ {
		l := uint8(127)
		if i < n {
			l = level
		}
		s.ObserveLevel([]byte{0x80 | l}, 0)
	}
}

func TestDetector(t *testing.T) {
	d := NewDetector(DefaultConfig())
	alice, bob := d.Source("PA_alice"), d.Source("PA_bob")
	ticks := []struct {
		name       string
		alice, bob int // packets at -20 dBov (alice) and -6 dBov (bob) out of 25
		want       []Speaker
	}{
		{"both silent: nothing to say", 0, 0, nil},
		{"alice starts: half the window", 25, 0, []Speaker{{SID: "PA_alice", Level: 0.05, Active: true}}},
		{"alice fills the window: louder", 25, 0, []Speaker{{SID: "PA_alice", Level: 0.1, Active: true}}},
		{"alice goes on at the same level: no change", 25, 0, nil},
		{"bob beeps briefly and loud: speaking", 25, 2, []Speaker{{SID: "PA_bob", Level: 0.02, Active: true}}},
		{"a silent tick keeps bob's beep in the window", 25, 0, nil},
		{"alice stops, bob's window is silent", 0, 0, []Speaker{{SID: "PA_alice", Level: 0.05, Active: true}, {SID: "PA_bob", Level: 0, Active: false}}},
		{"alice's window empties", 0, 0, []Speaker{{SID: "PA_alice", Level: 0, Active: false}}},
	}
	for _, tc := range ticks {
		feed(alice, 20, tc.alice)
		feed(bob, 6, tc.bob)
		got := d.Tick()
		if !reflect.DeepEqual(got, tc.want) {
			t.Fatalf("%s: got %+v, want %+v", tc.name, got, tc.want)
		}
	}
}

func TestDetectorActive(t *testing.T) {
	d := NewDetector(DefaultConfig())
	feed(d.Source("PA_a"), 10, 25)
	feed(d.Source("PA_b"), 127, 25)
	d.Tick()
	if got := d.Active(); len(got) != 1 || got[0].SID != "PA_a" || !got[0].Active {
		t.Fatalf("active speakers %+v", got)
	}
}

func TestDetectorIgnoresBackgroundNoise(t *testing.T) {
	d := NewDetector(DefaultConfig())
	s := d.Source("PA_a")
	for i := 0; i < 5; i++ {
		feed(s, 55, 25) // steady -55 dBov: a room, not a voice
		if got := d.Tick(); got != nil {
			t.Fatalf("noise reported as speech: %+v", got)
		}
	}
}

func TestDetectorReportsRemovedSpeaker(t *testing.T) {
	d := NewDetector(DefaultConfig())
	feed(d.Source("PA_a"), 10, 25)
	if got := d.Tick(); len(got) != 1 || !got[0].Active {
		t.Fatalf("not active: %+v", got)
	}
	d.Remove("PA_a")
	if got := d.Tick(); !reflect.DeepEqual(got, []Speaker{{SID: "PA_a"}}) {
		t.Fatalf("removed speaker: %+v", got)
	}
	if got := d.Tick(); got != nil {
		t.Fatalf("reported twice: %+v", got)
	}
}

func TestDetectorLevelChangesAreReported(t *testing.T) {
	d := NewDetector(DefaultConfig())
	s := d.Source("PA_a")
	feed(s, 30, 25)
	d.Tick()
	feed(s, 5, 25)
	got := d.Tick()
	if len(got) != 1 || !got[0].Active || got[0].Level <= 0.1 {
		t.Fatalf("louder speaker not reported: %+v", got)
	}
}

func TestObserveLevelIgnoresEmptyExtension(t *testing.T) {
	d := NewDetector(DefaultConfig())
	s := d.Source("PA_a")
	s.ObserveLevel(nil, 0)
	if s.total.Load() != 0 {
		t.Fatal("counted an empty extension")
	}
}

func BenchmarkObserveLevel(b *testing.B) {
	s := NewDetector(DefaultConfig()).Source("PA_a")
	ext := []byte{0x85}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s.ObserveLevel(ext, 0)
	}
}
