package engineio

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// echo sends every message back, text or binary.
type echo struct {
	s      *Session
	closed chan string
}

func (e *echo) Receive(m Message) error {
	if m.Binary {
		return e.s.Send(BinaryMessage(m.Data))
	}
	if string(m.Data) == "boom" {
		return &ProtocolError{Code: websocket.CloseProtocolError, Reason: "boom refused"}
	}
	return e.s.Send(TextMessage(m.Data))
}

func (e *echo) Closed(reason string) { e.closed <- reason }

func newEchoServer(t *testing.T) (*Server, string, chan string) {
	t.Helper()
	closed := make(chan string, 8)
	srv := NewServer(Options{PingInterval: time.Hour, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))},
		func(s *Session) Receiver { return &echo{s: s, closed: closed} })
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)
	return srv, "ws" + strings.TrimPrefix(hs.URL, "http") + "/?EIO=4&transport=websocket", closed
}

func dial(t *testing.T, url string) *websocket.Conn {
	t.Helper()
	c, _, err := websocket.DefaultDialer.Dial(url, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, open, err := c.ReadMessage(); err != nil || !strings.HasPrefix(string(open), `0{"sid":"`) {
		t.Fatalf("open packet %q %v", open, err)
	}
	return c
}

func roundTrip(t *testing.T, c *websocket.Conn, typ int, send string) (int, string) {
	t.Helper()
	if err := c.WriteMessage(typ, []byte(send)); err != nil {
		t.Fatal(err)
	}
	gotType, got, err := c.ReadMessage()
	if err != nil {
		t.Fatal(err)
	}
	return gotType, string(got)
}

func closeCode(t *testing.T, c *websocket.Conn) (int, string) {
	t.Helper()
	// A fresh deadline: an earlier one (dial's) may have run out while the
	// test did other work on a busy machine, and the peer may first have
	// to read a backlog the server queued before its close frame.
	c.SetReadDeadline(time.Now().Add(30 * time.Second))
	for {
		_, _, err := c.ReadMessage()
		var ce *websocket.CloseError
		if errors.As(err, &ce) {
			return ce.Code, ce.Text
		}
		if err != nil {
			t.Fatalf("ended with %v, not a close frame", err)
		}
	}
}

func TestSessionFramesAndClose(t *testing.T) {
	srv, url, closed := newEchoServer(t)
	c := dial(t, url)
	if typ, got := roundTrip(t, c, websocket.TextMessage, "4hello"); typ != websocket.TextMessage || got != "4hello" {
		t.Errorf("text echo %d %q", typ, got)
	}
	if typ, got := roundTrip(t, c, websocket.BinaryMessage, "\x00\x01"); typ != websocket.BinaryMessage || got != "\x00\x01" {
		t.Errorf("binary echo %d %q", typ, got)
	}
	if _, got := roundTrip(t, c, websocket.TextMessage, "2probe"); got != "3probe" {
		t.Errorf("ping answered with %q", got)
	}
	c.WriteMessage(websocket.TextMessage, []byte("6"))
	c.WriteMessage(websocket.TextMessage, []byte("4boom"))
	if code, reason := closeCode(t, c); code != websocket.CloseProtocolError || reason != "boom refused" {
		t.Errorf("close %d %q", code, reason)
	}
	if reason := <-closed; reason != "boom refused" {
		t.Errorf("Closed(%q)", reason)
	}

	c2 := dial(t, url)
	c2.WriteMessage(websocket.TextMessage, []byte("1"))
	if code, reason := closeCode(t, c2); code != websocket.CloseNormalClosure || reason != "client closed" {
		t.Errorf("client close answered with %d %q", code, reason)
	}
	<-closed

	c3 := dial(t, url)
	go func() { // answer the close handshake
		for {
			if _, _, err := c3.ReadMessage(); err != nil {
				return
			}
		}
	}()
	if err := srv.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	if reason := <-closed; reason != "server shutting down" {
		t.Errorf("Closed(%q) on shutdown", reason)
	}
}
