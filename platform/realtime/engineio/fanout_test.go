package engineio

import (
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// sink records its session and how it ended.
type sink struct {
	s      *Session
	closed chan string
}

func (k *sink) Receive(Message) error { return nil }
func (k *sink) Closed(reason string)  { k.closed <- reason }

// newSinkServer serves sessions that only receive what the test sends
// them; sessions arrive on the returned channel once open.
func newSinkServer(tb testing.TB, opts Options) (string, chan *sink) {
	tb.Helper()
	opts.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	sinks := make(chan *sink, 1024)
	srv := NewServer(opts, func(s *Session) Receiver {
		k := &sink{s: s, closed: make(chan string, 1)}
		sinks <- k
		return k
	})
	hs := httptest.NewServer(srv)
	tb.Cleanup(hs.Close)
	return "ws" + strings.TrimPrefix(hs.URL, "http") + "/?EIO=4&transport=websocket", sinks
}

func TestSlowConsumerIsCutOffWithoutHoldingUpOthers(t *testing.T) {
	url, sinks := newSinkServer(t, Options{PingInterval: time.Hour, SendQueue: 8, WriteTimeout: time.Minute})
	slow := dial(t, url)
	slowSess := (<-sinks)
	fast := dial(t, url)
	fastSess := (<-sinks)

	const messages = 400
	payload := strings.Repeat("x", 64<<10) // 25 MB in all: more than loopback buffers hold
	var fastGot atomic.Int64
	done := make(chan struct{})
	go func() {
		defer close(done)
		for fastGot.Load() < messages {
			fast.SetReadDeadline(time.Now().Add(30 * time.Second))
			_, data, err := fast.ReadMessage()
			if err != nil || string(data[1:]) != payload {
				return
			}
			fastGot.Add(1)
		}
	}()

	var slowErr error
	for i := range messages {
		// Both peers are offered messages at the pace the reading one
		// takes them; the stalled one must not slow that pace down.
		deadline := time.Now().Add(30 * time.Second)
		for fastGot.Load() < int64(i-4) && time.Now().Before(deadline) {
			time.Sleep(100 * time.Microsecond)
		}
		frames := Prepare([]Frame{TextMessage([]byte(payload))})
		if err := fastSess.s.Send(frames...); err != nil {
			t.Fatalf("send %d to the reading peer: %v", i, err)
		}
		if err := slowSess.s.Send(frames...); err != nil && slowErr == nil {
			slowErr = err
		}
	}
	<-done
	if n := fastGot.Load(); n != messages {
		t.Fatalf("the reading peer got %d of %d messages while another peer stalled", n, messages)
	}
	if !errors.Is(slowErr, ErrSlowPeer) {
		t.Fatalf("sending to the stalled peer: %v, want ErrSlowPeer", slowErr)
	}
	if err := slowSess.s.Send(TextMessage([]byte("after"))); !errors.Is(err, ErrClosed) {
		t.Errorf("send after the cut-off: %v, want ErrClosed", err)
	}
	// Once it reads again, the stalled peer learns why it was cut off.
	if code, reason := closeCode(t, slow); code != websocket.ClosePolicyViolation || reason != "send queue full: client too slow" {
		t.Errorf("stalled peer closed with %d %q", code, reason)
	}
	select {
	case reason := <-slowSess.closed:
		if reason != "send queue full: client too slow" {
			t.Errorf("Closed(%q)", reason)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the stalled session did not end")
	}
}

func TestBusySocketFramesWaitForTheFlushIntervalButCloseDoesNot(t *testing.T) {
	url, sinks := newSinkServer(t, Options{PingInterval: time.Hour, FlushInterval: time.Hour, FlushBurst: 1})
	// dial reads the open packet: the first write after a quiet spell
	// does not wait for the (hour-long) interval.
	c := dial(t, url)
	k := <-sinks
	for _, m := range []string{"4b", "4c"} {
		if err := k.s.Send(TextMessage([]byte(m[1:]))); err != nil {
			t.Fatal(err)
		}
	}
	// The writer now waits out the interval; a close must not.
	k.s.Close(websocket.CloseNormalClosure, "bye")
	for _, want := range []string{"4b", "4c"} {
		c.SetReadDeadline(time.Now().Add(30 * time.Second))
		if _, got, err := c.ReadMessage(); err != nil || string(got) != want {
			t.Fatalf("read %q %v, want %q before the close", got, err, want)
		}
	}
	if code, reason := closeCode(t, c); code != websocket.CloseNormalClosure || reason != "bye" {
		t.Errorf("close %d %q", code, reason)
	}
}

func TestFirstWritesOfABurstGoOutAtOnceThenTheyWait(t *testing.T) {
	url, sinks := newSinkServer(t, Options{PingInterval: time.Hour, FlushInterval: time.Hour, FlushBurst: 3})
	c := dial(t, url) // the open packet was the first write of the burst
	k := <-sinks
	for _, m := range []string{"4a", "4b"} { // the second and third
		if err := k.s.Send(TextMessage([]byte(m[1:]))); err != nil {
			t.Fatal(err)
		}
		c.SetReadDeadline(time.Now().Add(30 * time.Second))
		if _, got, err := c.ReadMessage(); err != nil || string(got) != m {
			t.Fatalf("read %q %v, want %q without waiting for the interval", got, err, m)
		}
	}
	if err := k.s.Send(TextMessage([]byte("c"))); err != nil {
		t.Fatal(err)
	}
	// The burst is spent: "c" waits for the (hour-long) interval.
	c.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
	if _, got, err := c.ReadMessage(); err == nil {
		t.Fatalf("read %q before the flush interval", got)
	}
}

func TestAReplySkipsTheFlushIntervalAndTakesWhatWaitsAlong(t *testing.T) {
	url, sinks := newSinkServer(t, Options{PingInterval: time.Hour, FlushInterval: time.Hour, FlushBurst: 1})
	c := dial(t, url) // the open packet used the burst
	k := <-sinks
	if err := k.s.Send(TextMessage([]byte("a"))); err != nil {
		t.Fatal(err)
	}
	// "a" now waits for the (hour-long) interval; a reply must not.
	c.SetReadDeadline(time.Now().Add(200 * time.Millisecond))
	if _, got, err := c.ReadMessage(); err == nil {
		t.Fatalf("read %q before the flush interval", got)
	}
	c.Close()
	c = dial(t, url)
	k = <-sinks
	if err := k.s.Send(TextMessage([]byte("a"))); err != nil {
		t.Fatal(err)
	}
	if err := k.s.Reply(TextMessage([]byte("b"))); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"4a", "4b"} {
		c.SetReadDeadline(time.Now().Add(30 * time.Second))
		if _, got, err := c.ReadMessage(); err != nil || string(got) != want {
			t.Fatalf("read %q %v, want %q: the reply should not wait", got, err, want)
		}
	}
}

func TestFlushIntervalGrowsWithOpenSessions(t *testing.T) {
	opts := Options{FlushInterval: 20 * time.Millisecond, WriteRate: 50_000, MaxFlushInterval: 100 * time.Millisecond}
	tests := []struct {
		name string
		opts Options
		open int64
		want time.Duration
	}{
		{"few sessions keep the configured interval", opts, 10, 20 * time.Millisecond},
		{"as many as the rate allows per interval", opts, 1000, 20 * time.Millisecond},
		{"more share the write rate", opts, 2500, 50 * time.Millisecond},
		{"the growth is capped", opts, 100_000, 100 * time.Millisecond},
		{"a negative rate keeps the interval", Options{FlushInterval: 20 * time.Millisecond, WriteRate: -1}, 100_000, 20 * time.Millisecond},
		{"a negative interval never waits", Options{FlushInterval: -1, WriteRate: 50_000, MaxFlushInterval: time.Second}, 100_000, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := flushInterval(&tt.opts, tt.open); got != tt.want {
				t.Errorf("flushInterval with %d open = %v, want %v", tt.open, got, tt.want)
			}
		})
	}
}

