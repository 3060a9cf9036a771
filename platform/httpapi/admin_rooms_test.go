package httpapi_test

import (
	"context"
	"testing"
	"time"

	"github.com/livekit/protocol/auth"

	"souk/platform"
	"souk/platform/store/storetest"
)

func TestAdminRoomsToken(t *testing.T) {
	db := storetest.Open(t, "sqlite")
	srv := newPlatformServer(t, db)
	user := srv.register(t, desks, "user@example.com")
	admin := srv.register(t, desks, "admin@example.com")
	if err := srv.accounts.SetRoles(context.Background(), "desks", admin.UserID, []string{platform.RoleUser, platform.RoleAdmin}); err != nil {
		t.Fatal(err)
	}
	var adminSess session
	code, body := srv.call(t, desks, "", "POST", "/api/auth/login", map[string]string{"email": "admin@example.com", "password": "oak desk 42"}, &adminSess)
	must(t, code, body, 200)

	code, body = srv.call(t, desks, "", "POST", "/api/admin/rooms/token", map[string]string{"room": "call-1"}, nil)
	must(t, code, body, 401)
	code, body = srv.call(t, desks, user.AccessToken, "POST", "/api/admin/rooms/token", map[string]string{"room": "call-1"}, nil)
	must(t, code, body, 403)
	// A token without a room would need roomList, which shows every
	// site's rooms: the room is required.
	for _, body := range []map[string]string{{"room": "no spaces"}, {"room": ""}, {}} {
		code, resp := srv.call(t, desks, adminSess.AccessToken, "POST", "/api/admin/rooms/token", body, nil)
		must(t, code, resp, 422)
	}

	// roomAdmin only for a call of the admin's own site.
	var ownCall, otherCall struct {
		RoomName string `json:"roomName"`
	}
	callee := srv.register(t, desks, "callee@example.com")
	code, body = srv.call(t, desks, user.AccessToken, "POST", "/api/calls", map[string]string{"calleeId": callee.UserID}, &ownCall)
	must(t, code, body, 201)
	tutor := srv.register(t, tutoring, "tutor@example.com")
	pupil := srv.register(t, tutoring, "pupil@example.com")
	code, body = srv.call(t, tutoring, tutor.AccessToken, "POST", "/api/calls", map[string]string{"calleeId": pupil.UserID}, &otherCall)
	must(t, code, body, 201)
	for _, room := range []string{otherCall.RoomName, "call-42"} {
		code, body = srv.call(t, desks, adminSess.AccessToken, "POST", "/api/admin/rooms/token", map[string]string{"room": room}, nil)
		must(t, code, body, 403)
	}

	{
		var out struct {
			Token     string    `json:"token"`
			ExpiresAt time.Time `json:"expiresAt"`
		}
		code, body = srv.call(t, desks, adminSess.AccessToken, "POST", "/api/admin/rooms/token", map[string]string{"room": ownCall.RoomName}, &out)
		must(t, code, body, 200)
		v, err := auth.ParseAPIToken(out.Token)
		if err != nil {
			t.Fatal(err)
		}
		claims, grants, err := v.Verify(testSecret)
		if err != nil {
			t.Fatal(err)
		}
		g := grants.Video
		if g == nil || g.RoomList || !g.RoomAdmin || g.Room != ownCall.RoomName || g.RoomJoin || g.RoomCreate {
			t.Fatalf("grants %+v", g)
		}
		if ttl := time.Until(claims.ExpiresAt.Time); ttl <= 0 || ttl > 2*time.Minute+time.Second || out.ExpiresAt.IsZero() {
			t.Fatalf("lifetime %v", ttl)
		}
	}
}
