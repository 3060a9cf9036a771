package cluster

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// freezer holds every Redis command of one node until a set instant: the
// node looks as a process starved of CPU does to the rest of the cluster.
type freezer struct{ until atomic.Int64 }

func (f *freezer) freeze(d time.Duration) { f.until.Store(time.Now().Add(d).UnixNano()) }

func (f *freezer) wait() {
	if d := time.Until(time.Unix(0, f.until.Load())); d > 0 {
		time.Sleep(d)
	}
}

func (f *freezer) DialHook(next redis.DialHook) redis.DialHook {
	return func(ctx context.Context, network, addr string) (net.Conn, error) { return next(ctx, network, addr) }
}

func (f *freezer) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error { f.wait(); return next(ctx, cmd) }
}

func (f *freezer) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error { f.wait(); return next(ctx, cmds) }
}

// After Redis lost its data, a running room is not placed a second time
// while its host is slow to record it again: the host was frozen before
// it could even re-register (1.5 s: more than a few heartbeats, less than
// the TTL of 2 s, so alive), or it re-registered and takes 3 s to
// re-record its rooms, longer than the placing node's TTL, while its
// entry stays alive (its heartbeat is 600 ms, its TTL 3.6 s).
func TestASlowHostKeepsItsRoomAfterRedisLosesItsData(t *testing.T) {
	for _, tc := range []struct {
		name      string
		heartbeat time.Duration
		slow      func(f *freezer, slowBeat *atomic.Bool)
		stall     time.Duration
	}{
		{"host frozen before re-registering", 300 * time.Millisecond, func(f *freezer, _ *atomic.Bool) { f.freeze(1500 * time.Millisecond) }, 0},
		{"host slow to re-record its rooms", 600 * time.Millisecond, func(_ *freezer, slowBeat *atomic.Bool) { slowBeat.Store(true) }, 3 * time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rdb, prefix := testRedis(t)
			ctx := context.Background()
			var f freezer
			var slowBeat atomic.Bool
			hostRDB := redis.NewClient(redisOpts(t))
			hostRDB.AddHook(&f)
			claim := func(r *Registry) error {
				if slowBeat.CompareAndSwap(true, false) {
					time.Sleep(tc.stall)
				}
				_, err := r.ClaimRooms(ctx, []string{"x"})
				return err
			}
			a := startNodeOn(t, hostRDB, prefix, "a", tc.heartbeat, claim, RoleSFU)
			startNodeWith(t, prefix, "c", 50*time.Millisecond, nil, RoleSFU)
			a.load.participants(8) // c is lighter: a fresh placement would pick it
			b := New(Config{Redis: rdb, Prefix: prefix, Self: Node{ID: "b", Roles: []string{RolePlatform}},
				Heartbeat: 300 * time.Millisecond, TTL: 2 * time.Second, Logger: quietLog()})
			for round := range 3 {
				eventually(t, 10*time.Second, "x recorded on a", func() bool { return rdb.Get(ctx, prefix+":room:x").Val() == "a" })
				tc.slow(&f, &slowBeat)
				keys, _ := rdb.Keys(ctx, prefix+":*").Result()
				rdb.Del(ctx, keys...)
				eventually(t, 5*time.Second, "c registered again", func() bool { return rdb.Exists(ctx, prefix+":node:c").Val() == 1 })
				start := time.Now()
				n, err := b.RoomNode(ctx, "x")
				if err != nil {
					t.Fatal(err)
				}
				if n.ID != "a" {
					t.Fatalf("round %d: running room x placed again on %s while a, slow but alive, hosts it", round, n.ID)
				}
				t.Logf("round %d: placement waited %s for a", round, time.Since(start).Round(time.Millisecond))
			}
		})
	}
}

