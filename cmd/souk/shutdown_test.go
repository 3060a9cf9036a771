package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"souk/platform/store"
)

// buildSouk compiles the binary once per test run.
func buildSouk(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "souk")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("build souk: %v", err)
	}
	return bin
}

var listeningLine = regexp.MustCompile(`msg="souk listening" addr=(\S+)`)

// startSouk runs `souk serve` on 127.0.0.1:0 with a fresh data directory
// and returns the process, its base URL and the data directory.
func startSouk(t *testing.T, bin string, env ...string) (*exec.Cmd, string, string) {
	t.Helper()
	dataDir := t.TempDir()
	cmd := exec.Command(bin, "serve")
	// Souk refuses unknown SOUK_* settings, so none of the environment's
	// own (a developer's, or the Makefile's) may reach it.
	cmd.Env = append(environWithout("SOUK_"), "SOUK_SERVER_ADDR=127.0.0.1:0", "SOUK_DATA_DIR="+dataDir, "SOUK_MEDIA_TURN_ENABLED=false", "SOUK_MEDIA_UDP_PORT=0", "SOUK_MEDIA_TCP_PORT=0")
	cmd.Env = append(cmd.Env, env...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	addr := make(chan string, 1)
	exited := make(chan []string, 1)
	go func() {
		var head []string // what souk printed before it listened, for the failure message
		sc := bufio.NewScanner(stderr)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			if len(head) < 40 {
				head = append(head, sc.Text())
			}
			if m := listeningLine.FindStringSubmatch(sc.Text()); m != nil {
				select {
				case addr <- m[1]:
				default:
				}
			}
			if testing.Verbose() {
				fmt.Fprintln(os.Stderr, "souk:", sc.Text())
			}
		}
		exited <- head
	}()
	select {
	case a := <-addr:
		return cmd, "http://" + a, dataDir
	case head := <-exited:
		t.Fatalf("souk ended before it listened; it printed:\n%s", strings.Join(head, "\n"))
	case <-time.After(60 * time.Second):
		t.Fatal("souk did not report its listening address within 60 s")
	}
	return nil, "", ""
}

// environWithout is the test's environment less the variables that start
// with prefix.
func environWithout(prefix string) []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, prefix) {
			env = append(env, kv)
		}
	}
	return env
}

// Writes acknowledged before and during a SIGTERM must all be durable:
// shutdown stops accepting, lets in-flight requests finish, then closes
// the store.
func TestSIGTERMKeepsAcknowledgedWrites(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildSouk(t)
	// The contact form is the write path here; lift its per-IP limit so that
	// every request of the burst is a real write.
	cmd, base, dataDir := startSouk(t, bin, "SOUK_PLATFORM_RATE_LIMIT_CONTACT_PER_IP_PER_HOUR=1000000")

	var acked sync.Map // message text -> true
	var ackCount atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	client := &http.Client{Timeout: 10 * time.Second}
	for w := 0; w < 16; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				msg := fmt.Sprintf("writer %d message %d: is the desk available?", w, i)
				body := fmt.Sprintf(`{"name":"Writer %d","email":"w%d@example.com","message":%q}`, w, w, msg)
				resp, err := client.Post(base+"/api/contact", "application/json", strings.NewReader(body))
				if err != nil {
					return // the server stopped accepting: expected after SIGTERM
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode == http.StatusAccepted {
					acked.Store(msg, true)
					ackCount.Add(1)
				} else if resp.StatusCode != http.StatusServiceUnavailable {
					t.Errorf("unexpected status %d", resp.StatusCode)
					return
				}
			}
		}(w)
	}
	// Let writes flow, then signal while they are in flight.
	deadline := time.Now().Add(20 * time.Second)
	for ackCount.Load() < 200 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case err := <-exited:
		if err != nil {
			t.Fatalf("souk exited with %v after SIGTERM", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("souk did not exit after SIGTERM")
	}
	close(stop)
	wg.Wait()
	if ackCount.Load() == 0 {
		t.Fatal("no write was acknowledged")
	}

	db, err := store.Open(context.Background(), filepath.Join(dataDir, "souk.db"), slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var stored []string
	if err := db.NewSelect().Table("contact_messages").Column("message").Scan(context.Background(), &stored); err != nil {
		t.Fatal(err)
	}
	have := make(map[string]bool, len(stored))
	for _, m := range stored {
		have[m] = true
	}
	lost := 0
	acked.Range(func(k, _ any) bool {
		if !have[k.(string)] {
			lost++
		}
		return true
	})
	t.Logf("acknowledged %d writes, stored %d rows", ackCount.Load(), len(stored))
	if lost > 0 {
		t.Fatalf("%d acknowledged writes were lost", lost)
	}
}
