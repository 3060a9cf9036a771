package sfu

import (
	"testing"

	"github.com/livekit/protocol/livekit"

	"souk/sfu/forward"
)

func TestSettingsLayer(t *testing.T) {
	widths := [forward.NumLayers]uint32{320, 640, 1280}
	tests := []struct {
		name string
		req  *livekit.UpdateTrackSettings
		want int
	}{
		{"quality low", &livekit.UpdateTrackSettings{Quality: livekit.VideoQuality_LOW}, forward.QualityLow},
		{"quality medium", &livekit.UpdateTrackSettings{Quality: livekit.VideoQuality_MEDIUM}, forward.QualityMedium},
		{"quality high", &livekit.UpdateTrackSettings{Quality: livekit.VideoQuality_HIGH}, forward.QualityHigh},
		{"quality off", &livekit.UpdateTrackSettings{Quality: livekit.VideoQuality_OFF}, forward.QualityOff},
		{"size decides over quality", &livekit.UpdateTrackSettings{Quality: livekit.VideoQuality_HIGH, Width: 320, Height: 180}, forward.QualityLow},
		{"size above the low layer", &livekit.UpdateTrackSettings{Quality: livekit.VideoQuality_LOW, Width: 400, Height: 225}, forward.QualityMedium},
		{"height alone is a size", &livekit.UpdateTrackSettings{Quality: livekit.VideoQuality_HIGH, Height: 300}, forward.QualityLow},
		{"larger than every layer", &livekit.UpdateTrackSettings{Width: 1920, Height: 1080}, forward.QualityHigh},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := settingsLayer(widths, tt.req); got != tt.want {
				t.Errorf("settingsLayer(%v) = %d, want %d", tt.req, got, tt.want)
			}
		})
	}
}
