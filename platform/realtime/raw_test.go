package realtime_test

import (
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// rawClient speaks the wire protocol by hand, to send what no library
// would.
type rawClient struct {
	t *testing.T
	c *websocket.Conn
}

func dialRaw(t *testing.T, n *node, query url.Values) *rawClient {
	t.Helper()
	if query == nil {
		query = url.Values{}
	}
	query.Set("EIO", "4")
	query.Set("transport", "websocket")
	c, resp, err := websocket.DefaultDialer.Dial("ws://"+n.addr+"/socket.io/?"+query.Encode(), nil)
	if err != nil {
		t.Fatalf("dial: %v (%v)", err, resp)
	}
	t.Cleanup(func() { c.Close() })
	return &rawClient{t: t, c: c}
}

func (r *rawClient) send(s string) {
	r.t.Helper()
	if err := r.c.WriteMessage(websocket.TextMessage, []byte(s)); err != nil {
		r.t.Fatalf("send %q: %v", s, err)
	}
}

func (r *rawClient) sendBinary(b []byte) {
	r.t.Helper()
	if err := r.c.WriteMessage(websocket.BinaryMessage, b); err != nil {
		r.t.Fatalf("send binary: %v", err)
	}
}

// read returns the next frame that is not a ping (pings are answered
// unless pong is false).
func (r *rawClient) read(pong bool) (string, error) {
	r.c.SetReadDeadline(time.Now().Add(5 * time.Second))
	for {
		_, data, err := r.c.ReadMessage()
		if err != nil {
			return "", err
		}
		if string(data) == "2" {
			if pong {
				r.c.WriteMessage(websocket.TextMessage, []byte("3"))
			}
			continue
		}
		return string(data), nil
	}
}

func (r *rawClient) expect(prefix string) string {
	r.t.Helper()
	got, err := r.read(true)
	if err != nil {
		r.t.Fatalf("waiting for %q: %v", prefix, err)
	}
	if !strings.HasPrefix(got, prefix) {
		r.t.Fatalf("got %q, want a frame starting %q", got, prefix)
	}
	return got
}

// handshake reads the open packet and joins the main namespace.
func (r *rawClient) handshake(auth string) {
	r.t.Helper()
	r.expect(`0{"sid":"`)
	r.send("40" + auth)
	r.expect(`40{"sid":"`)
}

// expectClose reads until the server closes and checks the close code.
func (r *rawClient) expectClose(code int) string {
	r.t.Helper()
	for {
		_, err := r.read(true)
		if err == nil {
			continue
		}
		var ce *websocket.CloseError
		if !errors.As(err, &ce) {
			r.t.Fatalf("connection ended with %v, want close code %d", err, code)
		}
		if ce.Code != code {
			r.t.Fatalf("close code %d (%q), want %d", ce.Code, ce.Text, code)
		}
		return ce.Text
	}
}

func tokenQuery(token string) url.Values { return url.Values{"token": {token}} }

func httpGet(t *testing.T, rawURL string) (*http.Response, string) {
	t.Helper()
	resp, err := http.Get(rawURL)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var b strings.Builder
	buf := make([]byte, 4096)
	for {
		n, err := resp.Body.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			break
		}
	}
	return resp, b.String()
}

// expectCloseQuietly drains until the connection ends, however it ends.
func (r *rawClient) expectCloseQuietly() {
	for {
		if _, err := r.read(false); err != nil {
			return
		}
	}
}

// eventually retries cond for a few seconds.
func eventually(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("condition not met in time")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// expectTooManyConnections opens a socket as query's user and checks that
// its namespace connect is refused for the per-user connection limit.
func expectTooManyConnections(t *testing.T, n *node, query url.Values) {
	t.Helper()
	c := dialRaw(t, n, query)
	c.expect("0")
	c.send("40")
	c.expect(`44{"message":"too many connections`)
}

// connectAccepted opens a socket as query's user and reports whether its
// namespace connect is accepted.
func connectAccepted(t *testing.T, n *node, query url.Values) bool {
	t.Helper()
	c := dialRaw(t, n, query)
	c.expect("0")
	c.send("40")
	got, _ := c.read(true)
	return strings.HasPrefix(got, "40")
}
