package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/livekit/protocol/livekit"
	pturn "github.com/pion/turn/v5"

	"souk/signal/client"
)

// platformUser is a signed-in account of the in-process server.
type platformUser struct {
	UserID, AccessToken, APIToken string
}

// postJSON posts body with an optional bearer token and decodes the
// answer into out (when not nil); it returns the status.
func postJSON(t *testing.T, url, bearer, body string, out any) int {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var buf bytes.Buffer
	_, _ = buf.ReadFrom(resp.Body)
	if out != nil && resp.StatusCode < 300 {
		if err := json.Unmarshal(buf.Bytes(), out); err != nil {
			t.Fatalf("%s: %v in %s", url, err, buf.String())
		}
	}
	return resp.StatusCode
}

func signUp(t *testing.T, base, email string) platformUser {
	t.Helper()
	if code := postJSON(t, base+"/api/auth/register", "", `{"email":"`+email+`","password":"oak desk 42","displayName":"`+email+`"}`, nil); code >= 300 {
		t.Fatalf("register %s: %d", email, code)
	}
	var u platformUser
	if code := postJSON(t, base+"/api/auth/login", "", `{"email":"`+email+`","password":"oak desk 42"}`, &u); code != 200 || u.APIToken == "" {
		t.Fatalf("login %s: %d %+v", email, code, u)
	}
	return u
}

func callToken(t *testing.T, base string, u platformUser, room string) string {
	t.Helper()
	var out struct{ Token, ErrorMessage string }
	if code := postJSON(t, base+"/token", u.APIToken, `{"roomName":"`+room+`"}`, &out); code != 200 || out.Token == "" {
		t.Fatalf("media token for %s: %d %s", room, code, out.ErrorMessage)
	}
	return out.Token
}

// turnFromJoin allocates a relay with the TURN credentials of a
// JoinResponse, over UDP from loopback.
func turnFromJoin(t *testing.T, join *livekit.JoinResponse) (*pturn.Client, net.PacketConn, error) {
	t.Helper()
	for _, s := range join.GetIceServers() {
		if s.GetUsername() == "" {
			continue
		}
		for _, u := range s.GetUrls() {
			addr, ok := strings.CutPrefix(u, "turn:")
			if !ok || !strings.HasSuffix(addr, "?transport=udp") {
				continue
			}
			addr = strings.TrimSuffix(addr, "?transport=udp")
			conn, err := net.ListenPacket("udp4", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = conn.Close() })
			c, err := pturn.NewClient(&pturn.ClientConfig{STUNServerAddr: addr, TURNServerAddr: addr,
				Username: s.GetUsername(), Password: s.GetCredential(), Realm: "souk", Conn: conn})
			if err != nil {
				t.Fatal(err)
			}
			if err := c.Listen(); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(c.Close)
			relay, err := c.Allocate()
			return c, relay, err
		}
	}
	t.Fatalf("no TURN/UDP server in %v", join.GetIceServers())
	return nil, nil, nil
}

