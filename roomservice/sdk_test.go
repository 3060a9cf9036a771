package roomservice_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// needNodeSDK returns node's path, skipping (failing under CI=true) when
// node or the livekit-server-sdk package is missing.
func needNodeSDK(t *testing.T) string {
	t.Helper()
	var missing []string
	bin, err := exec.LookPath("node")
	if err != nil {
		missing = append(missing, "node")
	}
	if _, err := os.Stat(filepath.Join("..", "node_modules", "livekit-server-sdk", "package.json")); err != nil {
		missing = append(missing, "node_modules/livekit-server-sdk (run npm ci at the repository root)")
	}
	if len(missing) == 0 {
		return bin
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("missing: %v", missing)
	}
	t.Skipf("skipping: missing %v (set CI=true to make this a failure)", missing)
	return ""
}

// TestServerSDK drives Souk with LiveKit's own Node server SDK: every
// RoomService method through RoomServiceClient against real participants,
// permission errors, and WebhookReceiver on the webhooks of a
// join-publish-leave sequence.
func TestServerSDK(t *testing.T) {
	bin := needNodeSDK(t)
	h := startHarness(t)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--test", "--test-reporter=spec", filepath.Join("testdata", "sdk", "roomservice.test.mjs"))
	cmd.Env = append(os.Environ(), "SOUK_URL="+h.URL, "SOUK_API_KEY="+testKey, "SOUK_API_SECRET="+testSecret, "NODE_NO_WARNINGS=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node --test failed: %v\n%s", err, out)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		t.Log(line)
	}
}
