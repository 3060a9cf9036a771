package turn

import (
	"testing"

	"souk/config"
)

// A Config left at zero must relay within the limits an operator gets by
// default.
func TestZeroConfigTakesTheOperatorDefaults(t *testing.T) {
	got, want := Config{}.withDefaults(), config.DefaultMedia().TURN
	for _, tc := range []struct {
		key       string
		got, want any
	}{
		{"listen_ip", got.ListenIP, want.ListenIP},
		{"realm", got.Realm, want.Realm},
		{"credential_ttl", got.CredentialTTL, want.CredentialTTL},
		{"max_allocations_per_user", got.MaxAllocationsPerUser, want.MaxAllocationsPerUser},
		{"max_allocations", got.MaxAllocations, want.MaxAllocations},
		{"bytes_per_second", got.BytesPerSecond, want.BytesPerSecond},
		{"idle_timeout", got.IdleTimeout, want.IdleTimeout},
	} {
		if tc.got != tc.want {
			t.Errorf("media.turn.%s: zero Config gives %v, the configuration's default is %v", tc.key, tc.got, tc.want)
		}
	}
}
