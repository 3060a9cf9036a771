package audio

import (
	"reflect"
	"testing"
)

func feed(s *Source, level uint8, n int) {
	for i := 0; i < n; i++ {
		s.ObserveLevel([]byte{0x80 | level}, 0)
	}
}

func TestDetector(t *testing.T) {
	d := NewDetector(DefaultConfig)
	alice, bob := d.Source("PA_alice"), d.Source("PA_bob")

	type tick struct {
		name       string
		alice, bob uint8 // level of every packet this interval, 127 silence
		loudShare  int   // out of 10 packets, how many carry the level
		want       []Speaker
	}
	ticks := []tick{
		{"both silent: nothing to say", 127, 127, 10, nil},
		{"alice starts", 20, 127, 10, []Speaker{{SID: "PA_alice", Level: round3(linear(20)), Active: true}}},
		{"alice goes on at the same level: no change", 20, 127, 10, nil},
		{"bob joins louder", 20, 10, 10, []Speaker{{SID: "PA_bob", Level: round3(linear(10)), Active: true}}},
		{"alice stops", 127, 10, 10, []Speaker{{SID: "PA_alice", Level: 0, Active: false}}},
		{"bob only a few loud packets: stops", 127, 10, 2, []Speaker{{SID: "PA_bob", Level: 0, Active: false}}},
	}
	for _, tc := range ticks {
		feed(alice, tc.alice, 10)
		feed(bob, tc.bob, tc.loudShare)
		feed(bob, 127, 10-tc.loudShare)
		got := d.Tick()
		if !reflect.DeepEqual(got, tc.want) {
			t.Fatalf("%s: got %+v, want %+v", tc.name, got, tc.want)
		}
	}
}

func TestDetectorReportsRemovedSpeaker(t *testing.T) {
	d := NewDetector(DefaultConfig)
	feed(d.Source("PA_a"), 10, 10)
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
	d := NewDetector(DefaultConfig)
	s := d.Source("PA_a")
	feed(s, 30, 10)
	d.Tick()
	feed(s, 5, 10)
	got := d.Tick()
	if len(got) != 1 || !got[0].Active || got[0].Level != round3(linear(5)) {
		t.Fatalf("louder speaker not reported: %+v", got)
	}
}

func TestObserveLevelIgnoresEmptyExtension(t *testing.T) {
	d := NewDetector(DefaultConfig)
	s := d.Source("PA_a")
	s.ObserveLevel(nil, 0)
	if s.total.Load() != 0 {
		t.Fatal("counted an empty extension")
	}
}

func BenchmarkObserveLevel(b *testing.B) {
	s := NewDetector(DefaultConfig).Source("PA_a")
	ext := []byte{0x85}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s.ObserveLevel(ext, 0)
	}
}
