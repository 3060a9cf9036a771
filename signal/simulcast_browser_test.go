package signal_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"strings"
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
	if testing.Short() {
		t.Skip("browser e2e skipped in -short mode")
	}
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
	cmd := exec.CommandContext(ctx, "node", args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	var res e2eResult
	if err := json.Unmarshal(bytes.TrimSpace(stdout.Bytes()), &res); err != nil {
		t.Fatalf("simulcast script output unreadable (run err %v): %v\nstdout: %s\nstderr: %s", runErr, err, stdout.String(), stderr.String())
	}
	for _, name := range []string{"join", "layers", "speaking", "connection_quality", "hide_pauses", "dynacast", "show_resumes", "crowd"} {
		r, ok := res.Results[name]
		switch {
		case !ok:
			t.Errorf("step %s did not run", name)
		case !r.OK:
			t.Errorf("step %s failed: %s", name, r.Error)
		default:
			t.Logf("step %s ok in %d ms: %s", name, r.Ms, r.Detail)
		}
	}
	if t.Failed() {
		for name, r := range res.Results {
			if strings.HasPrefix(name, "debug_") {
				t.Logf("%s: %s", name, r.Detail)
			}
		}
		for _, l := range res.Logs {
			t.Log("browser:", l)
		}
		t.Logf("stderr: %s", stderr.String())
	}
}
