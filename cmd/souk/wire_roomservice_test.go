package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/livekit/protocol/auth"

	"souk/config"
	"souk/platform"
	"souk/platform/httpapi"
	"souk/platform/store"
	"souk/platform/store/storetest"
	"souk/sfu"
)

// The main binary's wiring serves the RoomService with the media keys and
// sends webhooks to media.webhook.urls, signed with the configured key.
func TestOperatorAPIIsWired(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	hooks := make(chan *http.Request, 16)
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hooks <- r
	}))
	defer receiver.Close()
	cfg, err := config.Load("", []string{"SOUK_DATA_DIR=" + t.TempDir(), "SOUK_MEDIA_UDP_PORT=0", "SOUK_MEDIA_TCP_PORT=0", "SOUK_MEDIA_TURN_ENABLED=false",
		"SOUK_MEDIA_WEBHOOK_URLS=" + receiver.URL})
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	if err := prepareConfig(&cfg, log); err != nil {
		t.Fatal(err)
	}
	api := httpapi.NewServer(httpapi.Options{Logger: log, Sites: mustSites(t, cfg)})
	media, err := wireMedia(ctx, cfg, api, nil, nil, log)
	if err != nil {
		t.Fatal(err)
	}
	defer media.Close(context.Background(), log)
	srv := httptest.NewServer(api)
	defer srv.Close()

	var key, secret string
	for k, s := range cfg.Media.Keys {
		key, secret = k, s
	}
	tok, err := auth.NewAccessToken(key, secret).SetVideoGrant(&auth.VideoGrant{RoomCreate: true}).SetValidFor(time.Minute).ToJWT()
	if err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest("POST", srv.URL+"/twirp/livekit.RoomService/CreateRoom", strings.NewReader(`{"name":"wired"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+tok)
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !bytes.Contains(body, []byte(`"name":"wired"`)) {
		t.Fatalf("CreateRoom: %d %s", resp.StatusCode, body)
	}
	select {
	case r := <-hooks:
		v, err := auth.ParseAPIToken(r.Header.Get("Authorization"))
		if err != nil || v.APIKey() != key {
			t.Fatalf("webhook token: %v", err)
		}
		if _, _, err := v.Verify(secret); err != nil {
			t.Fatalf("webhook signature: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("no room_started webhook")
	}
}

func mustSites(t *testing.T, cfg config.Config) *config.SiteSet {
	t.Helper()
	sites, err := loadSites(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return sites
}

// The admin page's path: a signed-in admin gets a token from
// /api/admin/rooms/token and uses it on the RoomService mounted by the
// binary's wiring (same key set). The platform lists the site's running
// calls; the token administers only the room it names and lists nothing.
func TestAdminTokenWorksOnRoomService(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	keys := map[string]string{"souk": strings.Repeat("k", 40)}
	db := storetest.Open(t, "sqlite")
	sites, err := config.LoadSites(config.BuiltinSites(), "desks", false)
	if err != nil {
		t.Fatal(err)
	}
	accounts := store.NewAccountService(db, store.AccountOptions{})
	calls := store.NewCallService(db)
	api := httpapi.NewServer(httpapi.Options{Sites: sites, Logger: log, Accounts: accounts, Calls: calls, MediaKeys: keys})
	mgr, err := sfu.NewManager(ctx, sfu.Config{EmptyTimeout: time.Minute}, log)
	if err != nil {
		t.Fatal(err)
	}
	defer mgr.Close(context.Background())
	(&operatorAPI{}).mount(api.Router(), mgr, nil, keys, log)
	api.MountLiveRooms(liveRooms{mgr})
	srv := httptest.NewServer(api)
	defer srv.Close()
	for _, room := range []string{"call-7", "call-8", "tutoring-call"} {
		if _, err := mgr.CreateRoom(room, sfu.RoomOptions{}); err != nil {
			t.Fatal(err)
		}
	}

	post := func(path, bearer, contentType, body string, out any) int {
		t.Helper()
		req, _ := http.NewRequest("POST", srv.URL+path, strings.NewReader(body))
		req.Header.Set("Content-Type", contentType)
		if bearer != "" {
			req.Header.Set("Authorization", "Bearer "+bearer)
		}
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if out != nil {
			_ = json.NewDecoder(resp.Body).Decode(out)
		}
		return resp.StatusCode
	}
	var sess struct{ UserID, AccessToken string }
	// Registration answers alike for new and taken addresses; the session
	// comes from signing in.
	if code := post("/api/auth/register", "", "application/json", `{"email":"ops@example.com","password":"oak desk 42","displayName":"Ops"}`, nil); code != 202 {
		t.Fatalf("register: %d", code)
	}
	if code := post("/api/auth/login", "", "application/json", `{"email":"ops@example.com","password":"oak desk 42"}`, &sess); code != 200 || sess.AccessToken == "" {
		t.Fatalf("login: %d", code)
	}
	if code := post("/api/admin/rooms/token", sess.AccessToken, "application/json", `{"room":"call-7"}`, nil); code != 403 {
		t.Fatalf("a non-admin got a rooms token: %d", code)
	}
	if err := accounts.SetRoles(ctx, "desks", sess.UserID, []string{platform.RoleUser, platform.RoleAdmin}); err != nil {
		t.Fatal(err)
	}
	if code := post("/api/auth/login", "", "application/json", `{"email":"ops@example.com","password":"oak desk 42"}`, &sess); code != 200 {
		t.Fatalf("login: %d", code)
	}
	// The admin page administers calls of the admin's own site.
	var guest struct{ UserID, AccessToken string }
	post("/api/auth/register", "", "application/json", `{"email":"guest@example.com","password":"oak desk 42","displayName":"Guest"}`, nil)
	if code := post("/api/auth/login", "", "application/json", `{"email":"guest@example.com","password":"oak desk 42"}`, &guest); code != 200 {
		t.Fatalf("guest login: %d", code)
	}
	if _, err := calls.InviteToCall(ctx, "desks", "call-7", sess.UserID, guest.UserID); err != nil {
		t.Fatal(err)
	}
	var tutoring [2]string
	for i, email := range []string{"tutor@example.com", "pupil@example.com"} {
		if err := accounts.Register(ctx, &platform.Registration{Site: "tutoring", Email: email, Password: "oak desk 42", DisplayName: "T"}); err != nil {
			t.Fatal(err)
		}
		s, err := accounts.Login(ctx, "tutoring", email, "oak desk 42")
		if err != nil {
			t.Fatal(err)
		}
		tutoring[i] = s.User.ID
	}
	if _, err := calls.InviteToCall(ctx, "tutoring", "tutoring-call", tutoring[0], tutoring[1]); err != nil {
		t.Fatal(err)
	}
	// The listing shows the running calls of the admin's site only: not the
	// other site's call, nor a room that is no call at all.
	req, _ := http.NewRequest("GET", srv.URL+"/api/admin/rooms", nil)
	req.Header.Set("Authorization", "Bearer "+sess.AccessToken)
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var live struct {
		Rooms []struct {
			Name         string
			Participants int
		} `json:"rooms"`
	}
	err = json.NewDecoder(resp.Body).Decode(&live)
	resp.Body.Close()
	if err != nil || resp.StatusCode != 200 || len(live.Rooms) != 1 || live.Rooms[0].Name != "call-7" {
		t.Fatalf("GET /api/admin/rooms: %d %v %+v", resp.StatusCode, err, live)
	}
	var tok struct{ Token string }
	if code := post("/api/admin/rooms/token", sess.AccessToken, "application/json", `{"room":"call-7"}`, &tok); code != 200 || tok.Token == "" {
		t.Fatalf("admin rooms token: %d", code)
	}
	var terr struct{ Code string }
	if code := post("/twirp/livekit.RoomService/ListRooms", tok.Token, "application/json", `{}`, &terr); code != 403 || terr.Code != "permission_denied" {
		t.Fatalf("the admin page token lists every site's rooms: %d %+v", code, terr)
	}
	if code := post("/twirp/livekit.RoomService/ListParticipants", tok.Token, "application/json", `{"room":"call-7"}`, nil); code != 200 {
		t.Fatalf("ListParticipants of the named room: %d", code)
	}
	if code := post("/twirp/livekit.RoomService/ListParticipants", tok.Token, "application/json", `{"room":"other"}`, &terr); code != 403 || terr.Code != "permission_denied" {
		t.Fatalf("ListParticipants of another room: %d %+v", code, terr)
	}
	if code := post("/twirp/livekit.RoomService/DeleteRoom", tok.Token, "application/json", `{"room":"call-7"}`, &terr); code != 403 {
		t.Fatalf("the admin page token may delete rooms: %d", code)
	}
}
