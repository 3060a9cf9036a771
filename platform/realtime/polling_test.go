package realtime_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"souk/platform/store/storetest"
)

// corsHeaders is every Access-Control-* header of a response.
func corsHeaders(t *testing.T, method, url, origin string, extra ...string) (int, http.Header) {
	t.Helper()
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Origin", origin)
	for i := 0; i+1 < len(extra); i += 2 {
		req.Header.Set(extra[i], extra[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	h := http.Header{}
	for k, v := range resp.Header {
		if strings.HasPrefix(k, "Access-Control-") {
			h[k] = v
		}
	}
	return resp.StatusCode, h
}

// Polling answers cross-origin requests exactly as the API does: the API
// sends no CORS headers and answers no preflight, so a page on another
// origin can read neither (the web app is served from the same origin,
// and other clients are not browsers); credentials never ride on cookies
// here anyway.
func TestPollingCORSIsTheAPIs(t *testing.T) {
	e := newEnv(t, storetest.Open(t, "sqlite"))
	n := e.start(t, nodeOptions{})
	const origin = "https://elsewhere.example"
	for _, tc := range []struct{ name, method, api, realtime string }{
		{"simple GET", "GET", "/api/site", "/socket.io/?EIO=4&transport=polling"},
		{"preflight", "OPTIONS", "/api/site", "/socket.io/?EIO=4&transport=polling"},
	} {
		_, apiCORS := corsHeaders(t, tc.method, n.url+tc.api, origin, "Access-Control-Request-Method", "POST")
		status, rtCORS := corsHeaders(t, tc.method, n.url+tc.realtime, origin, "Access-Control-Request-Method", "POST")
		if len(apiCORS) != len(rtCORS) {
			t.Errorf("%s: API CORS headers %v, polling's %v (status %d)", tc.name, apiCORS, rtCORS, status)
		}
		for k := range apiCORS {
			if apiCORS.Get(k) != rtCORS.Get(k) {
				t.Errorf("%s: %s is %q on the API, %q on polling", tc.name, k, apiCORS.Get(k), rtCORS.Get(k))
			}
		}
	}
}
