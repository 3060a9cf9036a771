package bus

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

func TestLocalMailboxExpires(t *testing.T) {
	ctx := context.Background()
	l := NewLocal()
	clock := time.Unix(1000, 0)
	l.now = func() time.Time { return clock }
	l.Hold(ctx, "desks|u1", "call-a", []byte("a"), 30*time.Second)
	clock = clock.Add(10 * time.Second)
	l.Hold(ctx, "desks|u1", "call-b", []byte("b"), 30*time.Second)

	held, _ := l.Held(ctx, "desks|u1")
	if len(held) != 2 || string(held[0]) != "a" || string(held[1]) != "b" {
		t.Fatalf("held %q", held)
	}
	clock = clock.Add(25 * time.Second) // a is 35 s old, b 25 s
	if _, ok, _ := l.Get(ctx, "desks|u1", "call-a"); ok {
		t.Error("expired message still held")
	}
	if p, ok, _ := l.Get(ctx, "desks|u1", "call-b"); !ok || string(p) != "b" {
		t.Error("live message lost")
	}
	l.Drop(ctx, "desks|u1", "call-b")
	if held, _ := l.Held(ctx, "desks|u1"); len(held) != 0 {
		t.Fatalf("held after drop: %q", held)
	}
	if len(l.boxes) != 0 {
		t.Errorf("empty boxes kept: %v", l.boxes)
	}
}

func TestLocalBusDeliversSynchronously(t *testing.T) {
	l := NewLocal()
	var got []Message
	l.Subscribe(func(m Message) { got = append(got, m) })
	l.Publish(context.Background(), Message{Room: "desks|room_1", Data: json.RawMessage(`["x"]`)})
	if len(got) != 1 || got[0].Room != "desks|room_1" {
		t.Fatalf("got %+v", got)
	}
}

func redisURL() string {
	if u := os.Getenv("SOUK_TEST_REDIS_URL"); u != "" {
		return u
	}
	return "redis://127.0.0.1:6379/9"
}

func TestRedisBusAndMailbox(t *testing.T) {
	ctx := context.Background()
	opts, _ := redis.ParseURL(redisURL())
	admin := redis.NewClient(opts)
	defer admin.Close()
	if err := admin.Ping(ctx).Err(); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("redis is required under CI: %v", err)
		}
		t.Skipf("skipping: redis at %s does not answer: %v", opts.Addr, err)
	}
	var b [6]byte
	rand.Read(b[:])
	prefix := "souk-test:" + hex.EncodeToString(b[:])
	t.Cleanup(func() {
		if keys, _ := admin.Keys(ctx, prefix+":*").Result(); len(keys) > 0 {
			admin.Del(ctx, keys...)
		}
	})
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	one, err := NewRedis(ctx, redisURL(), prefix, "one", log)
	if err != nil {
		t.Fatal(err)
	}
	defer one.Close()
	two, err := NewRedis(ctx, redisURL(), prefix, "two", log)
	if err != nil {
		t.Fatal(err)
	}
	defer two.Close()

	atOne, atTwo := make(chan Message, 4), make(chan Message, 4)
	one.Subscribe(func(m Message) { atOne <- m })
	two.Subscribe(func(m Message) { atTwo <- m })
	msg := Message{Room: "desks|room_x", Except: "sock", Data: json.RawMessage(`["room-message","hi"]`), Attachments: [][]byte{{1, 2}}}
	if err := one.Publish(ctx, msg); err != nil {
		t.Fatal(err)
	}
	for name, ch := range map[string]chan Message{"publisher": atOne, "other node": atTwo} {
		select {
		case m := <-ch:
			if m.Room != msg.Room || m.Except != "sock" || string(m.Data) != string(msg.Data) || len(m.Attachments) != 1 || m.Origin != "one" {
				t.Errorf("%s got %+v", name, m)
			}
		case <-time.After(3 * time.Second):
			t.Fatalf("%s got nothing", name)
		}
	}
	select {
	case m := <-atOne:
		t.Fatalf("publisher got its own message twice: %+v", m)
	case <-time.After(200 * time.Millisecond):
	}

	if err := one.Hold(ctx, "desks|u1", "call-a", []byte("inv"), time.Second); err != nil {
		t.Fatal(err)
	}
	if p, ok, err := two.Get(ctx, "desks|u1", "call-a"); !ok || err != nil || string(p) != "inv" {
		t.Fatalf("other node does not see the held message: %q %v %v", p, ok, err)
	}
	held, err := two.Held(ctx, "desks|u1")
	if err != nil || len(held) != 1 {
		t.Fatalf("held %q %v", held, err)
	}
	time.Sleep(1100 * time.Millisecond)
	if _, ok, _ := two.Get(ctx, "desks|u1", "call-a"); ok {
		t.Fatal("expired message still held")
	}
	one.Hold(ctx, "desks|u1", "call-b", []byte("b"), time.Minute)
	if err := two.Drop(ctx, "desks|u1", "call-b"); err != nil {
		t.Fatal(err)
	}
	if held, _ := one.Held(ctx, "desks|u1"); len(held) != 0 {
		t.Fatalf("held after drop: %q", held)
	}
}
