package signal_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"errors"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/livekit/protocol/auth"
	"github.com/livekit/protocol/livekit"
	"google.golang.org/protobuf/proto"

	"souk/sfu"
	"souk/signal"
	"souk/signal/client"
)

// raw is a bare signal connection for protocol edge cases.
type raw struct {
	t  *testing.T
	ws *websocket.Conn
}

func v1JoinParam(t testing.TB, jr *livekit.JoinRequest) string {
	b, err := proto.Marshal(jr)
	if err != nil {
		t.Fatal(err)
	}
	var zb bytes.Buffer
	zw := gzip.NewWriter(&zb)
	_, _ = zw.Write(b)
	_ = zw.Close()
	w, _ := proto.Marshal(&livekit.WrappedJoinRequest{Compression: livekit.WrappedJoinRequest_GZIP, JoinRequest: zb.Bytes()})
	return base64.URLEncoding.EncodeToString(w)
}

func dialRaw(t *testing.T, ts *testServer, path string, q url.Values) *raw {
	t.Helper()
	u := strings.Replace(ts.URL, "http", "ws", 1) + path + "?" + q.Encode()
	ws, resp, err := websocket.DefaultDialer.Dial(u, nil)
	if err != nil {
		status := 0
		if resp != nil {
			status = resp.StatusCode
		}
		t.Fatalf("dial %s: %v (status %d)", path, err, status)
	}
	t.Cleanup(func() { _ = ws.Close() })
	return &raw{t: t, ws: ws}
}

func joinV1(t *testing.T, ts *testServer, room, identity string) *raw {
	q := url.Values{}
	q.Set("access_token", token(t, room, identity))
	q.Set("join_request", v1JoinParam(t, &livekit.JoinRequest{
		ClientInfo:         &livekit.ClientInfo{Sdk: livekit.ClientInfo_JS, Version: "2.23.0", Protocol: 17, ClientProtocol: 2},
		ConnectionSettings: &livekit.ConnectionSettings{AutoSubscribe: true},
	}))
	return dialRaw(t, ts, "/rtc/v1", q)
}

func (r *raw) read() (*livekit.SignalResponse, error) {
	_ = r.ws.SetReadDeadline(time.Now().Add(5 * time.Second))
	_, b, err := r.ws.ReadMessage()
	if err != nil {
		return nil, err
	}
	m := &livekit.SignalResponse{}
	if err := proto.Unmarshal(b, m); err != nil {
		r.t.Fatalf("server sent undecodable frame: %v", err)
	}
	return m, nil
}

// until reads until match, failing on close.
func (r *raw) until(what string, match func(*livekit.SignalResponse) bool) *livekit.SignalResponse {
	r.t.Helper()
	for {
		m, err := r.read()
		if err != nil {
			r.t.Fatalf("waiting for %s: %v", what, err)
		}
		if match(m) {
			return m
		}
	}
}

// closeReason reads until the server closes and returns the close reason
// and any leave seen on the way.
func (r *raw) closeReason() (string, *livekit.LeaveRequest) {
	r.t.Helper()
	var leave *livekit.LeaveRequest
	for {
		m, err := r.read()
		if err != nil {
			var ce *websocket.CloseError
			if errors.As(err, &ce) {
				return ce.Text, leave
			}
			r.t.Fatalf("connection ended without a close frame: %v", err)
		}
		if l := m.GetLeave(); l != nil {
			leave = l
		}
	}
}

func (r *raw) send(req *livekit.SignalRequest) {
	b, _ := proto.Marshal(req)
	if err := r.ws.WriteMessage(websocket.BinaryMessage, b); err != nil {
		r.t.Fatal(err)
	}
}

