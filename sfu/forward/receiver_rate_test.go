package forward

import (
	"testing"
	"time"
)

func TestLayerBitrateWindows(t *testing.T) {
	var b layerBitrate
	sec := int64(time.Second)
	steps := []struct {
		atNs  int64
		bytes uint64
		want  uint64
	}{
		{1, 0, 0},                     // first sample opens the window
		{sec, 50_000, 0},              // too short a window: nothing yet
		{2*sec + 1, 100_000, 400_000}, // 100 kB in 2 s
		{3 * sec, 100_000, 400_000},   // window still open: last value
		{4*sec + 1, 200_000, 400_000}, // 100 kB in 2 s again
		{6*sec + 1, 200_000, 0},       // nothing in the last window
	}
	for i, s := range steps {
		if got := b.sample(s.atNs, s.bytes); got != s.want {
			t.Fatalf("step %d: rate %d, want %d", i, got, s.want)
		}
	}
}
