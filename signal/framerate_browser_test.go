package signal_test

import (
	"context"
	"testing"
	"time"
)

// TestBrowserFrameRate drives signal/testdata/browser/framerate.mjs: a
// livekit-client subscriber asks for 8 fps of a VP8 simulcast camera and
// then for 30 again; its decoded frame rate must follow, because the server
// drops and restores the publisher's temporal layers for it.
func TestBrowserFrameRate(t *testing.T) {
	requireBrowser(t)
	ts := startServer(t)
	room := "browser-framerate"
	ctx, cancel := context.WithTimeout(context.Background(), 180*time.Second)
	defer cancel()
	runBrowserScript(ctx, t, []string{"join", "full_rate", "limited", "restored"}, "testdata/browser/framerate.mjs", ts.URL,
		token(t, room, "alice"), token(t, room, "bob"))
}
