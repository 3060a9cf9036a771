package signal_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"
	"time"

	"github.com/livekit/protocol/auth"

	"souk/internal/browsertest"
	"souk/sfu"
	"souk/signal"
	"souk/signal/client"
)

const (
	testKey    = "devkey"
	testSecret = "devsecret-devsecret-devsecret-devsecret"
)

type testServer struct {
	URL string
	mgr *sfu.Manager
	srv *signal.Server
}

func testLogger() *slog.Logger {
	if os.Getenv("SFU_TEST_LOG") != "" {
		return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

// startServer runs SFU and signalling on 127.0.0.1:0 until the test ends.
func startServer(t testing.TB, mutate ...func(*sfu.Config, *signal.Config)) *testServer {
	t.Helper()
	ctx := context.Background()
	scfg := sfu.Config{WebRTC: sfu.WebRTCConfig{IncludeLoopback: true}, EmptyTimeout: time.Minute}
	gcfg := signal.Config{}
	for _, m := range mutate {
		m(&scfg, &gcfg)
	}
	log := testLogger()
	mgr, err := sfu.NewManager(ctx, scfg, log)
	if err != nil {
		t.Fatal(err)
	}
	srv := signal.NewServer(ctx, gcfg, signal.StaticKeys{testKey: testSecret}, signal.FromManager(mgr), log)
	mux := http.NewServeMux()
	mux.Handle("/rtc", srv)
	mux.Handle("/rtc/", srv)
	mux.Handle("HEAD /{$}", signal.HeadRoot())
	// Browser tests load the client library and a page from the same origin.
	mux.HandleFunc("GET /harness.html", func(w http.ResponseWriter, r *http.Request) {
		http.ServeFile(w, r, "testdata/browser/harness.html")
	})
	mux.HandleFunc("GET /livekit-client.umd.js", func(w http.ResponseWriter, r *http.Request) {
		http.ServeFile(w, r, browsertest.LivekitClientUMD(".."))
	})
	hs := httptest.NewServer(mux)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = mgr.Close(ctx)
		_ = srv.Close(ctx)
		hs.Close()
	})
	return &testServer{URL: hs.URL, mgr: mgr, srv: srv}
}

type grantOpt func(*auth.VideoGrant)

func token(t testing.TB, room, identity string, opts ...grantOpt) string {
	t.Helper()
	g := &auth.VideoGrant{RoomJoin: true, Room: room}
	for _, o := range opts {
		o(g)
	}
	jwt, err := auth.NewAccessToken(testKey, testSecret).SetIdentity(identity).SetName(identity).
		SetVideoGrant(g).SetValidFor(time.Hour).ToJWT()
	if err != nil {
		t.Fatal(err)
	}
	return jwt
}

func noData(g *auth.VideoGrant) { g.SetCanPublishData(false) }

func connect(t testing.TB, ts *testServer, room, identity string, opts ...grantOpt) *client.Client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := client.Connect(ctx, client.Config{URL: ts.URL, Token: token(t, room, identity, opts...), IncludeLoopback: true})
	if err != nil {
		t.Fatalf("connect %s: %v", identity, err)
	}
	t.Cleanup(c.Close)
	if err := c.WaitDataReady(ctx); err != nil {
		t.Fatalf("%s: %v", identity, err)
	}
	return c
}

func waitCtx(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	t.Cleanup(cancel)
	return ctx
}
