package fetch

import (
	"testing"

	"souk/config"
)

func TestZeroOptionsTakeTheOperatorDefaults(t *testing.T) {
	want := config.DefaultPlatform().Uploads
	got := New(Options{}).opts
	if got.Timeout != want.FetchTimeout || got.MaxBytes != int64(want.MaxImageBytes) {
		t.Errorf("timeout %v, max %d bytes; the configuration's defaults are %v and %d", got.Timeout, got.MaxBytes, want.FetchTimeout, want.MaxImageBytes)
	}
}
