package signal

import (
	"testing"

	"souk/config"
)

// A Config left at zero must keep clients alive on the schedule an
// operator gets by default.
func TestZeroConfigTakesTheOperatorDefaults(t *testing.T) {
	got, want := Config{}.withDefaults(), config.DefaultMedia()
	if got.PingInterval != want.PingInterval || got.PingTimeout != want.PingTimeout {
		t.Errorf("ping every %v, timeout %v; the configuration's defaults are %v and %v",
			got.PingInterval, got.PingTimeout, want.PingInterval, want.PingTimeout)
	}
}
