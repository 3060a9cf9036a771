package signal_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"souk/sfu"
	"souk/signal"
)

// livekitClientUMD finds the client bundle (workspace installs hoist it to
// the repository root).
func livekitClientUMD() string {
	for _, dir := range []string{"../web/node_modules", "../node_modules"} {
		p := filepath.Join(dir, "livekit-client/dist/livekit-client.umd.js")
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return ""
}

// requireBrowser skips when the browser toolchain is absent, except in CI
// where a missing toolchain is a failure.
func requireBrowser(t *testing.T) {
	t.Helper()
	var missing []string
	if _, err := os.Stat("/usr/bin/chromium"); err != nil {
		missing = append(missing, "/usr/bin/chromium")
	}
	if _, err := exec.LookPath("node"); err != nil {
		missing = append(missing, "node")
	}
	if livekitClientUMD() == "" {
		missing = append(missing, "node_modules/livekit-client (run npm install)")
	}
	if _, err := os.Stat("../node_modules/playwright-core"); err != nil {
		missing = append(missing, "node_modules/playwright-core (run npm install)")
	}
	if len(missing) == 0 {
		return
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("browser e2e toolchain missing: %v", missing)
	}
	t.Skipf("skipping browser e2e, missing: %v (set CI=true to make this a failure)", missing)
}

type e2eResult struct {
	Mode    string `json:"mode"`
	Ms      int    `json:"ms"`
	Results map[string]struct {
		OK     bool            `json:"ok"`
		Ms     int             `json:"ms"`
		Error  string          `json:"error"`
		Detail json.RawMessage `json:"detail"`
	} `json:"results"`
	Logs []string `json:"logs"`
}

func TestBrowserE2E(t *testing.T) {
	requireBrowser(t)
	if testing.Short() {
		t.Skip("browser e2e skipped in -short mode")
	}
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
			cmd := exec.CommandContext(ctx, "node", args...)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			runErr := cmd.Run()
			var res e2eResult
			if err := json.Unmarshal(bytes.TrimSpace(stdout.Bytes()), &res); err != nil {
				t.Fatalf("e2e script output unreadable (run err %v): %v\nstdout: %s\nstderr: %s", runErr, err, stdout.String(), stderr.String())
			}
			for _, name := range tc.steps {
				r, ok := res.Results[name]
				switch {
				case !ok:
					t.Errorf("step %s did not run", name)
				case !r.OK:
					t.Errorf("step %s failed: %s", name, r.Error)
				default:
					t.Logf("step %s ok in %d ms", name, r.Ms)
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
		})
	}
}
