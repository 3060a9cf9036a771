package bwe

import (
	"reflect"
	"testing"
	"time"
)

func TestEstimator(t *testing.T) {
	e := NewEstimator(2_000_000, 100_000, 3_000_000)
	now := time.Unix(0, 0)
	steps := []struct {
		name string
		loss float64
		sent uint64
		want uint64
	}{
		{"clean: grows 8 %", 0, 2_000_000, 2_160_000},
		{"5 % loss: holds", 0.05, 2_000_000, 2_160_000},
		{"30 % loss: drops by 15 %", 0.30, 0, 1_836_000},
		{"heavy loss: down to what got through", 0.5, 1_000_000, 500_000},
		{"clean again", 0.01, 500_000, 540_000},
	}
	for _, s := range steps {
		now = now.Add(time.Second)
		if got := e.Update(s.loss, s.sent, now); got != s.want {
			t.Fatalf("%s: estimate %d, want %d", s.name, got, s.want)
		}
	}
}

func TestEstimatorStaysInBounds(t *testing.T) {
	e := NewEstimator(1_000_000, 100_000, 1_500_000)
	now := time.Unix(0, 0)
	for i := 0; i < 50; i++ {
		now = now.Add(time.Second)
		e.Update(0.9, 0, now)
	}
	if e.Estimate() != 100_000 {
		t.Fatalf("floor: %d", e.Estimate())
	}
	for i := 0; i < 100; i++ {
		now = now.Add(time.Second)
		e.Update(0, 0, now)
	}
	if e.Estimate() != 1_500_000 {
		t.Fatalf("ceiling: %d", e.Estimate())
	}
}

