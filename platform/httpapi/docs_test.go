package httpapi

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
)

// externalOrigin matches an absolute or protocol-relative URL.
var externalOrigin = regexp.MustCompile(`(?i)(https?:)?//[a-z0-9.-]+`)

func TestAPIReferenceIsServedFromTheBinary(t *testing.T) {
	viewer := []byte("window.Scalar={createApiReference:function(){}}")
	srv := webServer(t, fstest.MapFS{
		"index.html":                               {Data: []byte("<!doctype html><html><head></head><body></body></html>")},
		"assets/scalar-api-reference-1.72.1.js":    {Data: viewer},
		"assets/scalar-api-reference-1.72.1.js.gz": {Data: gzipped(t, viewer)},
	}, nil)

	resp, body := fetchRaw(t, srv, "GET", "", "/api/docs", "")
	page := string(body)
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "text/html; charset=utf-8" {
		t.Fatalf("page: %d %v", resp.StatusCode, resp.Header)
	}
	if m := externalOrigin.FindString(page); m != "" {
		t.Fatalf("the page references another origin (%s):\n%s", m, page)
	}
	scripts := regexp.MustCompile(`<script([^>]*)>([^<]*)</script>`).FindAllStringSubmatch(page, -1)
	if len(scripts) != 2 {
		t.Fatalf("want the viewer and its start-up script, got %q", scripts)
	}
	for _, s := range scripts {
		if strings.TrimSpace(s[2]) != "" || !strings.Contains(s[1], `src="/`) {
			t.Fatalf("inline or foreign script %q", s[0])
		}
	}
	if !strings.Contains(page, `data-document="/api/openapi.json"`) {
		t.Fatalf("the page does not name the OpenAPI document:\n%s", page)
	}

	csp := resp.Header.Get("Content-Security-Policy")
	for _, want := range []string{"default-src 'none'", "script-src 'self'", "connect-src 'self'"} {
		if !strings.Contains(csp, want+";") && !strings.HasSuffix(csp, want) {
			t.Fatalf("policy %q lacks %q", csp, want)
		}
	}
	if strings.Contains(csp, "unsafe-eval") || strings.Count(csp, "unsafe-") != 1 || !strings.Contains(csp, "style-src 'self' 'unsafe-inline'") ||
		externalOrigin.MatchString(csp) {
		t.Fatalf("policy allows more than inline styles beyond this origin: %q", csp)
	}

	for _, src := range regexp.MustCompile(`src="([^"]+)"`).FindAllStringSubmatch(page, -1) {
		resp, body := fetchRaw(t, srv, "GET", "", src[1], "gzip")
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "text/javascript; charset=utf-8" || len(body) == 0 {
			t.Fatalf("%s: %d %v", src[1], resp.StatusCode, resp.Header)
		}
		if src[1] == docsInitPath {
			if m := externalOrigin.FindString(string(body)); m != "" {
				t.Fatalf("the start-up script references another origin (%s)", m)
			}
			for _, want := range []string{"createApiReference", "withDefaultFonts: false", "telemetry: false"} {
				if !strings.Contains(string(body), want) {
					t.Fatalf("start-up script lacks %q", want)
				}
			}
		} else if resp.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(resp.Header.Get("Cache-Control"), "immutable") {
			t.Fatalf("viewer script not served as a compressed, cacheable asset: %v", resp.Header)
		}
	}
}

func TestAPIReferenceWithoutTheViewer(t *testing.T) {
	srv := webServer(t, fstest.MapFS{"index.html": {Data: []byte("<!doctype html>")}}, nil)
	resp, body := fetchRaw(t, srv, "GET", "", "/api/docs", "")
	if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(body), "/api/openapi.json") {
		t.Fatalf("%d %s", resp.StatusCode, body)
	}
}
