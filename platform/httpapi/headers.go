package httpapi

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"net/http"
	"strings"
)

// contentSecurityPolicy allows the web app its own origin and nothing
// inline: the style elements MUI (emotion) adds at run time carry the
// response's nonce, which index.html hands to the app. Beyond 'self':
//   - Google sign-in loads its script, button frame and styles from
//     accounts.google.com/gsi/;
//   - images may be data: and blob: URLs (previews before upload) and
//     Google profile pictures;
//   - livekit-client talks to the same origin (WebSocket signalling,
//     which 'self' covers) and may start blob: workers; media elements
//     play MediaStreams and blob: URLs.
func contentSecurityPolicy(nonce string) string {
	return strings.Join([]string{
		"default-src 'self'",
		"script-src 'self' https://accounts.google.com/gsi/client",
		"style-src 'self' 'nonce-" + nonce + "' https://accounts.google.com/gsi/style",
		"img-src 'self' data: blob: https://*.googleusercontent.com",
		"font-src 'self' data:",
		"connect-src 'self' https://accounts.google.com/gsi/",
		"media-src 'self' blob: mediastream:",
		"worker-src 'self' blob:",
		"frame-src https://accounts.google.com/gsi/",
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}, "; ")
}

// cspNoncePlaceholder is what the web build writes where each response's
// nonce goes (Vite's html.cspNonce): the csp-nonce meta element the app
// reads, and its own style and script tags.
const cspNoncePlaceholder = "SOUK_CSP_NONCE"

type nonceKey struct{}

// fillNonce puts the request's nonce into the web app's index.html.
func fillNonce(ctx context.Context, page []byte) []byte {
	nonce, _ := ctx.Value(nonceKey{}).(string)
	return bytes.ReplaceAll(page, []byte(cspNoncePlaceholder), []byte(nonce))
}

func newNonce() string {
	var b [18]byte
	rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// SecurityHeaders is the middleware that sets the same headers on
// handlers served beside this server rather than through it (/metrics).
func SecurityHeaders(hsts bool) func(http.Handler) http.Handler { return securityHeaders(hsts) }

// securityHeaders sets the browser security headers on every response.
// HSTS is sent only in production, where the site is served over HTTPS;
// on a developer's http://localhost it would pin the browser to HTTPS.
// The API reference page (/api/docs) brings its own policy.
func securityHeaders(hsts bool) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			h := w.Header()
			h.Set("X-Content-Type-Options", "nosniff")
			h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
			h.Set("X-Frame-Options", "DENY")
			h.Set("Permissions-Policy", "camera=(self), microphone=(self), display-capture=(self), geolocation=(), payment=(), usb=()")
			h.Set("Cross-Origin-Opener-Policy", "same-origin-allow-popups")
			if r.URL.Path != "/api/docs" {
				nonce := newNonce()
				h.Set("Content-Security-Policy", contentSecurityPolicy(nonce))
				r = r.WithContext(context.WithValue(r.Context(), nonceKey{}, nonce))
			}
			if hsts {
				h.Set("Strict-Transport-Security", "max-age=63072000; includeSubDomains")
			}
			next.ServeHTTP(w, r)
		})
	}
}
