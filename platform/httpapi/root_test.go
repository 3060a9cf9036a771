package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
)

// GET / serves the web app (the client redirects to the front page) and
// HEAD / answers livekit-client's cross-origin reachability probe.
func TestRootServesTheAppAndTheProbe(t *testing.T) {
	srv := newServer(t, true, nil)
	resp, body := get(t, srv, "", "/")
	if resp.StatusCode != http.StatusOK || !strings.Contains(body, "<title>app</title>") {
		t.Fatalf("GET /: %d %s", resp.StatusCode, body)
	}
	head, err := srv.Client().Head(srv.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	head.Body.Close()
	if head.StatusCode != http.StatusOK || head.Header.Get("Access-Control-Allow-Origin") != "*" {
		t.Fatalf("HEAD /: %d %v", head.StatusCode, head.Header)
	}
}

// Lists in the site configuration are JSON arrays even when a site sets
// none, so clients need no null checks.
func TestSiteListsAreNeverNull(t *testing.T) {
	srv := newServer(t, true, nil)
	_, body := get(t, srv, "bikes.localhost", "/api/site")
	for _, field := range []string{`"extraRoutes":null`, `"redirects":null`, `"navigation":null`} {
		if strings.Contains(body, field) {
			t.Errorf("%s in %s", field, body)
		}
	}
	if !strings.Contains(body, `"extraRoutes":[]`) {
		t.Errorf("extraRoutes missing or not empty for bikes: %s", body)
	}
}