func TestAllocate(t *testing.T) {
	simulcast := []uint64{150_000, 500_000, 1_700_000}
	cases := []struct {
		name   string
		budget uint64
		tracks []Track
		want   []Grant
	}{
		{"plenty: everyone high", 5_000_000,
			[]Track{{ID: "a", Bitrates: simulcast, Wanted: 2}, {ID: "b", Bitrates: simulcast, Wanted: 2}},
			[]Grant{{"a", 2, 1_700_000}, {"b", 2, 1_700_000}}},
		{"wish caps the layer", 5_000_000,
			[]Track{{ID: "thumb", Bitrates: simulcast, Wanted: 0}},
			[]Grant{{"thumb", 0, 150_000}}},
		{"tight: priority gets the upgrade", 900_000,
			[]Track{{ID: "a", Bitrates: simulcast, Wanted: 2}, {ID: "b", Priority: 1, Bitrates: simulcast, Wanted: 2}},
			[]Grant{{"a", 0, 150_000}, {"b", 1, 500_000}}},
		{"too tight: lower priority paused", 200_000,
			[]Track{{ID: "a", Bitrates: simulcast, Wanted: 2}, {ID: "b", Priority: 1, Bitrates: simulcast, Wanted: 2}},
			[]Grant{{"a", Off, 0}, {"b", 0, 150_000}}},
		{"nothing fits", 100_000,
			[]Track{{ID: "a", Bitrates: simulcast, Wanted: 2}},
			[]Grant{{"a", Off, 0}}},
		{"disabled track takes nothing", 1_000_000,
			[]Track{{ID: "a", Bitrates: simulcast, Wanted: Off}, {ID: "b", Bitrates: simulcast, Wanted: 2}},
			[]Grant{{"a", Off, 0}, {"b", 1, 500_000}}},
		{"a track on high keeps it through a dip", 1_400_000,
			[]Track{{ID: "a", Bitrates: simulcast, Wanted: 2, Current: 2}},
			[]Grant{{"a", 2, 1_700_000}}},
		{"the same budget does not move a track up to high", 1_400_000,
			[]Track{{ID: "a", Bitrates: simulcast, Wanted: 2, Current: 1}},
			[]Grant{{"a", 1, 500_000}}},
		{"a deep cut still moves it down", 1_000_000,
			[]Track{{ID: "a", Bitrates: simulcast, Wanted: 2, Current: 2}},
			[]Grant{{"a", 1, 500_000}}},
		{"missing layers skipped", 1_000_000,
			[]Track{{ID: "a", Bitrates: []uint64{0, 500_000, 0}, Wanted: 2}},
			[]Grant{{"a", 1, 500_000}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := Allocate(tc.budget, tc.tracks); !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

// A subscriber behind a 400 kbit/s link, receiving one simulcast camera
// (150/500/1700 kbit/s): the loop of estimate, allocation and the link's
// loss settles on the low layer within a few reports, and climbs back to
// high within seconds once the limit is lifted.
func TestEstimatorAndAllocatorOnALimitedLink(t *testing.T) {
	ladder := []uint64{150_000, 500_000, 1_700_000}
	e := NewEstimator(3_000_000, 100_000, 20_000_000)
	now := time.Unix(0, 0)
	capacity := uint64(400_000)
	sent := ladder[2]
	quality := func() int {
		return Allocate(e.Estimate(), []Track{{ID: "cam", Bitrates: ladder, Wanted: 2}})[0].Quality
	}
	step := func() int {
		loss := 0.0
		if sent > capacity {
			loss = float64(sent-capacity) / float64(sent)
		}
		now = now.Add(time.Second)
		e.Update(loss, sent, now)
		q := quality()
		sent = 0
		if q != Off {
			sent = ladder[q]
		}
		return q
	}
	down := 0
	for ; down < 10 && step() != 0; down++ {
	}
	if down >= 3 {
		t.Fatalf("still above low after %d reports (estimate %d)", down+1, e.Estimate())
	}
	capacity = 10_000_000
	up := 0
	for ; up < 30 && step() != 2; up++ {
	}
	t.Logf("low after %d s, high again %d s after the limit lifted", down+1, up+1)
	if up+1 > 25 {
		t.Fatalf("took %d s to return to high", up+1)
	}
}

func TestNextStep(t *testing.T) {
	simulcast := []uint64{150_000, 500_000, 1_700_000}
	cases := []struct {
		name   string
		budget uint64
		tracks []Track
		index  int
		extra  uint64
		ok     bool
	}{
		{"low granted: medium next", 300_000, []Track{{ID: "a", Bitrates: simulcast, Wanted: 2}}, 0, 350_000, true},
		{"paused: lowest next", 100_000, []Track{{ID: "a", Bitrates: simulcast, Wanted: 2}}, 0, 150_000, true},
		{"all granted", 5_000_000, []Track{{ID: "a", Bitrates: simulcast, Wanted: 2}}, 0, 0, false},
		{"wish reached", 600_000, []Track{{ID: "a", Bitrates: simulcast, Wanted: 1}}, 0, 0, false},
		{"missing medium: high next", 300_000, []Track{{ID: "a", Bitrates: []uint64{150_000, 0, 1_700_000}, Wanted: 2}}, 0, 1_550_000, true},
		{"priority first", 400_000, []Track{{ID: "a", Bitrates: simulcast, Wanted: 2}, {ID: "b", Priority: 1, Bitrates: simulcast, Wanted: 2}}, 1, 350_000, true},
		{"disabled track skipped", 300_000, []Track{{ID: "a", Bitrates: simulcast, Wanted: Off}, {ID: "b", Bitrates: simulcast, Wanted: 2}}, 1, 350_000, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			i, extra, ok := NextStep(tc.tracks, Allocate(tc.budget, tc.tracks))
			if ok != tc.ok || (ok && (i != tc.index || extra != tc.extra)) {
				t.Fatalf("got %d +%d %v, want %d +%d %v", i, extra, ok, tc.index, tc.extra, tc.ok)
			}
		})
	}
}

func TestShortfall(t *testing.T) {
	simulcast := []uint64{150_000, 500_000, 1_500_000}
	onlyLow := []uint64{150_000, 0, 0}
	cases := []struct {
		name   string
		tracks []Track
		budget uint64
		want   Squeeze
	}{
		{"plenty", []Track{{ID: "a", Bitrates: simulcast, Wanted: 2, Current: Off}}, 5_000_000, None},
		{"high does not fit", []Track{{ID: "a", Bitrates: simulcast, Wanted: 2, Current: Off}}, 700_000, Reduced},
		{"nothing fits", []Track{{ID: "a", Bitrates: simulcast, Wanted: 2, Current: Off}}, 100_000, Paused},
		{"thumbnail wants low only", []Track{{ID: "a", Bitrates: simulcast, Wanted: 0, Current: Off}}, 200_000, None},
		{"publisher sends low only", []Track{{ID: "a", Bitrates: onlyLow, Wanted: 2, Current: Off}}, 200_000, None},
		{"disabled by the subscriber", []Track{{ID: "a", Bitrates: simulcast, Wanted: Off, Current: Off}}, 0, None},
		{"second track paused", []Track{
			{ID: "a", Bitrates: simulcast, Wanted: 0, Priority: 1, Current: Off},
			{ID: "b", Bitrates: simulcast, Wanted: 0, Current: Off},
		}, 200_000, Paused},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := Shortfall(tc.tracks, Allocate(tc.budget, tc.tracks)); got != tc.want {
				t.Fatalf("Shortfall = %v, want %v", got, tc.want)
			}
		})
	}
}
