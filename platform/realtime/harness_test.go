package realtime_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"souk/config"
	"souk/platform"
	"souk/platform/httpapi"
	"souk/platform/realtime"
	"souk/platform/realtime/bus"
	"souk/platform/store"
)

// env is one database with its account and call services, shared by the
// nodes of a test.
type env struct {
	db       *store.DB
	accounts *store.AccountService
	calls    *store.CallService
	sites    *config.SiteSet
}

func newEnv(t *testing.T, db *store.DB) *env {
	t.Helper()
	sites, err := config.LoadSites(config.BuiltinSites(), "desks", false)
	if err != nil {
		t.Fatal(err)
	}
	return &env{
		db:       db,
		accounts: store.NewAccountService(db, store.AccountOptions{SessionTTL: time.Hour}),
		calls:    store.NewCallService(db),
		sites:    sites,
	}
}

// user registers a user on site and returns the session with its apiToken.
func (e *env) user(t *testing.T, site, name string) *platform.Session {
	t.Helper()
	ctx := context.Background()
	err := e.accounts.Register(ctx, &platform.Registration{
		Site: site, Email: name + "@example.com", Password: "oak desk 42", DisplayName: name,
	})
	if err != nil {
		t.Fatalf("register %s on %s: %v", name, site, err)
	}
	sess, err := e.accounts.Login(ctx, site, name+"@example.com", "oak desk 42")
	if err != nil {
		t.Fatalf("sign in %s on %s: %v", name, site, err)
	}
	return sess
}

func testLogger() *slog.Logger {
	if os.Getenv("SOUK_TEST_LOG") != "" {
		return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

// node is one souk process as far as realtime goes: the API router with
// the realtime service mounted, on its own listener.
type node struct {
	addr string
	url  string
	svc  *realtime.Service
	srv  *http.Server
	done chan struct{}
}

type nodeOptions struct {
	cfg     *config.Realtime
	bus     bus.Bus
	mailbox bus.Mailbox
	addr    string // default 127.0.0.1:0
	name    string // the node's name in relayed envelopes
	// accounts serves the account routes (logout ends realtime sessions).
	accounts bool
	// slots shares the per-user connection limit with other nodes.
	slots realtime.ConnectionSlots
	// forwarder relays other nodes' polling sessions there.
	forwarder realtime.SessionForwarder
	// invitationTTL shortens how long an invitation rings.
	invitationTTL time.Duration
}

func (e *env) start(t *testing.T, o nodeOptions) *node {
	t.Helper()
	cfg := config.DefaultRealtime()
	if o.cfg != nil {
		cfg = *o.cfg
	}
	if o.bus == nil {
		l := bus.NewLocal()
		o.bus, o.mailbox = l, l
	}
	if o.addr == "" {
		o.addr = "127.0.0.1:0"
	}
	log := testLogger()
	svc, err := realtime.New(realtime.Options{
		Config: cfg, Auth: e.accounts, Users: e.accounts, Calls: e.calls,
		Bus: o.bus, Mailbox: o.mailbox, Node: o.name, Logger: log, Slots: o.slots, Forwarder: o.forwarder,
		InvitationTTL: o.invitationTTL,
	})
	if err != nil {
		t.Fatal(err)
	}
	apiOpts := httpapi.Options{Sites: e.sites, Logger: log, Version: "test"}
	if o.accounts {
		apiOpts.Accounts, apiOpts.Sessions = e.accounts, svc
	}
	api := httpapi.NewServer(apiOpts)
	api.Router().Handle("/socket.io/", svc)
	var ln net.Listener
	// A restarted node may find its port still held for a moment.
	for attempt := 0; ; attempt++ {
		ln, err = net.Listen("tcp", o.addr)
		if err == nil || attempt == 50 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	n := &node{addr: ln.Addr().String(), svc: svc, done: make(chan struct{}),
		srv: &http.Server{Handler: api, ReadHeaderTimeout: 5 * time.Second}}
	n.url = "http://" + n.addr
	go func() {
		defer close(n.done)
		n.srv.Serve(ln)
	}()
	t.Cleanup(func() { n.stop(t) })
	return n
}

// stop closes the listener and every realtime connection, as a shutdown
// of souk does. It may be called more than once.
func (n *node) stop(t *testing.T) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	// As souk does: realtime closes while the HTTP server shuts down,
	// which waits for pending long-polling GETs.
	closed := make(chan error, 1)
	n.srv.RegisterOnShutdown(func() { closed <- n.svc.Close(ctx) })
	if err := n.srv.Shutdown(ctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		t.Errorf("shutdown: %v", err)
	}
	if err := <-closed; err != nil {
		t.Errorf("close realtime: %v", err)
	}
	<-n.done
}

// repoRoot is where node_modules lives.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// needNode skips (or under CI=true fails) when node or the client library
// is missing.
func needNode(t *testing.T) string {
	t.Helper()
	missing := func(what string) {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is required under CI", what)
		}
		t.Skipf("skipping: %s is missing (install Node.js and run npm ci at the repository root)", what)
	}
	bin, err := exec.LookPath("node")
	if err != nil {
		missing("node")
	}
	if _, err := os.Stat(filepath.Join(repoRoot(t), "node_modules", "socket.io-client", "package.json")); err != nil {
		missing("node_modules/socket.io-client")
	}
	return bin
}

// scenario runs nodetest/<name>.mjs with args and decodes its JSON line.
func scenario(t *testing.T, name string, args ...string) map[string]any {
	t.Helper()
	return scenarioWith(t, nil, name, args...)
}

// scenarioWith is scenario with extra environment variables
// (SOUK_TRANSPORTS picks the client's transports, see nodetest/lib.mjs).
func scenarioWith(t *testing.T, env []string, name string, args ...string) map[string]any {
	t.Helper()
	bin := needNode(t)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, append([]string{filepath.Join("nodetest", name+".mjs")}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node %s: %v\nstdout: %s\nstderr: %s", name, err, out, stderr.String())
	}
	var result map[string]any
	if err := json.Unmarshal(out, &result); err != nil {
		t.Fatalf("node %s printed %q: %v", name, out, err)
	}
	if f, ok := result["fatal"]; ok {
		t.Fatalf("node %s failed: %v", name, f)
	}
	return result
}

// get walks a decoded JSON value by keys and indexes ("a.0.b").
func get(v any, path string) any {
	for _, k := range strings.Split(path, ".") {
		switch x := v.(type) {
		case map[string]any:
			v = x[k]
		case []any:
			var i int
			if _, err := fmt.Sscan(k, &i); err != nil || i < 0 || i >= len(x) {
				return nil
			}
			v = x[i]
		default:
			return nil
		}
	}
	return v
}

func expect(t *testing.T, result map[string]any, path string, want any) {
	t.Helper()
	got := get(result, path)
	if fmt.Sprint(got) != fmt.Sprint(want) {
		raw, _ := json.MarshalIndent(result, "", "  ")
		t.Errorf("%s = %v, want %v\nresult: %s", path, got, want, raw)
	}
}
