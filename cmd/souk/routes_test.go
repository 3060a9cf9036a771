package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"souk/config"
	"souk/platform/httpapi"
	"souk/platform/store"
)

// Every route of the fully wired server is in /api/openapi.json, except
// the probes, media files, realtime channels, signalling and the web app.
func TestEveryRouteIsDocumented(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	dir := t.TempDir()
	cfg, err := config.Load("", []string{"SOUK_DATA_DIR=" + dir, "SOUK_MEDIA_UDP_PORT=0", "SOUK_MEDIA_TCP_PORT=0", "SOUK_MEDIA_TURN_ENABLED=false"})
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	if err := prepareConfig(&cfg, log); err != nil {
		t.Fatal(err)
	}
	sites, err := loadSites(cfg)
	if err != nil {
		t.Fatal(err)
	}
	db, err := openStore(ctx, cfg, log)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	opts := httpapi.Options{Sites: sites, Logger: log, Ready: db.PingContext, Contact: store.NewContactService(db)}
	stop, err := wirePlatform(ctx, cfg, db, log, &opts)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	realtime, err := wireRealtime(ctx, cfg, db, nil, log)
	if err != nil {
		t.Fatal(err)
	}
	defer realtime.Close(context.Background())
	opts.Sessions = realtime.service
	api := httpapi.NewServer(opts)
	realtime.mount(api, log)
	media, err := wireMedia(ctx, cfg, api, nil, nil, log)
	if err != nil {
		t.Fatal(err)
	}
	defer media.Close(context.Background(), log)

	srv := httptest.NewServer(api)
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/api/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	json.NewDecoder(resp.Body).Decode(&doc)
	resp.Body.Close()

	// LiveKit's RoomService (/twirp/) is described by LiveKit's protobufs.
	notAPI := []string{"/healthz", "/readyz", "/media/", "/socket.io", "/rtc", "/twirp/", "/api/openapi", "/api/docs", "/api/schemas/"}
	var missing []string
	walked := 0
	err = chi.Walk(api.Router(), func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		for _, p := range notAPI {
			if strings.HasPrefix(route, p) {
				return nil
			}
		}
		if route == "/" || route == "/*" {
			return nil // the web app and its HEAD probe
		}
		walked++
		if _, ok := doc.Paths[route][strings.ToLower(method)]; !ok {
			missing = append(missing, method+" "+route)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(missing) > 0 {
		t.Fatalf("routes missing from /api/openapi.json: %v", missing)
	}
	if walked < 25 {
		t.Fatalf("only %d API routes walked", walked)
	}
}
