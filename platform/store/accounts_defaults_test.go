package store

import (
	"testing"

	"souk/config"
)

// Options left at zero must give the lifetimes and the hashing bound an
// operator gets by default.
func TestZeroAccountOptionsTakeTheOperatorDefaults(t *testing.T) {
	want := config.DefaultPlatform().Auth
	got := NewAccountService(nil, AccountOptions{}).opts
	if got.SessionTTL != want.SessionTTL || got.ResetTTL != want.ResetTTL {
		t.Errorf("session %v, reset %v; the configuration's defaults are %v and %v", got.SessionTTL, got.ResetTTL, want.SessionTTL, want.ResetTTL)
	}
	if n := cap(got.Hashes.slots); n != want.MaxConcurrentHashes {
		t.Errorf("%d concurrent hashes, the configuration's default is %d", n, want.MaxConcurrentHashes)
	}
}
