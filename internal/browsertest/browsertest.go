package browsertest

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// LivekitClientUMD is the path of livekit-client's browser bundle under
// the repository root (workspace installs hoist it to the root), or ""
// when it is not installed.
func LivekitClientUMD(root string) string {
	for _, dir := range []string{"web/node_modules", "node_modules"} {
		p := filepath.Join(root, dir, "livekit-client/dist/livekit-client.umd.js")
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return ""
}

// Require skips the test when Chromium, node, or the npm packages the
// scripts load (livekit-client, playwright-core) are missing; under
// CI=true it fails instead. root is the repository root, relative to the
// test's directory.
func Require(t testing.TB, root string) {
	t.Helper()
	var missing []string
	if _, err := os.Stat("/usr/bin/chromium"); err != nil {
		missing = append(missing, "/usr/bin/chromium")
	}
	if _, err := exec.LookPath("node"); err != nil {
		missing = append(missing, "node")
	}
	if LivekitClientUMD(root) == "" {
		missing = append(missing, "node_modules/livekit-client (run npm install)")
	}
	if _, err := os.Stat(filepath.Join(root, "node_modules/playwright-core")); err != nil {
		missing = append(missing, "node_modules/playwright-core (run npm install)")
	}
	if len(missing) == 0 {
		return
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("browser toolchain missing: %v", missing)
	}
	t.Skipf("skipping browser test, missing: %v (set CI=true to make this a failure)", missing)
}

// Run is what a browser script prints as JSON: its steps by name and the
// browser's console lines.
type Run struct {
	Mode    string          `json:"mode"`
	Ms      int             `json:"ms"`
	Results map[string]Step `json:"results"`
	Logs    []string        `json:"logs"`
}

// Step is one step of a script.
type Step struct {
	OK     bool            `json:"ok"`
	Ms     int             `json:"ms"`
	Error  string          `json:"error"`
	Detail json.RawMessage `json:"detail"`
}

// Check fails the test for each named step that did not run or failed, and
// logs the others with their detail. On failure it also logs the script's
// debug_ steps and the browser's console.
func (r Run) Check(t testing.TB, steps ...string) {
	t.Helper()
	for _, name := range steps {
		s, ok := r.Results[name]
		switch {
		case !ok:
			t.Errorf("step %s did not run", name)
		case !s.OK:
			t.Errorf("step %s failed: %s", name, s.Error)
		default:
			t.Logf("step %s ok in %d ms: %s", name, s.Ms, s.Detail)
		}
	}
	if t.Failed() {
		for name, s := range r.Results {
			if strings.HasPrefix(name, "debug_") {
				t.Logf("%s: %s", name, s.Detail)
			}
		}
		for _, l := range r.Logs {
			t.Log("browser:", l)
		}
	}
}
