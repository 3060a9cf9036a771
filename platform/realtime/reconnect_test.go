package realtime_test

import (
	"bufio"
	"context"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"souk/platform/store/storetest"
)

// The client library must come back by itself when souk restarts on the
// same address.
func TestClientReconnectsAfterServerRestart(t *testing.T) {
	bin := needNode(t)
	e := newEnv(t, storetest.Open(t, "sqlite"))
	ala := e.user(t, "desks", "ala")
	first := e.start(t, nodeOptions{})

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, filepath.Join("nodetest", "reconnect.mjs"), first.url, ala.APIToken, ala.User.ID)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	lines := bufio.NewScanner(stdout)
	read := func() map[string]any {
		t.Helper()
		if !lines.Scan() {
			t.Fatalf("scenario ended early: %v", lines.Err())
		}
		var m map[string]any
		if err := json.Unmarshal(lines.Bytes(), &m); err != nil {
			t.Fatalf("scenario printed %q", lines.Text())
		}
		if f, ok := m["fatal"]; ok {
			t.Fatalf("scenario failed: %v", f)
		}
		return m
	}

	r := read()
	expect(t, r, "event", "connected")
	expect(t, r, "joined.ok", true)

	first.stop(t)
	second := e.start(t, nodeOptions{addr: first.addr})
	if second.addr != first.addr {
		t.Fatalf("restarted on %s, want %s", second.addr, first.addr)
	}

	r = read()
	expect(t, r, "event", "reconnected")
	expect(t, r, "connects", 2)
	expect(t, r, "joined.ok", true)
	expect(t, r, "reasons.0", "transport close")
}
