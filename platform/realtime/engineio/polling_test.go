package engineio

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// pollEnv is an echo server over both transports, with what its tests
// look at: the sessions it accepted and the reasons they closed with.
type pollEnv struct {
	srv    *Server
	hs     *httptest.Server
	url    string // the endpoint, without query
	closed chan string
	opened chan *Session
}

func newPollEnv(t *testing.T, opts Options) *pollEnv {
	t.Helper()
	baseline := runtime.NumGoroutine()
	if opts.PingInterval == 0 {
		opts.PingInterval = time.Hour
	}
	opts.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	e := &pollEnv{closed: make(chan string, 16), opened: make(chan *Session, 16)}
	e.srv = NewServer(opts, func(s *Session) Receiver {
		e.opened <- s
		return &echo{s: s, closed: e.closed}
	})
	e.hs = httptest.NewServer(e.srv)
	e.url = e.hs.URL + "/engine.io/"
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := e.srv.Close(ctx); err != nil {
			t.Errorf("close: %v", err)
		}
		e.hs.CloseClientConnections()
		e.hs.Close()
		http.DefaultClient.CloseIdleConnections()
		// Every goroutine a session started has ended.
		deadline := time.Now().Add(10 * time.Second)
		for runtime.NumGoroutine() > baseline && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		if n := runtime.NumGoroutine(); n > baseline {
			buf := make([]byte, 1<<16)
			t.Errorf("%d goroutines left over (%d before the test):\n%s", n-baseline, baseline, buf[:runtime.Stack(buf, true)])
		}
	})
	return e
}

