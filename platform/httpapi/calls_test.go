package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/livekit/protocol/auth"

	"souk/platform/store"
	"souk/platform/store/storetest"
)

type tokenAnswer struct {
	Token        string `json:"token"`
	ErrorMessage string `json:"errorMessage"`
}

func (s *platformServer) mediaToken(t *testing.T, host, apiToken, room, name string) (int, tokenAnswer) {
	t.Helper()
	var out tokenAnswer
	code, body := s.call(t, host, apiToken, "POST", "/token", map[string]string{"roomName": room, "participantName": name}, nil)
	if err := jsonUnmarshalString(body, &out); err != nil {
		t.Fatalf("/token answered %d %q", code, body)

	}
	return code, out
}

func verifyMediaToken(t *testing.T, tok, wantIdentity, wantName, wantRoom string) {
	t.Helper()
	parsed, err := auth.ParseAPIToken(tok)
	if err != nil {
		t.Fatal(err)
	}
	if parsed.APIKey() != testKey {
		t.Fatalf("api key %q", parsed.APIKey())
	}
	claims, grants, err := parsed.Verify(testSecret)
	if err != nil {
		t.Fatalf("verify: %v", err)
	}
	v := grants.Video
	if grants.Identity != wantIdentity || grants.Name != wantName || v == nil || !v.RoomJoin || v.Room != wantRoom ||
		!v.GetCanPublish() || !v.GetCanSubscribe() || !v.GetCanPublishData() ||
		v.RoomAdmin || v.RoomCreate || v.RoomList || v.RoomRecord || v.Recorder || v.Hidden {
		t.Fatalf("grants %+v video %+v", grants, v)
	}
	if ttl := time.Until(claims.ExpiresAt.Time); ttl <= 0 || ttl > 10*time.Minute+time.Second {
		t.Fatalf("token lifetime %v", ttl)
	}
	if _, _, err := parsed.Verify("another-secret-that-is-long-enough-too!!"); err == nil {
		t.Fatal("verified with a wrong secret")
	}
}

func TestMediaTokenService(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		srv := newPlatformServer(t, db)
		ala := srv.register(t, desks, "ala@example.com")
		bob := srv.register(t, desks, "bob@example.com")
		eve := srv.register(t, desks, "eve@example.com")

		// Missing, wrong kind, and revoked api tokens: 403 with errorMessage.
		for name, tok := range map[string]string{"missing": "", "garbage": "not-a-token", "access token instead": ala.AccessToken} {
			if code, ans := srv.mediaToken(t, desks, tok, ala.UserID, "Ala"); code != 403 || ans.ErrorMessage == "" || ans.Token != "" {
				t.Errorf("%s: %d %+v", name, code, ans)
			}
		}

		// The personal room; the default name.
		code, ans := srv.mediaToken(t, desks, ala.APIToken, ala.UserID, "")
		if code != 200 {
			t.Fatalf("personal room: %d %+v", code, ans)
		}
		verifyMediaToken(t, ans.Token, ala.UserID, "Participant"+ala.UserID, ala.UserID)

		// The own connection-test room.
		code, ans = srv.mediaToken(t, desks, ala.APIToken, "diagnostics:"+ala.UserID, "Ala")
		if code != 200 {
			t.Fatalf("connection-test room: %d %+v", code, ans)
		}
		verifyMediaToken(t, ans.Token, ala.UserID, "Ala", "diagnostics:"+ala.UserID)

		// Someone else's personal or connection-test room, or an unknown
		// room: refused.
		for _, room := range []string{bob.UserID, "diagnostics:" + bob.UserID, "made-up-room"} {
			if code, ans := srv.mediaToken(t, desks, ala.APIToken, room, "Ala"); code != 403 || !strings.Contains(ans.ErrorMessage, "not a participant") {
				t.Errorf("room %s: %d %+v", room, code, ans)
			}
		}

		// A call room: caller and callee may join, a third user may not.
		var call struct {
			RoomName   string   `json:"roomName"`
			CallerID   string   `json:"callerId"`
			InviteeIDs []string `json:"inviteeIds"`
			State      string   `json:"state"`
		}
		code, body := srv.call(t, desks, ala.AccessToken, "POST", "/api/calls", map[string]string{"calleeId": bob.UserID}, &call)
		if code != 201 || call.State != "ringing" || call.CallerID != ala.UserID || len(call.InviteeIDs) != 1 || call.InviteeIDs[0] != bob.UserID {
			t.Fatalf("create call: %d %s", code, body)
		}
		code, ans = srv.mediaToken(t, desks, bob.APIToken, call.RoomName, "Bob")
		if code != 200 {
			t.Fatalf("callee: %d %+v", code, ans)
		}
		verifyMediaToken(t, ans.Token, bob.UserID, "Bob", call.RoomName)
		if code, ans := srv.mediaToken(t, desks, ala.APIToken, call.RoomName, "Ala"); code != 200 {
			t.Fatalf("caller: %d %+v", code, ans)
		}
		if code, ans := srv.mediaToken(t, desks, eve.APIToken, call.RoomName, "Eve"); code != 403 {
			t.Fatalf("outsider: %d %+v", code, ans)
		}
		// The same api token from another site's host is not valid there.
		if code, _ := srv.mediaToken(t, tutoring, ala.APIToken, ala.UserID, "Ala"); code != 403 {
			t.Fatalf("other site: %d", code)
		}
		// Bad bodies are 400 with errorMessage.
		code, body = srv.call(t, desks, ala.APIToken, "POST", "/token", `{"roomName":`, nil)
		if code != 400 || !strings.Contains(body, "errorMessage") {
			t.Fatalf("malformed: %d %s", code, body)
		}
		code, body = srv.call(t, desks, ala.APIToken, "POST", "/token", `{"roomName":"../etc"}`, nil)
		if code != 400 || !strings.Contains(body, "errorMessage") {
			t.Fatalf("bad room name: %d %s", code, body)
		}
		// After logout the api token is revoked.
		code, body = srv.call(t, desks, ala.AccessToken, "POST", "/api/auth/logout", nil, nil)
		must(t, code, body, http.StatusNoContent)
		if code, ans := srv.mediaToken(t, desks, ala.APIToken, ala.UserID, "Ala"); code != 403 || !strings.Contains(ans.ErrorMessage, "expired or revoked") {
			t.Fatalf("after logout: %d %+v", code, ans)
		}
		// Calling a user of another site fails as unknown.
		other := srv.register(t, tutoring, "tom@example.com")
		code, body = srv.call(t, desks, bob.AccessToken, "POST", "/api/calls", map[string]string{"calleeId": other.UserID}, nil)
		must(t, code, body, 404)
	})
}
