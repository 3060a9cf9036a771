package httpapi_test

import (
	"strings"
	"testing"

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
