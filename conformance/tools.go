package conformance

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"souk/internal/browsertest"
	"souk/internal/netlab"
)

// Tools are the programs and packages the suite runs, found on this machine.
// An empty field is missing.
type Tools struct {
	// Root is the repository root.
	Root string
	// LivekitServer is $LIVEKIT_SERVER or .tools/livekit-server/server
	// (where `make livekit-server` installs it).
	LivekitServer string
	// Souk is the binary under test (see BuildSouk).
	Souk string
	// Node, Chromium: the node and Chromium executables.
	Node, Chromium string
	// LivekitClientDist is livekit-client's dist folder; RTCNodeDir is
	// @livekit/rtc-node's package folder; Playwright is playwright-core's.
	LivekitClientDist, RTCNodeDir, Playwright string
	// Redis is the address of a Redis answering PING ($REDIS_ADDR or
	// 127.0.0.1:6379), for cluster scenarios.
	Redis string
}

// FindTools looks for everything under root and on PATH.
func FindTools(root string) Tools {
	t := Tools{Root: root}
	if p := os.Getenv("LIVEKIT_SERVER"); p != "" {
		t.LivekitServer = existing(p)
	} else {
		t.LivekitServer = existing(filepath.Join(root, ".tools", "livekit-server", "server"))
	}
	if p, err := exec.LookPath("node"); err == nil {
		t.Node = p
	}
	t.Chromium = existing("/usr/bin/chromium")
	if umd := browsertest.LivekitClientUMD(root); umd != "" {
		t.LivekitClientDist = filepath.Dir(umd)
	}
	t.RTCNodeDir = existing(filepath.Join(root, "node_modules", "@livekit", "rtc-node"))
	t.Playwright = existing(filepath.Join(root, "node_modules", "playwright-core"))
	addr := os.Getenv("REDIS_ADDR")
	if addr == "" {
		addr = "127.0.0.1:6379"
	}
	if redisAnswers(addr) {
		t.Redis = addr
	}
	return t
}

// redisAnswers sends PING to addr and expects +PONG.
func redisAnswers(addr string) bool {
	c, err := net.DialTimeout("tcp", addr, time.Second)
	if err != nil {
		return false
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(time.Second))
	if _, err := c.Write([]byte("PING\r\n")); err != nil {
		return false
	}
	buf := make([]byte, 7)
	n, _ := io.ReadFull(c, buf)
	return string(buf[:n]) == "+PONG\r\n"
}

func existing(p string) string {
	if _, err := os.Stat(p); err != nil {
		return ""
	}
	return p
}

// Missing lists what the scenario (its clients, Redis and the servers of
// kinds, both when none is given) needs and is not installed.
func (t Tools) Missing(sc Scenario, kinds ...ServerKind) []string {
	var m []string
	if t.LivekitServer == "" && (len(kinds) == 0 || slices.Contains(kinds, LiveKit)) {
		m = append(m, "livekit-server (make livekit-server, or set LIVEKIT_SERVER)")
	}
	if sc.Redis && t.Redis == "" {
		m = append(m, "Redis at $REDIS_ADDR or 127.0.0.1:6379")
	}
	for _, c := range sc.Clients {
		switch c {
		case Chromium:
			if t.Chromium == "" {
				m = append(m, "/usr/bin/chromium (make chromium)")
			}
			if t.Node == "" {
				m = append(m, "node")
			}
			if t.LivekitClientDist == "" || t.Playwright == "" {
				m = append(m, "node_modules livekit-client and playwright-core (make deps)")
			}
		case Lab:
			if err := netlab.Available(); err != nil {
				m = append(m, err.Error())
			}
		case RTCNode:
			if t.Node == "" {
				m = append(m, "node")
			}
			if t.RTCNodeDir == "" {
				m = append(m, "node_modules/@livekit/rtc-node (make deps)")
			}
		}
	}
	return m
}

// Require skips tb when something the scenario needs is missing, or fails
// it under CI=true, where everything must be installed.
func (t Tools) Require(tb testing.TB, sc Scenario, kinds ...ServerKind) {
	tb.Helper()
	m := t.Missing(sc, kinds...)
	if len(m) == 0 {
		return
	}
	if os.Getenv("CI") == "true" {
		tb.Fatalf("conformance: missing %s", strings.Join(m, "; "))
	}
	tb.Skipf("conformance: missing %s (set CI=true to make this a failure)", strings.Join(m, "; "))
}

// BuildSouk returns $CONFORMANCE_SOUK_BINARY when set, else builds ./cmd/souk from the
// repository at root into dir.
func BuildSouk(ctx context.Context, root, dir string) (string, error) {
	if p := os.Getenv("CONFORMANCE_SOUK_BINARY"); p != "" {
		if existing(p) == "" {
			return "", fmt.Errorf("CONFORMANCE_SOUK_BINARY=%s does not exist", p)
		}
		return p, nil
	}
	bin := filepath.Join(dir, "souk")
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "./cmd/souk")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("build souk: %w\n%s", err, out)
	}
	return bin, nil
}
