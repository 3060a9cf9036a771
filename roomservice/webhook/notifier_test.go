package webhook

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/livekit/protocol/auth"
	"github.com/livekit/protocol/livekit"
	"github.com/redis/go-redis/v9"
	"google.golang.org/protobuf/encoding/protojson"
)

const (
	key    = "hookkey"
	secret = "hook-secret-hook-secret-hook-secret"
)

// receiver records what it receives; fail decides the status per request.
type receiver struct {
	mu       sync.Mutex
	got      []*http.Request
	bodies   [][]byte
	attempts int
	fail     func(attempt int, ev *livekit.WebhookEvent) int
}

func (e *receiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	var ev livekit.WebhookEvent
	_ = protojson.Unmarshal(body, &ev)
	e.mu.Lock()
	e.attempts++
	status := http.StatusOK
	if e.fail != nil {
		status = e.fail(e.attempts, &ev)
	}
	if status == http.StatusOK {
		e.got = append(e.got, r)
		e.bodies = append(e.bodies, body)
	}
	e.mu.Unlock()
	w.WriteHeader(status)
}

func (e *receiver) events(t *testing.T) []*livekit.WebhookEvent {
	t.Helper()
	e.mu.Lock()
	defer e.mu.Unlock()
	var out []*livekit.WebhookEvent
	for _, b := range e.bodies {
		var ev livekit.WebhookEvent
		if err := protojson.Unmarshal(b, &ev); err != nil {
			t.Fatal(err)
		}
		out = append(out, &ev)
	}
	return out
}

func start(t *testing.T, cfg Config, h http.Handler, logTo io.Writer) (*Notifier, string) {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	cfg.URLs = append(cfg.URLs, srv.URL+"/hook")
	cfg.APIKey, cfg.APISecret = key, secret
	if cfg.Backoff == 0 {
		cfg.Backoff = 5 * time.Millisecond
	}
	if logTo == nil {
		logTo = io.Discard
	}
	n, err := New(cfg, slog.New(slog.NewTextHandler(logTo, nil)))
	if err != nil {
		t.Fatal(err)
	}
	return n, srv.URL + "/hook"
}

func closeWithin(t *testing.T, n *Notifier) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := n.Close(ctx); err != nil {
		t.Fatal(err)
	}
}

func event(name, room, participant string) *livekit.WebhookEvent {
	ev := &livekit.WebhookEvent{Event: name, Room: &livekit.Room{Name: room, Sid: "RM_" + room}}
	if participant != "" {
		ev.Participant = &livekit.ParticipantInfo{Identity: participant, Sid: "PA_" + participant}
	}
	return ev
}

func TestSignedAsLiveKitSigns(t *testing.T) {
	ep := &receiver{}
	n, _ := start(t, Config{}, ep, nil)
	n.Notify(event("participant_joined", "r1", "alice"))
	closeWithin(t, n)
	if len(ep.got) != 1 {
		t.Fatalf("got %d requests", len(ep.got))
	}
	r, body := ep.got[0], ep.bodies[0]
	if ct := r.Header.Get("Content-Type"); ct != "application/webhook+json" {
		t.Fatalf("content type %q", ct)
	}
	v, err := auth.ParseAPIToken(r.Header.Get("Authorization"))
	if err != nil || v.APIKey() != key {
		t.Fatalf("token: %v (key %q)", err, v.APIKey())
	}
	_, grants, err := v.Verify(secret)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(body)
	if grants.Sha256 != base64.StdEncoding.EncodeToString(sum[:]) {
		t.Fatal("sha256 claim does not match the body")
	}
	ev := ep.events(t)[0]
	if ev.GetId() != EventID(event("participant_joined", "r1", "alice")) || ev.GetCreatedAt() == 0 || ev.GetParticipant().GetIdentity() != "alice" {
		t.Fatalf("event %v", ev)
	}
}

func TestEventIDs(t *testing.T) {
	a, b := event("participant_joined", "r", "alice"), event("participant_left", "r", "alice")
	if EventID(a) != EventID(event("participant_joined", "r", "alice")) {
		t.Fatal("the same event must get the same id on every node")
	}
	if EventID(a) == EventID(b) || EventID(a) == EventID(event("participant_joined", "r", "bob")) {
		t.Fatal("different events share an id")
	}
}

// Events of one room keep their order even when the first needs retries;
// another room is not held up meanwhile.
func TestOrderedPerRoomWithRetries(t *testing.T) {
	failed := 0
	ep := &receiver{fail: func(_ int, ev *livekit.WebhookEvent) int {
		if ev.GetEvent() == "room_started" && ev.GetRoom().GetName() == "slow" && failed < 2 {
			failed++
			return http.StatusServiceUnavailable
		}
		return http.StatusOK
	}}
	n, _ := start(t, Config{Workers: 8}, ep, nil)
	n.Notify(event("room_started", "slow", ""))
	n.Notify(event("participant_joined", "slow", "a"))
	n.Notify(event("participant_left", "slow", "a"))
	n.Notify(event("room_finished", "slow", ""))
	closeWithin(t, n)
	var order []string
	for _, ev := range ep.events(t) {
		if ev.GetRoom().GetName() == "slow" {
			order = append(order, ev.GetEvent())
		}
	}
	want := "room_started participant_joined participant_left room_finished"
	if strings.Join(order, " ") != want || failed != 2 {
		t.Fatalf("order %v after %d failures, want %s after 2", order, failed, want)
	}
}