func TestPacerLetsABurstThroughThenSpacesWrites(t *testing.T) {
	const interval = 10 * time.Millisecond
	start := time.Unix(1000, 0)
	p := pacer{burst: 3}
	at := start
	for i := range 3 {
		if d := p.delay(at, interval); d != 0 {
			t.Fatalf("write %d of the burst waits %v", i, d)
		}
		p.wrote(at, interval)
	}
	if d := p.delay(at, interval); d != interval {
		t.Fatalf("fourth write waits %v, want %v", d, interval)
	}
	at = at.Add(interval)
	p.wrote(at, interval)
	if d := p.delay(at, interval); d != interval {
		t.Fatalf("a busy stream waits %v per write, want %v", d, interval)
	}
	// After a quiet spell of a whole burst, the burst is available again.
	at = at.Add(4 * interval)
	for i := range 3 {
		if d := p.delay(at, interval); d != 0 {
			t.Fatalf("write %d after the quiet spell waits %v", i, d)
		}
		p.wrote(at, interval)
	}
}

// BenchmarkFanOut sends one prepared message to 200 sessions per
// iteration, each read by a WebSocket client over loopback; it reports
// the time per message (all 200 deliveries written and read).
func BenchmarkFanOut(b *testing.B) {
	const peers = 200
	url, sinks := newSinkServer(b, Options{PingInterval: time.Hour, SendQueue: 16384})
	var received atomic.Int64
	var readers sync.WaitGroup
	sessions := make([]*Session, peers)
	for i := range sessions {
		c, _, err := websocket.DefaultDialer.Dial(url, nil)
		if err != nil {
			b.Fatal(err)
		}
		defer c.Close()
		sessions[i] = (<-sinks).s
		readers.Add(1)
		go func() {
			defer readers.Done()
			for {
				_, r, err := c.NextReader()
				if err != nil {
					return
				}
				io.Copy(io.Discard, r)
				received.Add(1)
			}
		}()
	}
	for received.Load() < peers { // the open packets
		time.Sleep(time.Millisecond)
	}
	payload := []byte(`2["room-message","{\"SocketIOUniqueChannelName\":\"bench\",\"room\":\"room_bench\",\"data\":\"bench:1:123456789\",\"wrapperId\":\"w1\",\"sourcesrv\":\"bench\",\"senderId\":\"u0\"}"]`)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		frames := Prepare([]Frame{TextMessage(payload)})
		for _, s := range sessions {
			s.Send(frames...)
		}
	}
	want := int64(peers) * int64(b.N+1)
	for received.Load() < want {
		time.Sleep(50 * time.Microsecond)
	}
	b.StopTimer()
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(int64(b.N)*peers), "ns/delivery")
	for _, s := range sessions {
		s.Close(websocket.CloseGoingAway, "done")
	}
}