func TestJoinResponseContents(t *testing.T) {
	ts := startServer(t)
	r := joinV1(t, ts, "jr", "alice")
	start := time.Now()
	first, err := r.read()
	if err != nil {
		t.Fatal(err)
	}
	if time.Since(start) > 5*time.Second {
		t.Errorf("join response after %v", time.Since(start))
	}
	jr := first.GetJoin()
	if jr == nil {
		t.Fatalf("first frame is %T, want join", first.GetMessage())
	}
	p := jr.GetParticipant()
	if p.GetSid() == "" || !strings.HasPrefix(p.GetSid(), "PA_") || p.GetIdentity() != "alice" || p.GetPermission() == nil || !p.GetPermission().GetCanPublish() {
		t.Errorf("participant: %+v", p)
	}
	if jr.GetServerInfo().GetVersion() != jr.GetServerVersion() || !versionAtLeast(jr.GetServerVersion(), 1, 8, 0) {
		t.Errorf("server version %q / %q", jr.GetServerInfo().GetVersion(), jr.GetServerVersion())
	}
	if jr.GetPingInterval() != 5 || jr.GetPingTimeout() != 15 || jr.GetSubscriberPrimary() {
		t.Errorf("ping %d/%d subscriber_primary %v", jr.GetPingInterval(), jr.GetPingTimeout(), jr.GetSubscriberPrimary())
	}
	if !strings.HasPrefix(jr.GetRoom().GetSid(), "RM_") || jr.GetRoom().GetName() != "jr" {
		t.Errorf("room %+v", jr.GetRoom())
	}
	r.until("refresh token", func(m *livekit.SignalResponse) bool { return m.GetRefreshToken() != "" })

	// Both ping flavours are answered.
	r.send(&livekit.SignalRequest{Message: &livekit.SignalRequest_PingReq{PingReq: &livekit.Ping{Timestamp: 1234, Rtt: 5}}})
	r.until("pong_resp", func(m *livekit.SignalResponse) bool { return m.GetPongResp().GetLastPingTimestamp() == 1234 })
	r.send(&livekit.SignalRequest{Message: &livekit.SignalRequest_Ping{Ping: 99}})
	r.until("pong", func(m *livekit.SignalResponse) bool { return m.GetPong() == 99 })
}

func versionAtLeast(v string, want ...int) bool {
	parts := strings.Split(v, ".")
	for i, w := range want {
		if i >= len(parts) {
			return false
		}
		n, err := strconv.Atoi(parts[i])
		if err != nil {
			return false
		}
		if n != w {
			return n > w
		}
	}
	return true
}

func TestMalformedFrames(t *testing.T) {
	ts := startServer(t, func(_ *sfu.Config, g *signal.Config) { g.MaxMessageBytes = 64 << 10 })
	cases := []struct {
		name   string
		send   func(r *raw)
		reason string
	}{
		{"garbage bytes", func(r *raw) { _ = r.ws.WriteMessage(websocket.BinaryMessage, []byte{0xff, 0x00, 0x13, 0x37, 0x99}) }, "malformed signal request"},
		{"empty request", func(r *raw) { _ = r.ws.WriteMessage(websocket.BinaryMessage, nil) }, "no message"},
		{"bad json", func(r *raw) { _ = r.ws.WriteMessage(websocket.TextMessage, []byte("{nope")) }, "malformed signal request"},
		{"answer in single pc mode", func(r *raw) {
			r.send(&livekit.SignalRequest{Message: &livekit.SignalRequest_Answer{Answer: &livekit.SessionDescription{Type: "answer", Sdp: "v=0"}}})
		}, "no server offer"},
		{"offer with broken sdp", func(r *raw) {
			r.send(&livekit.SignalRequest{Message: &livekit.SignalRequest_Offer{Offer: &livekit.SessionDescription{Type: "offer", Sdp: "this is not sdp", Id: 1}}})
		}, "offer 1"},
		{"oversized frame", func(r *raw) { _ = r.ws.WriteMessage(websocket.BinaryMessage, make([]byte, 128<<10)) }, "message too large"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := joinV1(t, ts, "bad", "mallory-"+strings.ReplaceAll(tc.name, " ", "-"))
			r.until("join", func(m *livekit.SignalResponse) bool { return m.GetJoin() != nil })
			tc.send(r)
			reason, _ := r.closeReason()
			if !strings.Contains(reason, tc.reason) {
				t.Errorf("close reason %q, want it to mention %q", reason, tc.reason)
			}
		})
	}
	// The server is still healthy.
	c := connect(t, ts, "bad", "after")
	if c.SID() == "" {
		t.Fatal("no join after malformed input")
	}
}