// A new room is placed once every media node confirmed the epoch and
// the epoch is a TTL old, not before, and not much later.
func TestPlacementWaitsForTheEpochToSettle(t *testing.T) {
	rdb, prefix := testRedis(t)
	ctx := context.Background()
	startNodeWith(t, prefix, "a", 50*time.Millisecond, nil, RoleSFU)
	b := New(Config{Redis: rdb, Prefix: prefix, Self: Node{ID: "b", Roles: []string{RolePlatform}},
		Heartbeat: 50 * time.Millisecond, TTL: time.Second, Logger: quietLog()})
	eventually(t, 5*time.Second, "a registered", func() bool { return rdb.Exists(ctx, prefix+":node:a").Val() == 1 })
	start := time.Now()
	if n, err := b.RoomNode(ctx, "fresh"); err != nil || n.ID != "a" {
		t.Fatalf("fresh placed on %q (%v), want a", n.ID, err)
	}
	epoch := rdb.Get(ctx, prefix+":epoch").Val()
	began, err := epochStart(epoch)
	if err != nil {
		t.Fatal(err)
	}
	if age := time.Since(time.UnixMilli(began)); age < time.Second {
		t.Fatalf("placed when the epoch was %s old, under the TTL", age)
	}
	t.Logf("first placement of a new deployment waited %s", time.Since(start).Round(time.Millisecond))
	// A settled epoch costs nothing more.
	start = time.Now()
	if _, err := b.RoomNode(ctx, "second"); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 500*time.Millisecond {
		t.Fatalf("placement in a settled epoch took %s", d)
	}
}

// A node registered without confirming the epoch (its room records fail)
// holds placements back, and the caller learns why.
func TestAnUnconfirmedNodeHoldsPlacementBack(t *testing.T) {
	rdb, prefix := testRedis(t)
	ctx := context.Background()
	failing := func(*Registry) error { return errors.New("cannot list rooms") }
	startNodeWith(t, prefix, "a", 50*time.Millisecond, failing, RoleSFU)
	startNodeWith(t, prefix, "c", 50*time.Millisecond, nil, RoleSFU)
	b := New(Config{Redis: rdb, Prefix: prefix, Self: Node{ID: "b", Roles: []string{RolePlatform}},
		Heartbeat: 50 * time.Millisecond, TTL: 300 * time.Millisecond, Logger: quietLog()})
	eventually(t, 5*time.Second, "both registered", func() bool { return len(liveIDs(t, b)) == 2 })
	_, err := b.RoomNode(ctx, "held")
	if !errors.Is(err, ErrUnavailable) {
		t.Fatalf("placement with an unconfirmed node: %v, want ErrUnavailable", err)
	}
	if rdb.Exists(ctx, prefix+":room:held").Val() != 0 {
		t.Fatal("the room was recorded anyway")
	}
}

// A record is written only in the epoch the placing node found settled.
func TestPlacementInALostEpochWritesNothing(t *testing.T) {
	rdb, prefix := testRedis(t)
	ctx := context.Background()
	keys := []string{prefix + ":epoch", prefix + ":room:r"}
	rdb.Set(ctx, prefix+":epoch", "new@2", 0)
	got, err := placeInEpoch.Run(ctx, rdb, keys, "old@1", "a").Int()
	if err != nil || got != -1 {
		t.Fatalf("placement in a lost epoch = %d, %v; want -1", got, err)
	}
	if rdb.Exists(ctx, prefix+":room:r").Val() != 0 {
		t.Fatal("a placement in a lost epoch wrote a record")
	}
	if got, _ := placeInEpoch.Run(ctx, rdb, keys, "new@2", "a").Int(); got != 1 {
		t.Fatalf("placement in the current epoch = %d, want 1", got)
	}
	if got, _ := placeInEpoch.Run(ctx, rdb, keys, "new@2", "b").Int(); got != 0 || rdb.Get(ctx, keys[1]).Val() != "a" {
		t.Fatalf("second placement = %d, record %q; want 0 and a", got, rdb.Get(ctx, keys[1]).Val())
	}
}