func TestFramesGoOutOverTLS(t *testing.T) {
	// A TLS connection cannot take a vectored write: the writer gathers
	// the frames into chunks instead.
	sinks := make(chan *sink, 1)
	srv := NewServer(Options{PingInterval: time.Hour, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))},
		func(s *Session) Receiver {
			k := &sink{s: s, closed: make(chan string, 1)}
			sinks <- k
			return k
		})
	hs := httptest.NewTLSServer(srv)
	defer hs.Close()
	d := websocket.Dialer{TLSClientConfig: hs.Client().Transport.(*http.Transport).TLSClientConfig}
	c, _, err := d.Dial("wss"+strings.TrimPrefix(hs.URL, "https")+"/?EIO=4&transport=websocket", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	k := <-sinks
	big := strings.Repeat("y", 100<<10) // over one gathering chunk
	want := []string{"4a", "4" + big, "4b"}
	for _, m := range want {
		if err := k.s.Send(TextMessage([]byte(m[1:]))); err != nil {
			t.Fatal(err)
		}
	}
	c.SetReadDeadline(time.Now().Add(30 * time.Second))
	if _, open, err := c.ReadMessage(); err != nil || !strings.HasPrefix(string(open), "0{") {
		t.Fatalf("open packet %q %v", open, err)
	}
	for i, m := range want {
		if _, got, err := c.ReadMessage(); err != nil || string(got) != m {
			t.Fatalf("frame %d: %d bytes, %v", i, len(got), err)
		}
	}
}
