package signal_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os/exec"
	"testing"

	"souk/internal/browsertest"
)

// runBrowserScript runs node with args (a script of testdata/browser and
// its arguments) and checks the named steps of the JSON it prints: each
// must have run and passed (browsertest.Run.Check). On failure it also logs
// node's stderr.
func runBrowserScript(ctx context.Context, t *testing.T, steps []string, args ...string) browsertest.Run {
	t.Helper()
	cmd := exec.CommandContext(ctx, "node", args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	var res browsertest.Run
	if err := json.Unmarshal(bytes.TrimSpace(stdout.Bytes()), &res); err != nil {
		t.Fatalf("%s output unreadable (run err %v): %v\nstdout: %s\nstderr: %s", args[0], runErr, err, stdout.String(), stderr.String())
	}
	res.Check(t, steps...)
	if t.Failed() {
		t.Logf("stderr: %s", stderr.String())
	}
	return res
}