// A host claims a room recorded on a node that is gone, and reports one
// recorded on a live node, without touching that record.
func TestClaimTakesRoomsOfGoneNodesAndReportsLiveOnes(t *testing.T) {
	rdb, prefix := testRedis(t)
	ctx := context.Background()
	a := startNode(t, prefix, "a", RoleSFU)
	startNode(t, prefix, "b", RoleSFU)
	eventually(t, 5*time.Second, "both listed", func() bool { return len(liveIDs(t, a.reg)) == 2 })
	rdb.Set(ctx, prefix+":room:mine", "a", 0)
	rdb.Set(ctx, prefix+":room:theirs", "b", 0)
	rdb.Set(ctx, prefix+":room:orphan", "gone", 0)
	elsewhere, err := a.reg.ClaimRooms(ctx, []string{"mine", "theirs", "orphan", "new"})
	if err != nil {
		t.Fatal(err)
	}
	if len(elsewhere) != 1 || elsewhere["theirs"] != "b" {
		t.Fatalf("recorded elsewhere: %v, want theirs on b", elsewhere)
	}
	for room, want := range map[string]string{"mine": "a", "theirs": "b", "orphan": "a", "new": "a"} {
		if got := rdb.Get(ctx, prefix+":room:"+room).Val(); got != want {
			t.Errorf("%s recorded on %q, want %s", room, got, want)
		}
	}
}

// A join relayed to a node for a room it does not hold, which meanwhile
// is recorded on another live node, does not start a copy there.
func TestARelayedJoinDoesNotStartASecondCopy(t *testing.T) {
	rdb, prefix := testRedis(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	a := startNode(t, prefix, "a", RoleSFU)
	startNode(t, prefix, "b", RoleSFU)
	eventually(t, 5*time.Second, "both listed", func() bool { return len(liveIDs(t, a.reg)) == 2 })
	var mu sync.Mutex
	local := map[string]bool{}
	rl := NewRelay(ctx, a.reg, []byte("secret"), true, func(room string) bool { mu.Lock(); defer mu.Unlock(); return local[room] })
	relayed := func(room string) *http.Request {
		r := httptest.NewRequest(http.MethodGet, "/rtc?room="+room, nil)
		r.Header.Set(relayHeader, rl.mark("a", room))
		return r
	}
	rdb.Set(ctx, prefix+":room:moved", "b", 0)
	if _, err := rl.Route(relayed("moved"), "moved"); !errors.Is(err, ErrMoved) {
		t.Fatalf("relayed join for a room recorded on b: %v, want ErrMoved", err)
	}
	// The same join is served when the room lives here, or is recorded here.
	mu.Lock()
	local["moved"] = true
	mu.Unlock()
	if h, err := rl.Route(relayed("moved"), "moved"); err != nil || h != nil {
		t.Fatalf("relayed join for a room held here: %v, %v; want served here", h, err)
	}
	rdb.Set(ctx, prefix+":room:ours", "a", 0)
	if h, err := rl.Route(relayed("ours"), "ours"); err != nil || h != nil {
		t.Fatalf("relayed join for a room recorded here: %v, %v; want served here", h, err)
	}
}

func TestEpochStartReadsBothForms(t *testing.T) {
	for _, tc := range []struct {
		epoch string
		want  int64
		ok    bool
	}{
		{"9f86d081884c7d65@1795825624930", 1795825624930, true},
		{"1795825624930", 1795825624930, true}, // written by a version without the fence
		{"9f86d081884c7d65@", 0, false},
		{"garbage", 0, false},
	} {
		got, err := epochStart(tc.epoch)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("epochStart(%q) = %d, %v; want %d (ok %v)", tc.epoch, got, err, tc.want, tc.ok)
		}
	}
}

func TestPendingNodesAreLiveMediaNodesBehindTheEpoch(t *testing.T) {
	media := []string{RoleSFU}
	nodes := []Node{
		{ID: "confirmed", Roles: media, Epoch: "e2"},
		{ID: "behind", Roles: media, Epoch: "e1"},
		{ID: "draining", Roles: media, Epoch: "e1", Draining: true},
		{ID: "web", Roles: []string{RolePlatform}, Epoch: "e1"},
		{ID: "starting", Roles: media, Epoch: noEpoch},
		{ID: "older-version", Roles: media},
	}
	if got := pendingNodes(nodes, "e2"); !slices.Equal(got, []string{"behind", "starting"}) {
		t.Fatalf("pending = %v, want [behind starting]", got)
	}
}
