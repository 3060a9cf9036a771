package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"gopkg.in/yaml.v3"
)

// serveInProcess runs the whole server (serve) in this process on
// 127.0.0.1:0 with a fresh data directory, and returns its base URL and
// the generated development media key pair.
func serveInProcess(t *testing.T, env ...string) (baseURL, apiKey, apiSecret string) {
	t.Helper()
	n := startInProcess(t, env...)
	return n.url, n.key, n.secret
}

// inProcessNode is a server started by startInProcess.
type inProcessNode struct {
	url, key, secret string
	dataDir          string
	logs             *logLines
}

// logLines keeps every log line the server wrote.
type logLines struct {
	mu    sync.Mutex
	lines []string
}

func (l *logLines) add(s string) {
	l.mu.Lock()
	l.lines = append(l.lines, s)
	l.mu.Unlock()
}

// matching lists the lines containing substr.
func (l *logLines) matching(substr string) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for _, s := range l.lines {
		if strings.Contains(s, substr) {
			out = append(out, s)
		}
	}
	return out
}

// startInProcess is serveInProcess keeping the log and the data directory.
// Later settings in env win over the defaults here.
func startInProcess(t *testing.T, env ...string) *inProcessNode {
	t.Helper()
	dir := t.TempDir()
	environ := append([]string{"SOUK_SERVER_ADDR=127.0.0.1:0", "SOUK_DATA_DIR=" + dir,
		"SOUK_MEDIA_TURN_ENABLED=false", "SOUK_MEDIA_UDP_PORT=0", "SOUK_MEDIA_TCP_PORT=0", "SOUK_LOG_LEVEL=info"}, env...)
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	// done is closed when serve returns, with its error in serveErr, so
	// both the start-up wait and the clean-up can wait on it.
	done := make(chan struct{})
	var serveErr error
	go func() {
		serveErr = serve(ctx, "", environ, io.Discard, pw)
		pw.Close()
		close(done)
	}()
	t.Cleanup(func() {
		cancel()
		<-done
		if serveErr != nil {
			t.Errorf("serve: %v", serveErr)
		}
	})
	logs := &logLines{}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pr)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			logs.add(sc.Text())
			if m := listeningLine.FindStringSubmatch(sc.Text()); m != nil {
				select {
				case addr <- m[1]:
				default:
				}
			}
			if os.Getenv("SOUK_TEST_LOG") != "" {
				fmt.Fprintln(os.Stderr, "souk:", sc.Text())
			}
		}
		io.Copy(io.Discard, pr)
	}()
	n := &inProcessNode{dataDir: dir, logs: logs}
	select {
	case a := <-addr:
		n.url = "http://" + a
	case <-done:
		t.Fatalf("serve ended before listening: %v", serveErr)
	case <-time.After(60 * time.Second):
		t.Fatal("the server did not report its listening address")
	}
	if v := envValue(environ, "SOUK_MEDIA_KEYS"); v != "" {
		n.key, n.secret, _ = strings.Cut(strings.Split(v, ",")[0], ":")
		return n
	}
	raw, err := os.ReadFile(filepath.Join(dir, "media-keys.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]string{}
	if err := yaml.Unmarshal(raw, &keys); err != nil {
		t.Fatal(err)
	}
	for k, s := range keys {
		n.key, n.secret = k, s
		return n
	}
	t.Fatal("no development key pair")
	return nil
}
