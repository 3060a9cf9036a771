package httpapi_test

import (
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"souk/platform/httpapi"
)

func TestBrowserSecurityHeaders(t *testing.T) {
	for _, hsts := range []bool{false, true} {
		srv := newServer(t, false, func(o *httpapi.Options) { o.HSTS = hsts })
		for _, path := range []string{"/", "/listings/abc", "/api/site", "/assets/app-abc.js"} {
			resp, _ := get(t, srv, "desks.localhost", path)
			h := resp.Header
			csp := h.Get("Content-Security-Policy")
			for _, want := range []string{"default-src 'self'", "frame-ancestors 'none'", "object-src 'none'",
				"script-src 'self' https://accounts.google.com/gsi/client"} {
				if !strings.Contains(csp, want) {
					t.Errorf("%s: CSP %q lacks %q", path, csp, want)
				}
			}
			if strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "unsafe-eval") {
				t.Errorf("%s: CSP allows inline code: %q", path, csp)
			}
			for name, want := range map[string]string{
				"X-Content-Type-Options": "nosniff",
				"Referrer-Policy":        "strict-origin-when-cross-origin",
				"X-Frame-Options":        "DENY",
			} {
				if got := h.Get(name); got != want {
					t.Errorf("%s: %s = %q, want %q", path, name, got, want)
				}
			}
			if pp := h.Get("Permissions-Policy"); !strings.Contains(pp, "camera=(self)") || !strings.Contains(pp, "microphone=(self)") {
				t.Errorf("%s: Permissions-Policy %q", path, pp)
			}
			if got := h.Get("Strict-Transport-Security") != ""; got != hsts {
				t.Errorf("%s: HSTS sent = %v, want %v (production only)", path, got, hsts)
			}
		}
	}
}

func TestIndexCarriesTheStyleNonceOfItsResponse(t *testing.T) {
	srv := newServer(t, false, func(o *httpapi.Options) {
		o.Web = fstest.MapFS{"index.html": {Data: []byte(`<!doctype html><meta property="csp-nonce" nonce="SOUK_CSP_NONCE"><title>app</title>`)}}
	})
	nonces := map[string]bool{}
	for range 2 {
		resp, body := get(t, srv, "desks.localhost", "/listings")
		m := regexp.MustCompile(`style-src 'self' 'nonce-([A-Za-z0-9_-]{20,})'`).FindStringSubmatch(resp.Header.Get("Content-Security-Policy"))
		if m == nil {
			t.Fatalf("no style nonce in %q", resp.Header.Get("Content-Security-Policy"))
		}
		if !strings.Contains(body, `nonce="`+m[1]+`"`) || strings.Contains(body, "SOUK_CSP_NONCE") {
			t.Fatalf("index.html does not carry the response's nonce %s: %s", m[1], body)
		}
		nonces[m[1]] = true
	}
	if len(nonces) != 2 {
		t.Fatal("two responses shared a nonce")
	}
}
