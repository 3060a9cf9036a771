package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/livekit/protocol/auth"

	"souk/config"
	"souk/platform/httpapi"
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
	cfg, err := config.Load("", []string{"SOUK_DATA_DIR=" + t.TempDir(), "SOUK_MEDIA_UDP_PORT=0", "SOUK_MEDIA_TURN_ENABLED=false",
		"SOUK_MEDIA_WEBHOOK_URLS=" + receiver.URL})
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	if err := prepareConfig(&cfg, log); err != nil {
		t.Fatal(err)
	}
	api := httpapi.NewServer(httpapi.Options{Logger: log, Sites: mustSites(t, cfg)})
	media, err := wireMedia(ctx, cfg, api, log)
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
