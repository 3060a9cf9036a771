package forward

import "testing"

// The totals add up live and closed down tracks, so they keep growing when
// subscribers leave, and count paused tracks and allocated bitrate.
func TestCountersAddUpLiveAndClosedTracks(t *testing.T) {
	totals := &Counters{}
	r, layers := testReceiver(t, totals, nil, QualityHigh)
	a, _ := bindDown(r, "a")
	b, _ := bindDown(r, "b")
	f := newFeeder(t, r, layers)
	f.send(QualityHigh, true)
	for range 4 {
		f.send(QualityHigh, false)
	}
	a.SetBandwidthQuality(QualityHigh, 800_000)
	b.SetBandwidthQuality(QualityHigh, 300_000)
	got := totals.Read()
	if got.PacketsForwarded != 10 || got.BytesForwarded == 0 || got.EstimatedBitrate != 1_100_000 || got.PausedTracks != 0 {
		t.Fatalf("two live tracks: %+v", got)
	}

	b.SetPaused(true)
	got = totals.Read()
	if got.Pauses != 1 || got.PausedTracks != 1 || got.EstimatedBitrate != 800_000 {
		t.Fatalf("one paused: %+v", got)
	}

	r.RemoveDown(a)
	a.Close()
	f.send(QualityHigh, false) // b is paused: nothing more forwarded
	got = totals.Read()
	if got.PacketsForwarded != 10 || got.Pauses != 1 || got.PausedTracks != 1 {
		t.Fatalf("after closing a: %+v", got)
	}
	a.Close() // twice: counted once
	if again := totals.Read(); again != got {
		t.Fatalf("second close changed totals: %+v then %+v", got, again)
	}
}
