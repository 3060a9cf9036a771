package signal_test

import (
	"context"
	"testing"
	"time"

	"souk/internal/browsertest"
	"souk/sfu"
	"souk/signal"
)

// requireBrowser skips when the browser toolchain is absent, except in CI
// where a missing toolchain is a failure.
// requireBrowser skips (or, under CI, fails) a browser test when Chromium
// or the npm packages are missing, and skips it in -short mode.
func requireBrowser(t *testing.T) {
	t.Helper()
	browsertest.Require(t, "..")
	if testing.Short() {
		t.Skip("browser e2e skipped in -short mode")
	}
}

func TestBrowserE2E(t *testing.T) {
	requireBrowser(t)
	cases := []struct {
		mode     string
		adaptive bool // the app's room options: adaptiveStream + dynacast
		steps    []string
	}{
		{"v1", true, []string{"join", "media", "rpc", "rpc_error", "rpc_too_large", "text_stream", "byte_stream", "mute", "signal_drop", "unpublish", "leave"}},
		{"v0", false, []string{"join", "media", "rpc", "rpc_error", "mute", "signal_drop", "unpublish", "leave"}},
	}
	for _, tc := range cases {
		t.Run(tc.mode, func(t *testing.T) {
			ts := startServer(t, func(c *sfu.Config, g *signal.Config) {
				g.PingInterval, g.PingTimeout = 2*time.Second, 6*time.Second
			})
			room := "browser-" + tc.mode
			ctx, cancel := context.WithTimeout(context.Background(), 150*time.Second)
			defer cancel()
			args := []string{"testdata/browser/e2e.mjs", ts.URL, tc.mode, token(t, room, "alice"), token(t, room, "bob")}
			if tc.adaptive {
				args = append(args, "adaptive")
			}
			runBrowserScript(ctx, t, tc.steps, args...)
		})
	}
}