// Signing out ends the user's call: the participant is removed with
// PARTICIPANT_REMOVED (the other side sees it too), the media token
// minted before refuses to join again, and the TURN credentials handed
// out with the call stop working (the allocation is gone, a new one is
// refused).
func TestLogoutEndsCalls(t *testing.T) {
	n := startInProcess(t,
		"SOUK_MEDIA_TURN_ENABLED=true", "SOUK_MEDIA_TURN_LISTEN_IP=127.0.0.1", "SOUK_MEDIA_TURN_RELAY_IP=127.0.0.1",
		"SOUK_MEDIA_TURN_UDP_PORT="+strconv.Itoa(freePort(t, "udp")), "SOUK_MEDIA_TURN_TCP_PORT=0",
		"SOUK_MEDIA_TURN_SECRET=logout-test-secret", "SOUK_MEDIA_TURN_ALLOW_PEERS=127.0.0.0/8")
	alice := signUp(t, n.url, "alice@example.com")
	bob := signUp(t, n.url, "bob@example.com")
	var call struct{ RoomName string }
	if code := postJSON(t, n.url+"/api/calls", alice.AccessToken, `{"calleeId":"`+bob.UserID+`"}`, &call); code != 201 || call.RoomName == "" {
		t.Fatalf("create call: %d %+v", code, call)
	}
	aliceToken := callToken(t, n.url, alice, call.RoomName)
	bobToken := callToken(t, n.url, bob, call.RoomName)

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	join := func(token string) (*client.Client, error) {
		c, err := client.Connect(ctx, client.Config{URL: n.url, Token: token, IncludeLoopback: true})
		if err == nil {
			t.Cleanup(c.Close)
		}
		return c, err
	}
	aliceClient, err := join(aliceToken)
	if err != nil {
		t.Fatalf("alice joins: %v", err)
	}
	bobClient, err := join(bobToken)
	if err != nil {
		t.Fatalf("bob joins: %v", err)
	}
	turnClient, relay, err := turnFromJoin(t, aliceClient.JoinResponse())
	if err != nil {
		t.Fatalf("alice's TURN credentials allocate nothing before logout: %v", err)
	}
	defer relay.Close()

	// TURN is for calls and the connection test, which checks it; the
	// personal room, where no one else is met, gets none.
	hasTURN := func(join *livekit.JoinResponse) bool {
		for _, s := range join.GetIceServers() {
			if s.GetUsername() != "" {
				return true
			}
		}
		return false
	}
	if hasTURN(mustJoinResponse(t, join, callToken(t, n.url, bob, bob.UserID))) {
		t.Error("the personal room got TURN credentials")
	}
	if !hasTURN(mustJoinResponse(t, join, callToken(t, n.url, bob, "diagnostics:"+bob.UserID))) {
		t.Error("the connection test got no TURN credentials")
	}
	if !hasTURN(bobClient.JoinResponse()) {
		t.Error("the callee got no TURN credentials")
	}

	loggedOut := time.Now()
	if code := postJSON(t, n.url+"/api/auth/logout", alice.AccessToken, `{}`, nil); code != 204 && code != 200 {
		t.Fatalf("logout: %d", code)
	}
	removed := func(m *livekit.SignalResponse) bool {
		return m.GetLeave() != nil && m.GetLeave().GetReason() == livekit.DisconnectReason_PARTICIPANT_REMOVED
	}
	wait, stop := context.WithTimeout(ctx, 10*time.Second)
	defer stop()
	// WaitFor reads the history first, so the leave is found even when
	// the connection has closed after it.
	if _, err := aliceClient.WaitFor(wait, removed); err != nil {
		t.Fatalf("alice got no leave with PARTICIPANT_REMOVED: %v", err)
	}
	gone := func(m *livekit.SignalResponse) bool {
		for _, p := range m.GetUpdate().GetParticipants() {
			if p.GetIdentity() == alice.UserID && p.GetState() == livekit.ParticipantInfo_DISCONNECTED &&
				p.GetDisconnectReason() == livekit.DisconnectReason_PARTICIPANT_REMOVED {
				return true
			}
		}
		return false
	}
	if _, err := bobClient.WaitFor(wait, gone); err != nil {
		t.Fatalf("bob did not see alice leave with PARTICIPANT_REMOVED: %v", err)
	}
	t.Logf("alice removed %v after logout", time.Since(loggedOut).Round(time.Millisecond))

	var refused *client.HTTPError
	if _, err := join(aliceToken); !errors.As(err, &refused) || refused.Status != http.StatusUnauthorized {
		t.Errorf("joining again with the token minted before logout: %v, want 401", err)
	}

	// The allocation is closed: a permission on it fails once it is gone.
	peer := &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 9}
	deadline := time.Now().Add(10 * time.Second)
	for turnClient.CreatePermission(peer) == nil && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	if err := turnClient.CreatePermission(peer); err == nil {
		t.Error("alice's TURN allocation still takes permissions after logout")
	}
	if _, relay2, err := turnFromJoin(t, aliceClient.JoinResponse()); err == nil {
		relay2.Close()
		t.Error("alice's TURN credentials still allocate after logout")
	}
}

func mustJoinResponse(t *testing.T, join func(string) (*client.Client, error), token string) *livekit.JoinResponse {
	t.Helper()
	c, err := join(token)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	return c.JoinResponse()
}
