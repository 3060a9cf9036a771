package cluster

import (
	"context"
	"strings"
	"testing"
	"time"
)

func TestStrikesBackOffAcrossClients(t *testing.T) {
	rdb, prefix := testRedis(t)
	a, b := NewStrikes(rdb, prefix), NewStrikes(rdb, prefix)
	ctx := context.Background()
	const key = "desks\x00ala@example.com\x00203.0.113.9"
	fail := func(s *Strikes) {
		t.Helper()
		if err := s.Fail(ctx, key, 2, 300*time.Millisecond, time.Second); err != nil {
			t.Fatal(err)
		}
	}
	wait := func(s *Strikes) time.Duration {
		t.Helper()
		w, err := s.Wait(ctx, key)
		if err != nil {
			t.Fatal(err)
		}
		return w
	}
	fail(a)
	if w := wait(b); w != 0 {
		t.Fatalf("one failure of two free ones already waits %s", w)
	}
	fail(b) // the second: the allowance is used up, the wait begins
	if w := wait(a); w <= 0 || w > 300*time.Millisecond {
		t.Fatalf("wait after the allowance: %s, want (0, 300ms]", w)
	}
	fail(a) // twice as long, capped by max
	if w := wait(b); w <= 300*time.Millisecond || w > 600*time.Millisecond {
		t.Fatalf("wait after one more failure: %s, want (300ms, 600ms]", w)
	}
	if w, _ := a.Wait(ctx, "desks\x00ala@example.com\x00198.51.100.1"); w != 0 {
		t.Fatalf("another network waits %s", w)
	}
	eventually(t, 5*time.Second, "the wait ends", func() bool { return wait(a) == 0 })
	if err := b.Clear(ctx, key); err != nil {
		t.Fatal(err)
	}
	fail(a)
	if w := wait(a); w != 0 {
		t.Fatalf("a success did not clear the failures: %s", w)
	}
	// Keys are hashed: no address or e-mail in Redis.
	keys, err := rdb.Keys(ctx, prefix+":strikes:*").Result()
	if err != nil || len(keys) == 0 {
		t.Fatalf("keys %v %v", keys, err)
	}
	for _, k := range keys {
		if strings.Contains(k, "example.com") || strings.Contains(k, "203.0.113") {
			t.Fatalf("clear text in key %q", k)
		}
	}
}
