package realtime_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"souk/cluster"
	"souk/config"
	"souk/platform/realtime/bus"
	"souk/platform/store/storetest"
)

// testRedisURL is the Redis the tests use; each test works under its own
// key prefix and removes its keys afterwards.
func testRedisURL() string {
	if u := os.Getenv("SOUK_TEST_REDIS_URL"); u != "" {
		return u
	}
	return "redis://127.0.0.1:6379/9"
}

// needRedis returns a fresh prefix, skipping (failing under CI=true) when
// Redis does not answer.
func needRedis(t *testing.T) string {
	t.Helper()
	opts, err := redis.ParseURL(testRedisURL())
	if err != nil {
		t.Fatal(err)
	}
	client := redis.NewClient(opts)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := client.Ping(ctx).Err(); err != nil {
		client.Close()
		if os.Getenv("CI") == "true" {
			t.Fatalf("redis at %s is required under CI: %v", opts.Addr, err)
		}
		t.Skipf("skipping: redis at %s does not answer: %v", opts.Addr, err)
	}
	var b [6]byte
	rand.Read(b[:])
	prefix := "souk-test:" + hex.EncodeToString(b[:])
	t.Cleanup(func() {
		defer client.Close()
		ctx := context.Background()
		keys, _ := client.Keys(ctx, prefix+":*").Result()
		if len(keys) > 0 {
			client.Del(ctx, keys...)
		}
	})
	return prefix
}

func redisNode(t *testing.T, e *env, prefix, name string) *node {
	t.Helper()
	r, err := bus.NewRedis(context.Background(), testRedisURL(), prefix, name, testLogger())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() }) // registered first, so it runs after the node stopped
	return e.start(t, nodeOptions{bus: r, mailbox: r, name: name})
}

// Two souk processes on one Redis share rooms, presence and held
// invitations.
func TestTwoNodesShareRoomsThroughRedis(t *testing.T) {
	prefix := needRedis(t)
	e := newEnv(t, storetest.Open(t, "sqlite"))
	a, b, ed := e.user(t, "desks", "ala"), e.user(t, "desks", "bo"), e.user(t, "desks", "ed")
	call, err := e.calls.InviteToCall(context.Background(), "desks", "call-c1", a.User.ID, b.User.ID)
	if err != nil {
		t.Fatal(err)
	}
	one := redisNode(t, e, prefix, "one")
	two := redisNode(t, e, prefix, "two")
	r := scenario(t, "cluster", one.url, two.url, a.APIToken, a.User.ID, b.APIToken, b.User.ID, ed.APIToken, ed.User.ID, call.RoomName)

	expect(t, r, "joinA.ok", true)
	expect(t, r, "joinB.ok", true)
	expect(t, r, "presenceAtA.userId", b.User.ID)
	expect(t, r, "atB.env.wrapperId", "x1")
	expect(t, r, "atB.env.sourcesrv", "one")
	expect(t, r, "atA.env.wrapperId", "x2")
	expect(t, r, "atA.env.sourcesrv", "two")
	expect(t, r, "invite.ok", true)
	expect(t, r, "inviteAtB.msg.roomName", "call-c2")
	expect(t, r, "offlineInvite.ok", true)
	expect(t, r, "offlineAtE.msg.roomName", "call-c3")
	expect(t, r, "acceptE.ok", true)
	expect(t, r, "acceptAtA.msg.type", "acceptcallInvitation")
}

// The per-user connection limit holds across nodes: a user at the limit
// on one node is refused on another, until a socket closes; and a slot
// whose node stops renewing it lapses.
func TestConnectionLimitAcrossNodes(t *testing.T) {
	prefix := needRedis(t)
	opts, err := redis.ParseURL(testRedisURL())
	if err != nil {
		t.Fatal(err)
	}
	rdb := redis.NewClient(opts)
	t.Cleanup(func() { rdb.Close() })
	slots := cluster.NewConnectionSlots(rdb, prefix, 2*time.Second)

	e := newEnv(t, storetest.Open(t, "sqlite"))
	bo := e.user(t, "desks", "bo")
	cfg := config.DefaultRealtime()
	cfg.MaxConnectionsPerUser = 1
	start := func(name string) *node {
		r, err := bus.NewRedis(context.Background(), testRedisURL(), prefix, name, testLogger())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { r.Close() })
		return e.start(t, nodeOptions{cfg: &cfg, bus: r, mailbox: r, name: name, slots: slots})
	}
	a, b := start("a"), start("b")

	first := dialRaw(t, a, tokenQuery(bo.APIToken))
	first.handshake("")
	expectTooManyConnections(t, b, tokenQuery(bo.APIToken))

	first.c.Close()
	first.expectCloseQuietly()
	eventually(t, func() bool { return connectAccepted(t, b, tokenQuery(bo.APIToken)) })

	// A slot nobody renews (its node died) lapses after the TTL.
	ctx := context.Background()
	if ok, err := slots.Acquire(ctx, "desks|ghost", "dead-node/s1", 1); !ok || err != nil {
		t.Fatalf("acquire: %v %v", ok, err)
	}
	if ok, _ := slots.Acquire(ctx, "desks|ghost", "b/s2", 1); ok {
		t.Fatal("a second slot above the limit was granted")
	}
	eventually(t, func() bool {
		ok, err := slots.Acquire(ctx, "desks|ghost", "b/s2", 1)
		return ok && err == nil
	})
}
