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
	url, sinks := newSinkServer(t, Options{PingInterval: time.Hour, FlushInterval: time.Hour})
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