func TestBadJoinRequestParam(t *testing.T) {
	ts := startServer(t)
	for name, v := range map[string]string{
		"not base64":  "%%%",
		"not proto":   base64.URLEncoding.EncodeToString([]byte{0xff, 0xff}),
		"bad gzip":    base64.URLEncoding.EncodeToString(mustProto(&livekit.WrappedJoinRequest{Compression: livekit.WrappedJoinRequest_GZIP, JoinRequest: []byte("nope")})),
		"missing":     "",
		"offer empty": v1JoinParam(t, &livekit.JoinRequest{PublisherOffer: &livekit.SessionDescription{Type: "offer"}}),
	} {
		q := url.Values{}
		q.Set("access_token", token(t, "r", "x"))
		if v != "" {
			q.Set("join_request", v)
		}
		u := strings.Replace(ts.URL, "http", "ws", 1) + "/rtc/v1?" + q.Encode()
		_, resp, err := websocket.DefaultDialer.Dial(u, nil)
		if err == nil || resp == nil || resp.StatusCode != 400 {
			t.Errorf("%s: err %v resp %v, want 400", name, err, resp)
		}
	}
}

func mustProto(m proto.Message) []byte {
	b, _ := proto.Marshal(m)
	return b
}

func TestDuplicateIdentityAndLeave(t *testing.T) {
	ts := startServer(t)
	watcher := connect(t, ts, "dup", "watcher")
	first := connect(t, ts, "dup", "alice")
	firstSID := first.SID()
	second := connect(t, ts, "dup", "alice")
	ctx := waitCtx(t)
	if _, err := first.WaitFor(ctx, func(m *livekit.SignalResponse) bool {
		return m.GetLeave().GetReason() == livekit.DisconnectReason_DUPLICATE_IDENTITY
	}); err != nil {
		t.Fatalf("old session not evicted: %v", err)
	}
	if second.SID() == firstSID {
		t.Error("new session reused the old sid")
	}
	if _, err := watcher.WaitFor(ctx, func(m *livekit.SignalResponse) bool {
		for _, p := range m.GetUpdate().GetParticipants() {
			if p.GetSid() == firstSID && p.GetState() == livekit.ParticipantInfo_DISCONNECTED && p.GetDisconnectReason() == livekit.DisconnectReason_DUPLICATE_IDENTITY {
				return true
			}
		}
		return false
	}); err != nil {
		t.Fatalf("eviction not broadcast: %v", err)
	}
	second.Leave()
	if _, err := watcher.WaitFor(ctx, func(m *livekit.SignalResponse) bool {
		for _, p := range m.GetUpdate().GetParticipants() {
			if p.GetSid() == second.SID() && p.GetState() == livekit.ParticipantInfo_DISCONNECTED && p.GetDisconnectReason() == livekit.DisconnectReason_CLIENT_INITIATED {
				return true
			}
		}
		return false
	}); err != nil {
		t.Fatalf("leave not broadcast: %v", err)
	}
	if ids := ts.mgr.RoomParticipants("dup"); len(ids) != 1 || ids[0] != "watcher" {
		t.Errorf("room still has %v", ids)
	}
}

