// Package httpapi serves the platform over HTTP: the JSON API under /api
// (huma operations on a chi router, documented at /api/openapi.json), the
// media token service at POST /token, stored images at /media/, the
// embedded web app with client-side routing (precompressed assets chosen
// by Accept-Encoding, the site inlined into index.html: web.go), the API
// reference at /api/docs with its viewer served from the web build
// (docs.go), and the health probes.
//
// Every request passes through the same middleware: a request id, an
// access log line, panic recovery (a panic becomes a 500 problem, never a
// dropped connection), the browser security headers with a per-response
// CSP nonce (headers.go), the client's address, site resolution from the
// Host header, and a size bound on multipart bodies.
//
// Handlers are named methods of Server, one file per resource (auth.go,
// listings.go, messages.go, calls.go, contact.go, site.go); each file's
// register function only lists its operations.
//
// Signed-in operations embed BearerAuth (the accessToken); a missing,
// expired or revoked token is 401, a missing scope 403. Login, register,
// password reset requests and the contact form are rate-limited per client
// IP (in-process fixed windows); failed logins slow down one account's
// attempts from one network exponentially (throttle.go) without locking the
// account. Logout and password resets tell Options.Sessions, which closes
// the sessions' realtime connections.
//
// Errors are RFC 9457 problem details (application/problem+json) with
// per-field errors; platform.Error codes map to statuses in problem.go.
// POST /token is the exception: it answers {errorMessage}, the shape the
// call screen reads.
//
// livekit/protocol/auth with golang-jwt mints media tokens: LiveKit's
// grants plus the sign-in session and TURN claims that souk/signal reads.
// Other transports (signalling, realtime) mount
// themselves on Server.Router from the main package.
//
// Imports (checked by internal/importrules):
//
//	souk:   souk/platform souk/config
//	others: any
package httpapi
