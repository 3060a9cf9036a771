package imaging

import (
	"testing"

	"souk/config"
)

func TestDefaultLimitsAreTheOperatorDefaults(t *testing.T) {
	want := config.DefaultPlatform().Uploads
	got := New(Limits{}).limits
	if got.MaxPixels != want.MaxImagePixels || got.MaxInputSide != want.MaxImageSide || got.Memory != want.DecodeMemory {
		t.Errorf("limits %+v; the configuration's defaults are %d pixels, %d a side, %d bytes", got, want.MaxImagePixels, want.MaxImageSide, want.DecodeMemory)
	}
}
