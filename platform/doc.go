// Package platform holds the listings platform's domain: the types every
// feature shares (users, listings, messages, contact entries, calls), the
// service interfaces the HTTP and realtime layers consume, and the error
// codes they map to responses.
//
// Subpackages implement it, one per dependency:
//   - store:    the services on uptrace/bun (SQLite by default, PostgreSQL by URL)
//   - httpapi:  the JSON API and the web app on chi + huma
//   - google:   Google ID token verification (go-jose key sets, golang-jwt)
//   - mail:     the outbox delivery loop and its SMTP (go-mail) and log senders
//   - imaging:  content-checked image decoding, re-encoding and thumbnails
//   - fetch:    downloading images from user URLs with the SSRF dial guard
//   - blob:     image files on a local directory or an S3-compatible bucket
//   - gallery:  the listing image service: imaging plus blob storage and fetching
//   - realtime: the Socket.IO channels (consume Authenticator, UserFinder, CallService)
//
// The root package imports only the standard library (config maps its
// site files into platform.Site, not the other way round).
// Subpackages may import the root and config, never each other's internals,
// and never signal/, sfu/ or turn/.
//
// Imports (checked by internal/importrules):
//
//	souk:   none
//	others: none
package platform
