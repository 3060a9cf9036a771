// Package httpapi serves the platform over HTTP: the JSON API under /api
// (huma operations on a chi router, documented at /api/openapi.json), the
// embedded web app with client-side routing, and the health probes.
//
// Every request passes through the same middleware: a request id, an
// access log line, panic recovery (a panic becomes a 500 problem, never a
// dropped connection), and site resolution from the Host header.
//
// Errors are RFC 9457 problem details (application/problem+json) with
// per-field errors; platform.Error codes map to statuses in problem.go.
//
// Imports: platform, config, chi, huma. Other transports (signalling,
// realtime) mount themselves on Server.Router from the main package.
package httpapi
