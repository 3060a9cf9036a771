package realtime_test

import (
	"context"
	"testing"
	"time"

	"souk/platform/realtime/bus"
	"souk/platform/store"
	"souk/platform/store/storetest"
)

// Signing out closes the session's sockets on every node at once, with a
// reason, and leaves the user's other sessions alone.
func TestLogoutClosesTheSessionsSockets(t *testing.T) {
	for _, cluster := range []string{"one node", "two nodes through redis"} {
		t.Run(cluster, func(t *testing.T) {
			e := newEnv(t, storetest.Open(t, "sqlite"))
			a := e.user(t, "desks", "ala")
			b, err := e.accounts.Login(context.Background(), "desks", "ala@example.com", "oak desk 42")
			if err != nil {
				t.Fatal(err)
			}
			var one, two *node
			if cluster == "one node" {
				l := bus.NewLocal()
				one = e.start(t, nodeOptions{bus: l, mailbox: l, accounts: true})
				two = one
			} else {
				prefix := needRedis(t)
				one = redisAPINode(t, e, prefix, "one")
				two = redisAPINode(t, e, prefix, "two")
			}
			r := scenario(t, "sessions", "logout", one.url, one.url, two.url, a.AccessToken, a.APIToken, b.APIToken, a.User.ID)
			expect(t, r, "connected", true)
			expect(t, r, "joinA1", true)
			expect(t, r, "joinA2", true)
			expect(t, r, "logoutStatus", 204)
			for _, s := range []string{"a1", "a2"} {
				expect(t, r, s+".closed", true)
				expect(t, r, s+".reason", "io server disconnect")
				expect(t, r, s+".payload.reason", "logout")
				expect(t, r, s+".payload.code", "unauthorized")
				// Typically 0.2 s. The bound only has to tell a close caused
				// by the logout from one that never comes (the scenario
				// gives up after its own deadline), on a machine whose cores
				// are busy with other work.
				if ms, _ := get(r, s+".ms").(float64); ms > 5000 {
					t.Errorf("%s closed %v ms after the logout request, want within 5000", s, ms)
				}
			}
			expect(t, r, "otherSessionConnected", true)
			expect(t, r, "otherSessionJoins", true)
			expect(t, r, "reconnect.ok", false)
			expect(t, r, "reconnect.data.code", "unauthorized")
		})
	}
}

func redisAPINode(t *testing.T, e *env, prefix, name string) *node {
	t.Helper()
	r, err := bus.NewRedis(context.Background(), testRedisURL(), prefix, name, testLogger())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return e.start(t, nodeOptions{bus: r, mailbox: r, name: name, accounts: true})
}

// A socket does not outlive its session's expiry.
func TestExpiredSessionClosesItsSocket(t *testing.T) {
	e := newEnv(t, storetest.Open(t, "sqlite"))
	e.user(t, "desks", "ala")
	// Long enough for node to start and connect on a busy machine.
	short := store.NewAccountService(e.db, store.AccountOptions{SessionTTL: 10 * time.Second})
	sess, err := short.Login(context.Background(), "desks", "ala@example.com", "oak desk 42")
	if err != nil {
		t.Fatal(err)
	}
	n := e.start(t, nodeOptions{})
	r := scenario(t, "sessions", "expiry", n.url, sess.APIToken)
	expect(t, r, "connected", true)
	expect(t, r, "closed", true)
	expect(t, r, "payload.reason", "session_expired")
	if at, _ := r["at"].(float64); time.UnixMilli(int64(at)).Before(sess.ExpiresAt.Add(-time.Second)) {
		t.Errorf("closed at %v, before the session expired at %v", time.UnixMilli(int64(at)), sess.ExpiresAt)
	}
}
