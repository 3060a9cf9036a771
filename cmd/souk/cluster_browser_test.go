package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"souk/internal/browsertest"
)

// harnessServer serves the signal tests' browser harness page and the
// livekit-client bundle; the page then connects to whichever node it is told.
func harnessServer(t *testing.T) string {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /harness.html", func(w http.ResponseWriter, r *http.Request) {
		http.ServeFile(w, r, "../../signal/testdata/browser/harness.html")
	})
	mux.HandleFunc("GET /livekit-client.umd.js", func(w http.ResponseWriter, r *http.Request) {
		http.ServeFile(w, r, browsertest.LivekitClientUMD("../.."))
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL
}

// Two livekit-client participants entering through different nodes decode
// each other's video; then the room's node gets SIGTERM, and both follow
// the leave to the other node with no end of the call.
func TestClusterBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("runs Chromium against several souk processes")
	}
	browsertest.Require(t, "../..")
	bin := buildSouk(t)
	e := newClusterEnv(t, bin, clusterRedisURL())
	nodes := map[string]*soukNode{"a": e.start(t, "a"), "b": e.start(t, "b")}
	e.waitNodes(t, "a", "b")
	// A first join places the room. Alice then enters through a load
	// balancer that prefers the room's node while its /readyz answers 200
	// (so she lands there); bob enters through the other node, which
	// relays him. On the drain the balancer sends alice's rejoin to the
	// other node, as a real one does.
	probe := newCaller(t, "browser", "probe", func() string { return nodes["a"].url })
	if err := probe.join(20 * time.Second); err != nil {
		t.Fatal(err)
	}
	host := e.roomNode("browser")
	stay := map[string]string{"a": "b", "b": "a"}[host]
	probe.close()
	ws := func(base string) string { return "ws" + strings.TrimPrefix(base, "http") }
	lb := readyBalancer(t, nodes[host].url, nodes[stay].url)

	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", "testdata/cluster.mjs", harnessServer(t), ws(lb), ws(nodes[stay].url),
		mediaToken(t, "browser", "alice"), mediaToken(t, "browser", "bob"), "drain")
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var scriptErr strings.Builder
	drained := false
	sc := bufio.NewScanner(stderr)
	for sc.Scan() {
		line := sc.Text()
		if line != "MEDIA_OK" {
			scriptErr.WriteString(line + "\n")
			continue
		}
		// Both decode each other's video, alice on the room's node, bob
		// relayed by the other. Now drain the room's node.
		if err := nodes[host].cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		drained = true
		io.WriteString(stdin, "go\n")
	}
	runErr := cmd.Wait()
	var run browsertest.Run
	if err := json.Unmarshal(bytes.TrimSpace(stdout.Bytes()), &run); err != nil {
		t.Fatalf("script output unreadable (%v): %v\nstdout: %s\nstderr: %s", runErr, err, stdout.String(), scriptErr.String())
	}
	run.Check(t, "join", "media")
	if !drained {
		t.Fatalf("the script never reported media flowing; stderr: %s", scriptErr.String())
	}
	run.Check(t, "drain")
	if got := e.roomNode("browser"); got != stay {
		t.Errorf("room recorded on %q after the drain, want %s", got, stay)
	}
}

// readyBalancer is a reverse proxy in front of the nodes: each request
// goes to the first node whose /readyz answers 200 (a draining node does
// not), WebSocket upgrades included.
func readyBalancer(t *testing.T, nodes ...string) string {
	t.Helper()
	client := &http.Client{Timeout: 2 * time.Second}
	pick := func() *url.URL {
		for _, n := range nodes {
			resp, err := client.Get(n + "/readyz")
			if err != nil {
				continue
			}
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				u, _ := url.Parse(n)
				return u
			}
		}
		u, _ := url.Parse(nodes[len(nodes)-1])
		return u
	}
	rp := &httputil.ReverseProxy{Rewrite: func(pr *httputil.ProxyRequest) {
		pr.SetURL(pick())
		pr.Out.Host = pr.In.Host
	}}
	srv := httptest.NewServer(rp)
	t.Cleanup(srv.Close)
	return srv.URL
}
