package signal_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"souk/sfu"
	"souk/signal"
)

// TestBrowserSimulcast drives signal/testdata/browser/simulcast.mjs: a
// livekit-client publisher with default simulcast, a large and a thumbnail
// viewer, adaptive stream pausing a hidden element, dynacast lowering the
// publisher's bitrate, speaker and connection quality events, then six
// participants who all publish and all decode each other.
func TestBrowserSimulcast(t *testing.T) {
	requireBrowser(t)
	// Six encoding pages starve a small machine: give signalling more
	// slack than the default before calling a client gone.
	ts := startServer(t, func(_ *sfu.Config, g *signal.Config) {
		g.PingInterval, g.PingTimeout = 5*time.Second, 40*time.Second
	})
	room := "browser-simulcast"
	ctx, cancel := context.WithTimeout(context.Background(), 240*time.Second)
	defer cancel()
	args := []string{"testdata/browser/simulcast.mjs", ts.URL, token(t, room, "alice"), token(t, room, "bob"), token(t, room, "carol")}
	for i := 0; i < 6; i++ {
		args = append(args, token(t, "browser-crowd", fmt.Sprintf("p%d", i)))
	}
	runBrowserScript(ctx, t, []string{"join", "layers", "speaking", "connection_quality", "hide_pauses", "dynacast", "show_resumes", "crowd"}, args...)
}
