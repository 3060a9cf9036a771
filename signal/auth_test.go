package signal_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/livekit/protocol/auth"

	"souk/signal/client"
)

func TestAuthRefusals(t *testing.T) {
	ts := startServer(t)
	claims := func(exp time.Time) jwt.MapClaims {
		return jwt.MapClaims{"iss": testKey, "sub": "x", "nbf": time.Now().Add(-2 * time.Hour).Unix(), "exp": exp.Unix(),
			"video": map[string]any{"roomJoin": true, "room": "r"}}
	}
	expired, _ := jwt.NewWithClaims(jwt.SigningMethodHS256, claims(time.Now().Add(-time.Hour))).SignedString([]byte(testSecret))
	unsigned, _ := jwt.NewWithClaims(jwt.SigningMethodNone, claims(time.Now().Add(time.Hour))).SignedString(jwt.UnsafeAllowNoneSignatureType)
	noExp := jwt.MapClaims{"iss": testKey, "sub": "x", "video": map[string]any{"roomJoin": true, "room": "r"}}
	noExpiry, _ := jwt.NewWithClaims(jwt.SigningMethodHS256, noExp).SignedString([]byte(testSecret))
	otherKey, _ := auth.NewAccessToken("otherkey", testSecret).SetIdentity("x").
		SetVideoGrant(&auth.VideoGrant{RoomJoin: true, Room: "r"}).SetValidFor(time.Hour).ToJWT()
	wrongSecret, _ := auth.NewAccessToken(testKey, "not-the-secret-not-the-secret-xx").SetIdentity("x").
		SetVideoGrant(&auth.VideoGrant{RoomJoin: true, Room: "r"}).SetValidFor(time.Hour).ToJWT()
	noJoin, _ := auth.NewAccessToken(testKey, testSecret).SetIdentity("x").
		SetVideoGrant(&auth.VideoGrant{Room: "r"}).SetValidFor(time.Hour).ToJWT()
	noRoom, _ := auth.NewAccessToken(testKey, testSecret).SetIdentity("x").
		SetVideoGrant(&auth.VideoGrant{RoomJoin: true}).SetValidFor(time.Hour).ToJWT()

	cases := []struct {
		name, token string
		status      int
		reason      string
	}{
		{"garbage", "not-a-jwt", 401, "invalid token"},
		{"missing", "", 401, "missing access token"},
		{"expired", expired, 401, "expired"},
		{"unsigned", unsigned, 401, "invalid token"},
		{"no expiry", noExpiry, 401, "exp"},
		{"unknown key", otherKey, 401, "unknown API key"},
		{"bad signature", wrongSecret, 401, "signature"},
		{"no roomJoin", noJoin, 403, "room join"},
		{"no room", noRoom, 403, "room join"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for _, path := range []string{"/rtc/validate", "/rtc/v1/validate"} {
				resp, err := http.Get(ts.URL + path + "?access_token=" + tc.token)
				if err != nil {
					t.Fatal(err)
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode != tc.status || !strings.Contains(string(body), tc.reason) {
					t.Errorf("%s: %d %q, want %d containing %q", path, resp.StatusCode, body, tc.status, tc.reason)
				}
				if resp.Header.Get("Access-Control-Allow-Origin") != "*" {
					t.Errorf("%s: no CORS header", path)
				}
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			_, err := client.Connect(ctx, client.Config{URL: ts.URL, Token: tc.token, IncludeLoopback: true})
			var he *client.HTTPError
			if !errors.As(err, &he) || he.Status != tc.status || !strings.Contains(he.Body, tc.reason) {
				t.Errorf("connect: %v, want HTTP %d with %q", err, tc.status, tc.reason)
			}
		})
	}
}

func TestValidateAndHead(t *testing.T) {
	ts := startServer(t)
	resp, err := http.Get(ts.URL + "/rtc/v1/validate?access_token=" + token(t, "r", "ok"))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || string(body) != "success" || resp.Header.Get("Access-Control-Allow-Origin") != "*" {
		t.Errorf("validate: %d %q cors=%q", resp.StatusCode, body, resp.Header.Get("Access-Control-Allow-Origin"))
	}
	req, _ := http.NewRequest(http.MethodHead, ts.URL+"/", nil)
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Access-Control-Allow-Origin") != "*" {
		t.Errorf("HEAD /: %d cors=%q", resp.StatusCode, resp.Header.Get("Access-Control-Allow-Origin"))
	}
}

// A token is valid for its own room only: its holder lands there and
// never sees, nor is seen by, another room.
func TestTokenScopedToRoom(t *testing.T) {
	ts := startServer(t)
	a := connect(t, ts, "room-a", "alice")
	b := connect(t, ts, "room-b", "bob")
	if got := b.JoinResponse().GetRoom().GetName(); got != "room-b" {
		t.Fatalf("bob joined %q", got)
	}
	if n := len(b.JoinResponse().GetOtherParticipants()); n != 0 {
		t.Errorf("bob sees %d participants from another room", n)
	}
	if ids := ts.mgr.RoomParticipants("room-a"); len(ids) != 1 || ids[0] != "alice" {
		t.Errorf("room-a has %v", ids)
	}
	_ = a
}
