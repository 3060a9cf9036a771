package signal_test

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/livekit/protocol/livekit"

	"souk/sfu"
	"souk/signal"
	"souk/signal/client"
)

// liveSessions is a SessionChecker over a set of session ids.
type liveSessions struct {
	mu   sync.Mutex
	live map[string]bool
}

func (l *liveSessions) SessionLive(_ context.Context, id string) (bool, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.live[id], nil
}

func (l *liveSessions) end(id string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.live, id)
}

// userToken is a media token as the platform mints it: LiveKit's grants
// plus the sign-in session and the TURN allowance.
func userToken(t *testing.T, room, identity, session string, turn bool) string {
	t.Helper()
	now := time.Now()
	claims := jwt.MapClaims{"iss": testKey, "sub": identity, "name": identity, "iat": now.Unix(), "nbf": now.Unix(),
		"exp": now.Add(time.Hour).Unix(), "video": map[string]any{"roomJoin": true, "room": room, "canPublishData": true},
		"sid": session, "turn": turn}
	signed, err := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString([]byte(testSecret))
	if err != nil {
		t.Fatal(err)
	}
	return signed
}

func TestEndSessionsRemovesParticipants(t *testing.T) {
	sessions := &liveSessions{live: map[string]bool{"s1": true, "s2": true}}
	var grants []signal.ICEGrant
	var grantsMu sync.Mutex
	ts := startServer(t, func(_ *sfu.Config, c *signal.Config) {
		c.Sessions = sessions
		c.ICEServers = func(g signal.ICEGrant) []*livekit.ICEServer {
			grantsMu.Lock()
			grants = append(grants, g)
			grantsMu.Unlock()
			return nil
		}
	})
	ctx := waitCtx(t)
	connectUser := func(identity, session string) *client.Client {
		c, err := client.Connect(ctx, client.Config{URL: ts.URL, Token: userToken(t, "room", identity, session, true), IncludeLoopback: true})
		if err != nil {
			t.Fatalf("%s: %v", identity, err)
		}
		t.Cleanup(c.Close)
		return c
	}
	alice := connectUser("alice", "s1")
	connectUser("alice-phone", "s2")
	watcher := connect(t, ts, "room", "watcher")

	grantsMu.Lock()
	if len(grants) == 0 || grants[0].Session != "s1" || !grants[0].Relay || grants[0].Expires.IsZero() {
		t.Errorf("ICE grant %+v: want alice's session, relay and expiry", grants)
	}
	grantsMu.Unlock()

	// The refreshed token keeps the session, so a reconnect with it is
	// refused once the session ends.
	msg, err := alice.WaitFor(ctx, func(m *livekit.SignalResponse) bool { return m.GetRefreshToken() != "" })
	if err != nil {
		t.Fatal(err)
	}
	refreshed := msg.GetRefreshToken()
	var claims jwt.MapClaims
	if _, _, err := jwt.NewParser().ParseUnverified(refreshed, &claims); err != nil || claims["sid"] != "s1" || claims["turn"] != true {
		t.Fatalf("refreshed token claims %v (%v): want sid s1 and turn", claims, err)
	}

	sessions.end("s1")
	if n := ts.srv.EndSessions("alice", "s1"); n != 1 {
		t.Fatalf("EndSessions removed %d participants, want 1", n)
	}
	if _, err := alice.WaitFor(ctx, func(m *livekit.SignalResponse) bool {
		return m.GetLeave().GetReason() == livekit.DisconnectReason_PARTICIPANT_REMOVED
	}); err != nil {
		t.Fatalf("alice got no leave with PARTICIPANT_REMOVED: %v", err)
	}
	if _, err := watcher.WaitFor(ctx, func(m *livekit.SignalResponse) bool {
		for _, p := range m.GetUpdate().GetParticipants() {
			if p.GetIdentity() == "alice" && p.GetDisconnectReason() == livekit.DisconnectReason_PARTICIPANT_REMOVED {
				return true
			}
		}
		return false
	}); err != nil {
		t.Fatalf("the watcher did not see alice removed: %v", err)
	}
	// The other session stays in the call.
	if _, err := ts.mgr.GetParticipant("room", "alice-phone"); err != nil {
		t.Errorf("the other session's participant: %v", err)
	}

	for name, tok := range map[string]string{"original": userToken(t, "room", "alice", "s1", true), "refreshed": refreshed} {
		_, err := client.Connect(ctx, client.Config{URL: ts.URL, Token: tok, IncludeLoopback: true})
		var refused *client.HTTPError
		if !errors.As(err, &refused) || refused.Status != http.StatusUnauthorized {
			t.Errorf("%s token of the ended session: %v, want 401", name, err)
		}
	}
}

// A node that heard of the end refuses the session's tokens even without
// a SessionChecker (a media node without the database).
func TestEndedSessionRefusedWithoutChecker(t *testing.T) {
	ts := startServer(t)
	ts.srv.EndSessions("bob", "gone")
	resp, err := http.Get(ts.URL + "/rtc/validate?access_token=" + userToken(t, "room", "bob", "gone", true))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("validate with an ended session's token: %d, want 401", resp.StatusCode)
	}
	// Every session of a user: tokens issued until then are refused.
	ts.srv.EndSessions("carol", "")
	resp, err = http.Get(ts.URL + "/rtc/validate?access_token=" + userToken(t, "room", "carol", "any", true))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("validate with a token of a user whose sessions all ended: %d, want 401", resp.StatusCode)
	}
}
