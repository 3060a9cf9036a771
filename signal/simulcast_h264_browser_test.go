package signal_test

import (
	"context"
	"testing"
	"time"
)

// TestBrowserSimulcastH264 drives signal/testdata/browser/simulcast_h264.mjs:
// a livekit-client publisher with videoCodec h264 and simulcast, a large
// and a thumbnail viewer; both decode H.264 and at different resolutions,
// so layer switches on IDR pictures work for H.264 as for VP8.
func TestBrowserSimulcastH264(t *testing.T) {
	requireBrowser(t)
	ts := startServer(t)
	room := "browser-simulcast-h264"
	ctx, cancel := context.WithTimeout(context.Background(), 180*time.Second)
	defer cancel()
	runBrowserScript(ctx, t, []string{"join", "h264_layers"}, "testdata/browser/simulcast_h264.mjs", ts.URL,
		token(t, room, "alice"), token(t, room, "bob"), token(t, room, "carol"))
}
