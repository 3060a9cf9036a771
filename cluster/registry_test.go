package cluster

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"io"
	"log/slog"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// testRedis connects to the Redis these tests share (SOUK_TEST_REDIS_URL,
// default redis://127.0.0.1:6379/0) and returns a key prefix of the test's
// own, removed afterwards.
func testRedis(t *testing.T) (*redis.Client, string) {
	t.Helper()
	opts := redisOpts(t)
	rdb := redis.NewClient(opts)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := rdb.Ping(ctx).Err(); err != nil {
		t.Fatalf("redis at %s: %v", opts.Addr, err)
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	prefix := "souktest:" + hex.EncodeToString(b)
	t.Cleanup(func() {
		keys, _ := rdb.Keys(context.Background(), prefix+":*").Result()
		if len(keys) > 0 {
			rdb.Del(context.Background(), keys...)
		}
		rdb.Close()
	})
	return rdb, prefix
}

func quietLog() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// loadBox is a node's load that the test changes while heartbeats run.
type loadBox struct {
	mu sync.Mutex
	l  Load
}

func (b *loadBox) get() Load          { b.mu.Lock(); defer b.mu.Unlock(); return b.l }
func (b *loadBox) set(l Load)         { b.mu.Lock(); b.l = l; b.mu.Unlock() }
func (b *loadBox) participants(n int) { b.set(Load{Participants: n}) }

type testNode struct {
	reg    *Registry
	rdb    *redis.Client
	load   *loadBox
	cancel context.CancelFunc
	done   chan struct{}
}

// startNode runs a registry with its own Redis connection, so closing
// that connection is a crash: beats stop and nothing is cleaned up.
func startNode(t *testing.T, prefix, id string, roles ...string) *testNode {
	t.Helper()
	return startNodeWith(t, prefix, id, 100*time.Millisecond, nil, roles...)
}

func startNodeWith(t *testing.T, prefix, id string, heartbeat time.Duration, beat func(*Registry) error, roles ...string) *testNode {
	t.Helper()
	return startNodeOn(t, redis.NewClient(redisOpts(t)), prefix, id, heartbeat, beat, roles...)
}

// startNodeOn is startNodeWith on a client of the test's making.
func startNodeOn(t *testing.T, rdb *redis.Client, prefix, id string, heartbeat time.Duration, beat func(*Registry) error, roles ...string) *testNode {
	t.Helper()
	n := &testNode{rdb: rdb, load: &loadBox{}, done: make(chan struct{})}
	n.reg = New(Config{Redis: rdb, Prefix: prefix, Self: Node{ID: id, Roles: roles, SignalURL: "http://127.0.0.1:1"},
		Heartbeat: heartbeat, TTL: 6 * heartbeat, Load: n.load.get, Logger: quietLog()})
	if beat != nil {
		n.reg.cfg.Beat = func(context.Context) error { return beat(n.reg) }
	}
	ctx, cancel := context.WithCancel(context.Background())
	n.cancel = cancel
	go func() { defer close(n.done); n.reg.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-n.done; rdb.Close() })
	return n
}

