package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"souk/config"
	"souk/platform/httpapi"
	"souk/platform/store"
	"souk/platform/store/storetest"
	"souk/sfu"
	"souk/signal"
)

// A media token minted by POST /token is accepted by the signalling
// server's validate endpoint when both use the same key set, and refused
// under another secret.
func TestMediaTokenIsAcceptedBySignalling(t *testing.T) {
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
	api := httptest.NewServer(httpapi.NewServer(httpapi.Options{Sites: sites, Logger: log, Accounts: accounts,
		Calls: store.NewCallService(db), MediaKeys: keys, MediaTokenTTL: 10 * time.Minute}))
	defer api.Close()

	mgr, err := sfu.NewManager(ctx, sfu.Config{EmptyTimeout: time.Minute}, log)
	if err != nil {
		t.Fatal(err)
	}
	validate := func(keys map[string]string, tok string) int {
		srv := httptest.NewServer(signal.NewServer(ctx, signal.Config{}, signal.StaticKeys(keys), signal.FromManager(mgr), log))
		defer srv.Close()
		resp, err := http.Get(srv.URL + "/rtc/v1/validate?access_token=" + url.QueryEscape(tok))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}

	var sess struct{ UserID, APIToken string }
	resp, err := http.Post(api.URL+"/api/auth/register", "application/json",
		strings.NewReader(`{"email":"ala@example.com","password":"oak desk 42","displayName":"Ala"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	resp, err = http.Post(api.URL+"/api/auth/login", "application/json",
		strings.NewReader(`{"email":"ala@example.com","password":"oak desk 42"}`))
	if err != nil {
		t.Fatal(err)
	}
	json.NewDecoder(resp.Body).Decode(&sess)
	resp.Body.Close()
	req, _ := http.NewRequest("POST", api.URL+"/token", strings.NewReader(`{"roomName":"`+sess.UserID+`","participantName":"Ala"}`))
	req.Header.Set("Authorization", "Bearer "+sess.APIToken)
	req.Header.Set("Content-Type", "application/json")
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var out struct{ Token, ErrorMessage string }
	json.NewDecoder(resp.Body).Decode(&out)
	resp.Body.Close()
	if resp.StatusCode != 200 || out.Token == "" {
		t.Fatalf("/token: %d %+v", resp.StatusCode, out)
	}
	if code := validate(keys, out.Token); code != 200 {
		t.Fatalf("signalling refused the minted token: %d", code)
	}
	if code := validate(map[string]string{"souk": strings.Repeat("x", 40)}, out.Token); code == 200 {
		t.Fatal("signalling accepted a token signed with another secret")
	}
}