// Versions of one participant's snapshots only go up.
func TestParticipantVersionIncreases(t *testing.T) {
	ts := startServer(t)
	w := connect(t, ts, "ver", "watcher")
	p := connect(t, ts, "ver", "pub")
	ctx := waitCtx(t)
	tr, err := p.Publish(ctx, "mic", "audio/opus", livekit.TrackSource_MICROPHONE)
	if err != nil {
		t.Fatal(err)
	}
	_ = p.Send(&livekit.SignalRequest{Message: &livekit.SignalRequest_Mute{Mute: &livekit.MuteTrackRequest{Sid: tr.Info.GetSid(), Muted: true}}})
	if _, err := w.WaitFor(ctx, func(m *livekit.SignalResponse) bool {
		for _, pi := range m.GetUpdate().GetParticipants() {
			if pi.GetIdentity() == "pub" && len(pi.GetTracks()) == 1 && pi.GetTracks()[0].GetMuted() {
				return true
			}
		}
		return false
	}); err != nil {
		t.Fatal(err)
	}
	var last uint32
	seen := 0
	_, _ = w.WaitFor(ctx, func(m *livekit.SignalResponse) bool {
		for _, pi := range m.GetUpdate().GetParticipants() {
			if pi.GetIdentity() != "pub" {
				continue
			}
			seen++
			if pi.GetVersion() <= last {
				t.Errorf("version %d after %d", pi.GetVersion(), last)
			}
			last = pi.GetVersion()
			if len(pi.GetTracks()) == 1 && pi.GetTracks()[0].GetMuted() {
				return true
			}
		}
		return false
	})
	if seen < 2 {
		t.Errorf("only %d updates for the publisher", seen)
	}
}

func TestLimits(t *testing.T) {
	ts := startServer(t, func(c *sfu.Config, _ *signal.Config) { c.MaxParticipants = 2; c.MaxTracksPerParticipant = 1 })
	a := connect(t, ts, "lim", "a")
	connect(t, ts, "lim", "b")

	// Third participant: a leave with JOIN_FAILURE and a readable reason.
	r := joinV1(t, ts, "lim", "c")
	reason, leave := r.closeReason()
	if leave.GetReason() != livekit.DisconnectReason_JOIN_FAILURE || !strings.Contains(reason, "full") {
		t.Errorf("over capacity: leave %v reason %q", leave, reason)
	}

	ctx := waitCtx(t)
	if _, err := a.Publish(ctx, "one", "audio/opus", livekit.TrackSource_MICROPHONE); err != nil {
		t.Fatal(err)
	}
	short, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	if _, err := a.Publish(short, "two", "audio/opus", livekit.TrackSource_MICROPHONE); err == nil {
		t.Fatal("second track accepted over the limit")
	}
	if _, err := a.WaitFor(ctx, func(m *livekit.SignalResponse) bool {
		return m.GetRequestResponse().GetReason() == livekit.RequestResponse_LIMIT_EXCEEDED
	}); err != nil {
		t.Errorf("no LIMIT_EXCEEDED response: %v", err)
	}
}

func TestPublishRefusedWithoutGrant(t *testing.T) {
	ts := startServer(t)
	c := connect(t, ts, "perm", "viewer", func(g *auth.VideoGrant) { g.SetCanPublish(false) })
	ctx := waitCtx(t)
	short, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	if _, err := c.Publish(short, "cam", "video/vp8", livekit.TrackSource_CAMERA); err == nil {
		t.Fatal("publish accepted without canPublish")
	}
	if _, err := c.WaitFor(ctx, func(m *livekit.SignalResponse) bool {
		return m.GetRequestResponse().GetReason() == livekit.RequestResponse_NOT_ALLOWED
	}); err != nil {
		t.Errorf("no NOT_ALLOWED response: %v", err)
	}
	if c.JoinResponse().GetParticipant().GetPermission().GetCanPublish() {
		t.Error("permission says canPublish")
	}
}