func redisOpts(t *testing.T) *redis.Options {
	t.Helper()
	raw := os.Getenv("SOUK_TEST_REDIS_URL")
	if raw == "" {
		raw = "redis://127.0.0.1:6379/0"
	}
	o, err := redis.ParseURL(raw)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// eventually polls cond until it holds or the deadline passes.
func eventually(t *testing.T, within time.Duration, what string, cond func() bool) time.Duration {
	t.Helper()
	start := time.Now()
	for !cond() {
		if time.Since(start) > within {
			t.Fatalf("%s: not within %s", what, within)
		}
		time.Sleep(20 * time.Millisecond)
	}
	return time.Since(start)
}

func liveIDs(t *testing.T, r *Registry) map[string]Node {
	t.Helper()
	nodes, err := r.Nodes(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]Node{}
	for _, n := range nodes {
		out[n.ID] = n
	}
	return out
}

func TestDeadNodeIsNoticedWithinTheTTL(t *testing.T) {
	_, prefix := testRedis(t)
	a := startNode(t, prefix, "a", RoleSFU)
	b := startNode(t, prefix, "b", RoleSFU, RolePlatform)
	b.load.set(Load{Participants: 3, Tracks: 6, CPU: 0.5, BitsPerSecond: 2_000_000})
	eventually(t, 5*time.Second, "both nodes listed with b's load", func() bool {
		ids := liveIDs(t, a.reg)
		return len(ids) == 2 && ids["b"].Load.Tracks == 6 && ids["b"].HasRole(RolePlatform)
	})
	// b crashes: its connection goes, no goodbye is written.
	b.rdb.Close()
	took := eventually(t, 10*time.Second, "b forgotten", func() bool { _, ok := liveIDs(t, a.reg)["b"]; return !ok })
	t.Logf("dead node noticed after %s (TTL 600ms)", took)
}

func TestGracefulExitRemovesTheEntryAtOnce(t *testing.T) {
	_, prefix := testRedis(t)
	a := startNode(t, prefix, "a", RoleSFU)
	b := startNode(t, prefix, "b", RoleSFU)
	eventually(t, 5*time.Second, "both listed", func() bool { return len(liveIDs(t, a.reg)) == 2 })
	b.cancel()
	<-b.done
	if _, ok := liveIDs(t, a.reg)["b"]; ok {
		t.Fatal("b is still listed right after a graceful exit")
	}
}

func TestRoomsGoToTheLeastLoadedMediaNode(t *testing.T) {
	_, prefix := testRedis(t)
	a := startNode(t, prefix, "a", RoleSFU)
	b := startNode(t, prefix, "b", RoleSFU)
	p := startNode(t, prefix, "p", RolePlatform) // no media: never chosen
	a.load.participants(5)
	b.load.participants(1)
	eventually(t, 5*time.Second, "loads published", func() bool {
		ids := liveIDs(t, p.reg)
		return ids["a"].Load.Participants == 5 && ids["b"].Load.Participants == 1
	})
	ctx := context.Background()
	n, err := p.reg.RoomNode(ctx, "kitchen")
	if err != nil || n.ID != "b" {
		t.Fatalf("placed on %q (%v), want b", n.ID, err)
	}
	// Once placed, load changes do not move a room.
	b.load.participants(50)
	eventually(t, 5*time.Second, "new load", func() bool { return liveIDs(t, p.reg)["b"].Load.Participants == 50 })
	for _, r := range []*Registry{a.reg, b.reg, p.reg} {
		if n, err := r.RoomNode(ctx, "kitchen"); err != nil || n.ID != "b" {
			t.Fatalf("%s sees kitchen on %q (%v), want b", r.Self(), n.ID, err)
		}
	}
	// A new room goes to a, now the lighter one.
	if n, err := b.reg.RoomNode(ctx, "garden"); err != nil || n.ID != "a" {
		t.Fatalf("garden on %q (%v), want a", n.ID, err)
	}
}

func TestConcurrentPlacementsAgree(t *testing.T) {
	_, prefix := testRedis(t)
	nodes := []*testNode{startNode(t, prefix, "a", RoleSFU), startNode(t, prefix, "b", RoleSFU), startNode(t, prefix, "c", RoleSFU)}
	eventually(t, 5*time.Second, "all listed", func() bool { return len(liveIDs(t, nodes[0].reg)) == 3 })
	for round := 0; round < 20; round++ {
		room := "room-" + string(rune('a'+round))
		got := make([]string, 12)
		var wg sync.WaitGroup
		for i := range got {
			wg.Add(1)
			go func() {
				defer wg.Done()
				n, err := nodes[i%3].reg.RoomNode(context.Background(), room)
				if err != nil {
					t.Error(err)
				}
				got[i] = n.ID
			}()
		}
		wg.Wait()
		for _, id := range got {
			if id != got[0] {
				t.Fatalf("%s placed on different nodes: %v", room, got)
			}
		}
	}
}

func TestRoomsOfDeadOrDrainingNodesArePlacedAgain(t *testing.T) {
	_, prefix := testRedis(t)
	a := startNode(t, prefix, "a", RoleSFU)
	b := startNode(t, prefix, "b", RoleSFU)
	c := startNode(t, prefix, "c", RoleSFU)
	a.load.participants(0)
	b.load.participants(10)
	c.load.participants(20)
	eventually(t, 5*time.Second, "loads", func() bool { return liveIDs(t, b.reg)["c"].Load.Participants == 20 })
	ctx := context.Background()
	if n, _ := b.reg.RoomNode(ctx, "r1"); n.ID != "a" {
		t.Fatalf("r1 on %s, want a", n.ID)
	}
	a.rdb.Close() // a dies
	eventually(t, 10*time.Second, "r1 moved to b", func() bool {
		n, err := c.reg.RoomNode(ctx, "r1")
		return err == nil && n.ID == "b"
	})
	if err := b.reg.SetDraining(ctx); err != nil {
		t.Fatal(err)
	}
	if n, err := c.reg.RoomNode(ctx, "r1"); err != nil || n.ID != "c" {
		t.Fatalf("r1 on %q (%v) after b started draining, want c", n.ID, err)
	}
	if n, err := c.reg.RoomNode(ctx, "r2"); err != nil || n.ID != "c" {
		t.Fatalf("new room on %q (%v), want c (the only node taking rooms)", n.ID, err)
	}
	if err := c.reg.SetDraining(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := c.reg.RoomNode(ctx, "r3"); err == nil {
		t.Fatal("a room was placed while every media node drains")
	}
}

func TestClaimAndReleaseOnlyTouchOwnRecords(t *testing.T) {
	rdb, prefix := testRedis(t)
	a := startNode(t, prefix, "a", RoleSFU)
	b := startNode(t, prefix, "b", RoleSFU)
	ctx := context.Background()
	eventually(t, 5*time.Second, "both listed", func() bool { return len(liveIDs(t, a.reg)) == 2 })
	// Redis lost everything; a hosts "x", b hosts "y", and both claim.
	if elsewhere, err := a.reg.ClaimRooms(ctx, []string{"x"}); err != nil || len(elsewhere) != 0 {
		t.Fatalf("a's claim: %v, %v", elsewhere, err)
	}
	elsewhere, err := b.reg.ClaimRooms(ctx, []string{"y", "x"})
	if err != nil {
		t.Fatal(err)
	}
	if len(elsewhere) != 1 || elsewhere["x"] != "a" {
		t.Fatalf("b's claim reports %v recorded elsewhere, want x on a", elsewhere)
	}
	if got := rdb.Get(ctx, prefix+":room:x").Val(); got != "a" {
		t.Fatalf("x recorded on %q, want a (first claim wins)", got)
	}
	// b releasing x (it does not own it) changes nothing.
	if err := b.reg.ReleaseRoom(ctx, "x"); err != nil {
		t.Fatal(err)
	}
	if got := rdb.Get(ctx, prefix+":room:x").Val(); got != "a" {
		t.Fatalf("x recorded on %q after b's release, want a", got)
	}
	if err := a.reg.ReleaseRoom(ctx, "x"); err != nil {
		t.Fatal(err)
	}
	if n := rdb.Exists(ctx, prefix+":room:x").Val(); n != 0 {
		t.Fatal("x still recorded after its owner released it")
	}
}

func TestRateCounterSharesWindowsAndExpires(t *testing.T) {
	rdb, prefix := testRedis(t)
	other := redis.NewClient(redisOpts(t))
	t.Cleanup(func() { other.Close() })
	a, b := NewRateCounter(rdb, prefix), NewRateCounter(other, prefix)
	ctx := context.Background()
	for i, c := range []*RateCounter{a, b, a, b} {
		n, reset, err := c.Hit(ctx, "login:203.0.113.9", 400*time.Millisecond)
		if err != nil {
			t.Fatal(err)
		}
		if n != i+1 || reset <= 0 || reset > 400*time.Millisecond {
			t.Fatalf("hit %d: n=%d reset=%s", i+1, n, reset)
		}
	}
	if n, _, _ := a.Hit(ctx, "login:198.51.100.1", 400*time.Millisecond); n != 1 {
		t.Fatalf("another key shares the count: %d", n)
	}
	eventually(t, 5*time.Second, "window ends", func() bool {
		n, _, err := b.Hit(ctx, "login:203.0.113.9", 400*time.Millisecond)
		return err == nil && n == 1
	})
}

// After Redis lost its data, a room that is running on one node is not
// placed a second time on another before its host re-records it.
func TestRunningRoomsKeepTheirNodeAfterRedisLosesItsData(t *testing.T) {
	rdb, prefix := testRedis(t)
	claim := func(r *Registry) error { _, err := r.ClaimRooms(context.Background(), []string{"x"}); return err }
	a := startNodeWith(t, prefix, "a", 300*time.Millisecond, claim, RoleSFU)
	startNodeWith(t, prefix, "c", 50*time.Millisecond, nil, RoleSFU)
	a.load.participants(8) // c is lighter: a fresh placement would pick it
	ctx := context.Background()
	eventually(t, 5*time.Second, "x recorded on a", func() bool { return rdb.Get(ctx, prefix+":room:x").Val() == "a" })
	// b only asks (a platform node with a's heartbeat setting).
	b := New(Config{Redis: rdb, Prefix: prefix, Self: Node{ID: "b", Roles: []string{RolePlatform}},
		Heartbeat: 300 * time.Millisecond, TTL: 2 * time.Second, Logger: quietLog()})
	for round := range 5 {
		keys, _ := rdb.Keys(ctx, prefix+":*").Result()
		rdb.Del(ctx, keys...)
		// c beats first and often; a is still up to 300 ms from its beat.
		eventually(t, 5*time.Second, "c registered again", func() bool { return rdb.Exists(ctx, prefix+":node:c").Val() == 1 })
		n, err := b.RoomNode(ctx, "x")
		if err != nil {
			t.Fatal(err)
		}
		if n.ID != "a" {
			t.Fatalf("round %d: running room x placed again on %s while a hosts it", round, n.ID)
		}
	}
}