func TestRefusedEventIsLoggedWithEndpoint(t *testing.T) {
	ep := &receiver{fail: func(int, *livekit.WebhookEvent) int { return http.StatusBadRequest }}
	var logs bytes.Buffer
	var mu sync.Mutex
	n, url := start(t, Config{}, ep, lockedWriter{&mu, &logs})
	n.Notify(event("room_started", "r", ""))
	closeWithin(t, n)
	mu.Lock()
	defer mu.Unlock()
	if ep.attempts != 1 {
		t.Fatalf("a 400 was retried: %d attempts", ep.attempts)
	}
	if !strings.Contains(logs.String(), "webhook delivery failed") || !strings.Contains(logs.String(), url) {
		t.Fatalf("log does not name the failure and endpoint:\n%s", logs.String())
	}
}

func TestGivesUpAfterMaxAttempts(t *testing.T) {
	ep := &receiver{fail: func(int, *livekit.WebhookEvent) int { return http.StatusBadGateway }}
	n, _ := start(t, Config{MaxAttempts: 3}, ep, nil)
	n.Notify(event("room_started", "r", ""))
	closeWithin(t, n)
	if ep.attempts != 3 {
		t.Fatalf("%d attempts, want 3", ep.attempts)
	}
	if st := n.Stats(); st != (Stats{Failed: 1}) {
		t.Fatalf("stats %+v, want one failed", st)
	}
}

type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// A stuck endpoint fills its bounded queue; further events are dropped
// (and logged) instead of blocking the caller.
func TestFullQueueDropsWithoutBlocking(t *testing.T) {
	release := make(chan struct{})
	ep := &receiver{}
	block := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-release
		ep.ServeHTTP(w, r)
	})
	var logs bytes.Buffer
	var mu sync.Mutex
	n, _ := start(t, Config{Workers: 1, QueueSize: 2}, block, lockedWriter{&mu, &logs})
	done := make(chan struct{})
	go func() {
		for i := range 10 {
			n.Notify(event("participant_joined", "r", string(rune('a'+i))))
		}
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Notify blocked on a full queue")
	}
	close(release)
	closeWithin(t, n)
	got := len(ep.events(t))
	mu.Lock()
	defer mu.Unlock()
	if got < 1 || got > 3 || !strings.Contains(logs.String(), "webhook queue full") {
		t.Fatalf("delivered %d of 10 with a queue of 2 plus one in flight; log:\n%s", got, logs.String())
	}
	if st := n.Stats(); st.Delivered != uint64(got) || st.Dropped != uint64(10-got) || st.Failed != 0 {
		t.Fatalf("stats %+v after %d of 10 delivered", st, got)
	}
}

func testRedis(t *testing.T) *redis.Client {
	t.Helper()
	u := os.Getenv("SOUK_TEST_REDIS_URL")
	if u == "" {
		u = "redis://127.0.0.1:6379/9"
	}
	opts, err := redis.ParseURL(u)
	if err != nil {
		t.Fatal(err)
	}
	c := redis.NewClient(opts)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := c.Ping(ctx).Err(); err != nil {
		c.Close()
		if os.Getenv("CI") == "true" {
			t.Fatalf("redis at %s: %v", u, err)
		}
		t.Skipf("redis at %s not reachable: %v", u, err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// Two nodes observing the same events deliver each of them once.
func TestRedisClaimsDeliverOnceAcrossNodes(t *testing.T) {
	rc := testRedis(t)
	var b [6]byte
	_, _ = rand.Read(b[:])
	prefix := "souk:test:webhook:" + hex.EncodeToString(b[:])
	t.Cleanup(func() {
		keys, _ := rc.Keys(context.Background(), prefix+":*").Result()
		if len(keys) > 0 {
			rc.Del(context.Background(), keys...)
		}
	})
	ep := &receiver{}
	srv := httptest.NewServer(ep)
	defer srv.Close()
	var nodes []*Notifier
	for range 2 {
		n, err := New(Config{URLs: []string{srv.URL}, APIKey: key, APISecret: secret,
			Claims: RedisClaims{Client: rc, Prefix: prefix}}, slog.New(slog.DiscardHandler))
		if err != nil {
			t.Fatal(err)
		}
		nodes = append(nodes, n)
	}
	for _, name := range []string{"room_started", "participant_joined", "participant_left"} {
		for _, n := range nodes {
			n.Notify(event(name, "shared", "alice"))
		}
	}
	for _, n := range nodes {
		closeWithin(t, n)
	}
	var names []string
	for _, ev := range ep.events(t) {
		names = append(names, ev.GetEvent())
	}
	if len(names) != 3 {
		t.Fatalf("delivered %v, want each of the 3 events once", names)
	}
}