func TestResume(t *testing.T) {
	ts := startServer(t)
	peer := connect(t, ts, "res", "peer")
	// v0 session, then its socket drops.
	c := connect(t, ts, "res", "alice")
	sid := c.SID()
	c.DropSignal()

	q := url.Values{}
	q.Set("access_token", token(t, "res", "alice"))
	q.Set("reconnect", "1")
	q.Set("sid", sid)
	r := dialRaw(t, ts, "/rtc", q)
	first, err := r.read()
	if err != nil {
		t.Fatal(err)
	}
	if first.GetReconnect() == nil {
		t.Fatalf("first frame on resume is %T, want reconnect", first.GetMessage())
	}
	r.until("participant sync", func(m *livekit.SignalResponse) bool {
		for _, p := range m.GetUpdate().GetParticipants() {
			if p.GetSid() == sid {
				return true
			}
		}
		return false
	})
	r.until("ice restart offer", func(m *livekit.SignalResponse) bool { return m.GetOffer() != nil })
	if ids := ts.mgr.RoomParticipants("res"); len(ids) != 2 {
		t.Errorf("room has %v", ids)
	}
	_ = peer

	// Resuming a legacy session on the single-PC path cannot work: told to
	// rejoin.
	vq := url.Values{}
	vq.Set("access_token", token(t, "res", "alice"))
	vq.Set("join_request", v1JoinParam(t, &livekit.JoinRequest{Reconnect: true, ParticipantSid: sid}))
	mm := dialRaw(t, ts, "/rtc/v1", vq)
	if m, err := mm.read(); err != nil || m.GetLeave().GetReason() != livekit.DisconnectReason_STATE_MISMATCH || m.GetLeave().GetAction() != livekit.LeaveRequest_RECONNECT {
		t.Errorf("mode mismatch resume answered with %v (%v)", m, err)
	}

	// A resume for a session that does not exist is told to rejoin.
	q.Set("sid", "PA_doesnotexist")
	q.Set("access_token", token(t, "res", "ghost"))
	g := dialRaw(t, ts, "/rtc", q)
	m, err := g.read()
	if err != nil {
		t.Fatal(err)
	}
	if l := m.GetLeave(); l.GetReason() != livekit.DisconnectReason_STATE_MISMATCH || l.GetAction() != livekit.LeaveRequest_RECONNECT {
		t.Errorf("unknown resume answered with %v", m)
	}
}

func TestEmptyRoomClosed(t *testing.T) {
	ts := startServer(t, func(c *sfu.Config, _ *signal.Config) { c.EmptyTimeout = 100 * time.Millisecond })
	c := connect(t, ts, "empty", "solo")
	first := c.JoinResponse().GetRoom().GetSid()
	c.Leave()
	time.Sleep(400 * time.Millisecond)
	c2 := connect(t, ts, "empty", "solo2")
	if c2.JoinResponse().GetRoom().GetSid() == first {
		t.Error("room survived its empty timeout")
	}
	_ = client.ErrLeft
}

// A client that stops pinging is disconnected after ping_timeout, and its
// session waits for a resume instead of vanishing.
func TestPingTimeout(t *testing.T) {
	ts := startServer(t, func(_ *sfu.Config, g *signal.Config) {
		g.PingInterval, g.PingTimeout = 200*time.Millisecond, 600*time.Millisecond
	})
	r := joinV1(t, ts, "ping", "quiet")
	jr := r.until("join", func(m *livekit.SignalResponse) bool { return m.GetJoin() != nil }).GetJoin()
	if jr.GetPingTimeout() != 0 && jr.GetPingInterval() > jr.GetPingTimeout() {
		t.Errorf("ping interval %d > timeout %d", jr.GetPingInterval(), jr.GetPingTimeout())
	}
	start := time.Now()
	_, _ = r.closeReason()
	if waited := time.Since(start); waited > 5*time.Second {
		t.Errorf("closed only after %v", waited)
	}
	if ids := ts.mgr.RoomParticipants("ping"); len(ids) != 1 {
		t.Errorf("session dropped at once: %v", ids)
	}
}
