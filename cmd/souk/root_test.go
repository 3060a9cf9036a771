package main

import (
	"net/http"
	"testing"
)

// The fully wired binary answers GET / with the web app and HEAD / with
// the CORS header livekit-client's probe needs: mounting signalling must
// not turn "/" into a HEAD-only route.
func TestWiredRootAnswersGetAndHead(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	_, base, _ := startSouk(t, buildSouk(t))
	resp, err := http.Get(base + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("GET / = %d, want the web app (200) or its not-built notice (503)", resp.StatusCode)
	}
	head, err := http.Head(base + "/")
	if err != nil {
		t.Fatal(err)
	}
	head.Body.Close()
	if head.Header.Get("Access-Control-Allow-Origin") != "*" {
		t.Fatalf("HEAD / lacks CORS: %d %v", head.StatusCode, head.Header)
	}
}