// request sends one HTTP request and returns the status and body.
func (e *pollEnv) request(t *testing.T, method, query, body string, header ...string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, e.url+"?"+query, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s ?%s: %v", method, query, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// open starts a polling session and returns its id and Session.
func (e *pollEnv) open(t *testing.T) (string, *Session) {
	t.Helper()
	status, body := e.request(t, "GET", "EIO=4&transport=polling", "")
	if status != 200 || !strings.HasPrefix(body, "0{") {
		t.Fatalf("handshake: %d %q", status, body)
	}
	var hs handshake
	if err := json.Unmarshal([]byte(body[1:]), &hs); err != nil {
		t.Fatal(err)
	}
	if len(hs.Upgrades) != 1 || hs.Upgrades[0] != "websocket" {
		t.Errorf("upgrades %v, want [websocket]", hs.Upgrades)
	}
	sess := <-e.opened
	if sess.ID() != hs.SID || sess.Transport() != TransportPolling {
		t.Fatalf("session %s on %s, handshake said %s", sess.ID(), sess.Transport(), hs.SID)
	}
	return hs.SID, sess
}

func (e *pollEnv) poll(t *testing.T, sid string) (int, string) {
	t.Helper()
	return e.request(t, "GET", "EIO=4&transport=polling&sid="+sid, "")
}

func (e *pollEnv) post(t *testing.T, sid, payload string) (int, string) {
	t.Helper()
	return e.request(t, "POST", "EIO=4&transport=polling&sid="+sid, payload, "Content-Type", "text/plain;charset=UTF-8")
}

// pollAsync sends a GET and returns where its answer will arrive, once
// the server holds it as the session's pending poll.
func (e *pollEnv) pollAsync(t *testing.T, sid string, sess *Session) <-chan [2]string {
	t.Helper()
	got := make(chan [2]string, 1)
	go func() {
		req, _ := http.NewRequest("GET", e.url+"?EIO=4&transport=polling&sid="+sid, nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			got <- [2]string{"error", err.Error()}
			return
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		got <- [2]string{resp.Status[:3], string(b)}
	}()
	waitFor(t, "the poll to be pending", func() bool {
		sess.poll.mu.Lock()
		defer sess.poll.mu.Unlock()
		return sess.poll.getPending
	})
	return got
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

func answer(t *testing.T, c <-chan [2]string) [2]string {
	t.Helper()
	select {
	case a := <-c:
		return a
	case <-time.After(10 * time.Second):
		t.Fatal("the poll got no answer")
		return [2]string{}
	}
}

func closedWith(t *testing.T, e *pollEnv, want string) {
	t.Helper()
	select {
	case got := <-e.closed:
		if got != want {
			t.Errorf("session closed with %q, want %q", got, want)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("session did not close (want %q)", want)
	}
}

// engineError decodes a refusal's Engine.IO code and message.
func engineError(t *testing.T, body string) (int, string) {
	t.Helper()
	var v struct {
		Code    *int   `json:"code"`
		Message string `json:"message"`
	}
	if err := json.Unmarshal([]byte(body), &v); err != nil || v.Code == nil {
		t.Fatalf("refusal body %q is not an Engine.IO error (%v)", body, err)
	}
	return *v.Code, v.Message
}

func TestPollingRefusesBadRequestsWithEngineIOErrors(t *testing.T) {
	e := newPollEnv(t, Options{MaxPayload: 64})
	sid, _ := e.open(t)
	cases := []struct {
		name, method, query, body string
		header                    []string
		status, code              int
		message                   string
	}{
		{"unknown sid", "GET", "EIO=4&transport=polling&sid=nope", "", nil, 400, errUnknownSID, "Session ID unknown"},
		{"unknown sid on POST", "POST", "EIO=4&transport=polling&sid=nope", "4hi", nil, 400, errUnknownSID, "Session ID unknown"},
		{"unknown sid on upgrade", "GET", "EIO=4&transport=websocket&sid=nope", "", nil, 400, errUnknownSID, "Session ID unknown"},
		{"no transport", "GET", "EIO=4", "", nil, 400, errTransportUnknown, "Transport unknown"},
		{"bad transport", "GET", "EIO=4&transport=flash", "", nil, 400, errTransportUnknown, "Transport unknown"},
		{"old protocol", "GET", "EIO=3&transport=polling", "", nil, 400, errUnsupportedVersion, "Unsupported protocol version"},
		{"handshake by POST", "POST", "EIO=4&transport=polling", "", nil, 400, errBadHandshakeMethod, "Bad handshake method"},
		{"handshake by PUT", "PUT", "EIO=4&transport=polling", "", nil, 400, errBadHandshakeMethod, "Bad handshake method"},
		{"bad method on a session", "PUT", "EIO=4&transport=polling&sid=" + sid, "", nil, 400, errBadRequest, "method PUT"},
		{"websocket without upgrade", "GET", "EIO=4&transport=websocket", "", nil, 400, errBadRequest, "WebSocket upgrade"},
	}
	for _, tc := range cases {
		status, body := e.request(t, tc.method, tc.query, tc.body, tc.header...)
		if status != tc.status {
			t.Errorf("%s: status %d, want %d (%s)", tc.name, status, tc.status, body)
			continue
		}
		code, msg := engineError(t, body)
		if code != tc.code || !strings.Contains(msg, tc.message) {
			t.Errorf("%s: code %d %q, want %d containing %q", tc.name, code, msg, tc.code, tc.message)
		}
	}
	// None of these touched the open session.
	if status, body := e.post(t, sid, "4still here"); status != 200 || body != "ok" {
		t.Fatalf("POST after the refusals: %d %q", status, body)
	}
	if status, body := e.poll(t, sid); status != 200 || body != "4still here" {
		t.Fatalf("GET after the refusals: %d %q", status, body)
	}
}

// Each of these bad POSTs closes the session: the next poll finds no
// such session.
func TestBadPostsCloseThePollingSession(t *testing.T) {
	cases := []struct {
		name, body, contentType string
		status                  int
		message, reason         string
	}{
		{"payload over maxPayload", "4" + strings.Repeat("x", 64), "text/plain", 400, "payload too large", "payload over max payload"},
		{"binary body", "4hi", "application/octet-stream", 400, "base64", "binary POST body"},
		{"unknown packet type", "abc", "text/plain", 400, "unexpected engine.io packet type", "unexpected engine.io packet type a"},
		{"empty packet", "4hi\x1e", "text/plain", 400, "empty packet", "empty packet in polling payload"},
		{"bad base64", "b!!!", "text/plain", 400, "base64", "binary packet is not valid base64"},
		{"empty body", "", "text/plain", 400, "empty packet", "empty packet in polling payload"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := newPollEnv(t, Options{MaxPayload: 64})
			sid, _ := e.open(t)
			status, body := e.request(t, "POST", "EIO=4&transport=polling&sid="+sid, tc.body, "Content-Type", tc.contentType)
			if status != tc.status {
				t.Fatalf("status %d, want %d: %s", status, tc.status, body)
			}
			if code, msg := engineError(t, body); code != errBadRequest || !strings.Contains(msg, tc.message) {
				t.Errorf("code %d %q, want %d containing %q", code, msg, errBadRequest, tc.message)
			}
			closedWith(t, e, tc.reason)
			if status, body := e.poll(t, sid); status != 400 {
				t.Errorf("poll after the bad POST: %d %q, want 400", status, body)
			} else if code, _ := engineError(t, body); code != errUnknownSID {
				t.Errorf("poll after the bad POST: code %d, want %d", code, errUnknownSID)
			}
		})
	}
}

func TestPollingCarriesTextAndBinaryPackets(t *testing.T) {
	e := newPollEnv(t, Options{})
	sid, _ := e.open(t)
	if status, body := e.post(t, sid, "4hello\x1ebAQIDBA==\x1e4é ✓"); status != 200 || body != "ok" {
		t.Fatalf("POST: %d %q", status, body)
	}
	if status, body := e.poll(t, sid); status != 200 || body != "4hello\x1ebAQIDBA==\x1e4é ✓" {
		t.Fatalf("GET: %d %q", status, body)
	}
}

func TestASecondPendingPollClosesTheSession(t *testing.T) {
	e := newPollEnv(t, Options{})
	sid, sess := e.open(t)
	first := e.pollAsync(t, sid, sess)
	status, body := e.poll(t, sid)
	if status != 400 {
		t.Fatalf("second poll: %d %q, want 400", status, body)
	}
	if a := answer(t, first); a != [2]string{"200", "1"} {
		t.Errorf("first poll answered %v, want a close packet", a)
	}
	closedWith(t, e, "overlapping poll requests")
	if status, _ := e.poll(t, sid); status != 400 {
		t.Errorf("poll after the close: %d, want 400", status)
	}
}

func TestPingAndPongOverPolling(t *testing.T) {
	e := newPollEnv(t, Options{PingInterval: 30 * time.Millisecond, PingTimeout: time.Hour})
	sid, _ := e.open(t)
	for i := range 3 {
		if status, body := e.poll(t, sid); status != 200 || body != "2" {
			t.Fatalf("round %d: poll %d %q, want a ping", i, status, body)
		}
		if status, body := e.post(t, sid, "3"); status != 200 || body != "ok" {
			t.Fatalf("round %d: pong %d %q", i, status, body)
		}
	}
}

func TestPingTimeoutClosesAPollingSession(t *testing.T) {
	e := newPollEnv(t, Options{PingInterval: 20 * time.Millisecond, PingTimeout: 20 * time.Millisecond})
	sid, sess := e.open(t)
	// The client polls, gets the ping and never answers it.
	pending := e.pollAsync(t, sid, sess)
	if a := answer(t, pending); a != [2]string{"200", "2"} {
		t.Fatalf("poll answered %v, want a ping", a)
	}
	closedWith(t, e, "ping timeout")
	if status, _ := e.poll(t, sid); status != 400 {
		t.Errorf("poll after the timeout: %d, want 400", status)
	}
}

func TestPingTimeoutEndsAPendingPollWithAClose(t *testing.T) {
	e := newPollEnv(t, Options{PingInterval: time.Hour, PingTimeout: 20 * time.Millisecond})
	sid, sess := e.open(t)
	sess.pollPing() // as the interval would
	if status, body := e.poll(t, sid); status != 200 || body != "2" {
		t.Fatalf("poll: %d %q, want the ping", status, body)
	}
	pending := e.pollAsync(t, sid, sess)
	if a := answer(t, pending); a != [2]string{"200", "1"} {
		t.Errorf("pending poll answered %v, want a close packet", a)
	}
	closedWith(t, e, "ping timeout")
}

func TestServerCloseEndsThePendingPoll(t *testing.T) {
	e := newPollEnv(t, Options{})
	sid, sess := e.open(t)
	pending := e.pollAsync(t, sid, sess)
	sess.Send(TextMessage([]byte("last words")))
	if a := answer(t, pending); a != [2]string{"200", "4last words"} {
		t.Fatalf("poll answered %v", a)
	}
	pending = e.pollAsync(t, sid, sess)
	sess.Close(websocket.CloseGoingAway, "server shutting down")
	if a := answer(t, pending); a != [2]string{"200", "1"} {
		t.Errorf("pending poll answered %v, want a close packet", a)
	}
	closedWith(t, e, "server shutting down")
}

// A close with frames queued and no poll pending waits for the next poll
// to carry them, with the close packet after them.
func TestServerCloseWaitsForTheNextPollToSayGoodbye(t *testing.T) {
	e := newPollEnv(t, Options{})
	sid, sess := e.open(t)
	sess.Send(TextMessage([]byte("bye")))
	sess.Close(websocket.ClosePolicyViolation, "kicked")
	if status, body := e.poll(t, sid); status != 200 || body != "4bye\x1e1" {
		t.Fatalf("poll after the close: %d %q", status, body)
	}
	closedWith(t, e, "kicked")
	if status, _ := e.poll(t, sid); status != 400 {
		t.Errorf("poll once closed: %d, want 400", status)
	}
}

func TestClientCloseEndsThePendingPollWithANoop(t *testing.T) {
	e := newPollEnv(t, Options{})
	sid, sess := e.open(t)
	pending := e.pollAsync(t, sid, sess)
	if status, body := e.post(t, sid, "1"); status != 200 || body != "ok" {
		t.Fatalf("close POST: %d %q", status, body)
	}
	if a := answer(t, pending); a != [2]string{"200", "6"} {
		t.Errorf("pending poll answered %v, want a noop", a)
	}
	closedWith(t, e, "client closed")
	if status, _ := e.poll(t, sid); status != 400 {
		t.Errorf("poll once closed: %d, want 400", status)
	}
}

// A client that gives up on its poll (or a proxy that cuts it) ends the
// session, as with the reference server.
func TestAnAbandonedPollClosesTheSession(t *testing.T) {
	e := newPollEnv(t, Options{})
	sid, sess := e.open(t)
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", e.url+"?EIO=4&transport=polling&sid="+sid, nil)
	done := make(chan struct{})
	go func() {
		defer close(done)
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
		}
	}()
	waitFor(t, "the poll to be pending", func() bool {
		sess.poll.mu.Lock()
		defer sess.poll.mu.Unlock()
		return sess.poll.getPending
	})
	cancel()
	<-done
	closedWith(t, e, "poll connection closed prematurely")
}

// dialUpgrade opens the WebSocket that upgrades session sid.
func (e *pollEnv) dialUpgrade(t *testing.T, sid string) *websocket.Conn {
	t.Helper()
	url := "ws" + strings.TrimPrefix(e.url, "http") + "?EIO=4&transport=websocket&sid=" + sid
	c, _, err := websocket.DefaultDialer.Dial(url, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	return c
}

func probe(t *testing.T, c *websocket.Conn) {
	t.Helper()
	if err := c.WriteMessage(websocket.TextMessage, []byte("2probe")); err != nil {
		t.Fatal(err)
	}
	if _, m, err := c.ReadMessage(); err != nil || string(m) != "3probe" {
		t.Fatalf("probe answered %q %v", m, err)
	}
}

func TestUpgradeFromPollingToWebSocket(t *testing.T) {
	e := newPollEnv(t, Options{})
	sid, sess := e.open(t)
	pending := e.pollAsync(t, sid, sess)
	c := e.dialUpgrade(t, sid)
	probe(t, c)
	// The pending poll ends with a noop so that the client can upgrade.
	if a := answer(t, pending); a != [2]string{"200", "6"} {
		t.Fatalf("pending poll answered %v, want a noop", a)
	}
	// Queued before the upgrade completes: delivered over the WebSocket.
	sess.Send(TextMessage([]byte("queued while upgrading")))
	if err := c.WriteMessage(websocket.TextMessage, []byte("5")); err != nil {
		t.Fatal(err)
	}
	if _, m, err := c.ReadMessage(); err != nil || string(m) != "4queued while upgrading" {
		t.Fatalf("first WebSocket message %q %v", m, err)
	}
	c.WriteMessage(websocket.TextMessage, []byte("4over websocket"))
	if _, m, err := c.ReadMessage(); err != nil || string(m) != "4over websocket" {
		t.Fatalf("echo over the WebSocket %q %v", m, err)
	}
	if sess.Transport() != TransportWebSocket {
		t.Errorf("transport %s after the upgrade", sess.Transport())
	}
	// The session no longer polls, and takes no second WebSocket.
	if status, body := e.poll(t, sid); status != 400 {
		t.Errorf("poll after the upgrade: %d %q, want 400", status, body)
	}
	if status, body := e.post(t, sid, "4late"); status != 400 {
		t.Errorf("POST after the upgrade: %d %q, want 400", status, body)
	}
	second := e.dialUpgrade(t, sid)
	if _, _, err := second.ReadMessage(); !websocket.IsCloseError(err, websocket.ClosePolicyViolation) {
		t.Errorf("second upgrade: %v, want a close", err)
	}
	c.WriteMessage(websocket.TextMessage, []byte("1"))
	closedWith(t, e, "client closed")
}

// A POST sent while the upgrade is under way (after the probe, before
// the upgrade packet) is read, and its answer reaches the client over
// the WebSocket.
func TestPostDuringUpgrade(t *testing.T) {
	e := newPollEnv(t, Options{})
	sid, _ := e.open(t)
	c := e.dialUpgrade(t, sid)
	probe(t, c)
	if status, body := e.post(t, sid, "4sent mid-upgrade"); status != 200 || body != "ok" {
		t.Fatalf("POST during the upgrade: %d %q", status, body)
	}
	c.WriteMessage(websocket.TextMessage, []byte("5"))
	if _, m, err := c.ReadMessage(); err != nil || string(m) != "4sent mid-upgrade" {
		t.Fatalf("echo of the mid-upgrade POST: %q %v", m, err)
	}
}

// A poll that arrives after the WebSocket opened, while the probe and
// upgrade packets are still on their way, is answered once the upgrade
// completes: it is refused, since the session no longer polls.
func TestPollRacingTheUpgradePacketIsRefused(t *testing.T) {
	e := newPollEnv(t, Options{})
	sid, sess := e.open(t)
	c := e.dialUpgrade(t, sid)
	waitFor(t, "the upgrade to start", func() bool {
		sess.poll.mu.Lock()
		defer sess.poll.mu.Unlock()
		return sess.poll.upgrading
	})
	racing := make(chan [2]string, 1)
	go func() {
		status, body := e.poll(t, sid)
		racing <- [2]string{http.StatusText(status), body}
	}()
	probe(t, c)
	c.WriteMessage(websocket.TextMessage, []byte("5"))
	if a := answer(t, racing); a[0] != http.StatusText(400) {
		t.Errorf("poll racing the upgrade answered %v, want 400", a)
	}
}

// A WebSocket that opens but never completes the upgrade leaves the
// session polling.
func TestAbandonedUpgradeLeavesTheSessionPolling(t *testing.T) {
	e := newPollEnv(t, Options{})
	sid, _ := e.open(t)
	c := e.dialUpgrade(t, sid)
	c.WriteMessage(websocket.TextMessage, []byte("4not a probe"))
	if _, _, err := c.ReadMessage(); err == nil {
		t.Fatal("the WebSocket stayed open after a wrong probe")
	}
	if status, body := e.post(t, sid, "4still polling"); status != 200 || body != "ok" {
		t.Fatalf("POST: %d %q", status, body)
	}
	if status, body := e.poll(t, sid); status != 200 || body != "4still polling" {
		t.Fatalf("GET: %d %q", status, body)
	}
	// And it can still upgrade.
	c = e.dialUpgrade(t, sid)
	probe(t, c)
	c.WriteMessage(websocket.TextMessage, []byte("5"))
	c.WriteMessage(websocket.TextMessage, []byte("4upgraded"))
	if _, m, err := c.ReadMessage(); err != nil || string(m) != "4upgraded" {
		t.Fatalf("echo after the second upgrade: %q %v", m, err)
	}
}

// The session closing while the upgrade waits for its upgrade packet
// closes the WebSocket too.
func TestSessionCloseDuringUpgrade(t *testing.T) {
	e := newPollEnv(t, Options{})
	sid, sess := e.open(t)
	c := e.dialUpgrade(t, sid)
	probe(t, c)
	sess.Close(websocket.CloseGoingAway, "server shutting down")
	closedWith(t, e, "server shutting down")
	if _, _, err := c.ReadMessage(); err == nil {
		t.Fatal("the probing WebSocket stayed open after the session closed")
	}
}

func TestServerCloseEndsPollingSessions(t *testing.T) {
	e := newPollEnv(t, Options{})
	sid, sess := e.open(t)
	pending := e.pollAsync(t, sid, sess)
	idleSID, _ := e.open(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := e.srv.Close(ctx); err != nil {
		t.Fatalf("close: %v", err)
	}
	if a := answer(t, pending); a != [2]string{"200", "1"} {
		t.Errorf("pending poll answered %v, want a close packet", a)
	}
	if status, _ := e.poll(t, idleSID); status == 200 {
		t.Error("an idle polling session outlived the server's close")
	}
}

// The client's close may arrive before the poll it sent alongside: that
// poll still gets the noop, and the session ends.
func TestPollArrivingAfterTheClientsCloseGetsANoop(t *testing.T) {
	e := newPollEnv(t, Options{})
	sid, _ := e.open(t)
	if status, body := e.post(t, sid, "1"); status != 200 || body != "ok" {
		t.Fatalf("close POST: %d %q", status, body)
	}
	if status, body := e.poll(t, sid); status != 200 || body != "6" {
		t.Errorf("poll after the close: %d %q, want a noop", status, body)
	}
	closedWith(t, e, "client closed")
	if status, _ := e.poll(t, sid); status != 400 {
		t.Errorf("poll once closed: %d, want 400", status)
	}
}

func TestLongPollingPayloadOfQueuedFrames(t *testing.T) {
	for _, n := range []int{0, 125, 126, 65535, 65536} {
		text := strings.Repeat("x", n)
		bin := []byte(strings.Repeat("\x01", n))
		frames := [][]byte{appendFrame(nil, false, []byte("4"+text)), appendFrame(nil, true, bin)}
		got := appendPollPayload(nil, frames)
		want := "4" + text + "\x1eb" + base64.StdEncoding.EncodeToString(bin)
		if string(got) != want || pollPayloadSize(frames) != len(want) {
			t.Errorf("payload of %d bytes: got %d bytes (size said %d), want %d", n, len(got), pollPayloadSize(frames), len(want))
		}
	}
}

// A request that comes after the heartbeat's deadline finds the session
// ended, even when the timer that would have ended it has not fired yet
// (a busy machine runs timers late).
func TestARequestAfterTheHeartbeatDeadlineFindsTheSessionEnded(t *testing.T) {
	e := newPollEnv(t, Options{PingInterval: time.Hour, PingTimeout: time.Hour})
	sid, sess := e.open(t)
	sess.poll.mu.Lock()
	sess.poll.pingDue = time.Now().Add(-2 * time.Hour) // the ping and its timeout are both past due
	sess.poll.mu.Unlock()
	status, body := e.poll(t, sid)
	if status != 400 {
		t.Fatalf("poll after the deadline: %d %q, want 400", status, body)
	}
	if code, _ := engineError(t, body); code != errUnknownSID {
		t.Errorf("code %d, want %d", code, errUnknownSID)
	}
	closedWith(t, e, "ping timeout")
}
