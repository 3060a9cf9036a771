// Package platform holds the listings platform's domain: the types every
// feature shares (users, listings, messages, contact entries, calls), the
// service interfaces the HTTP and realtime layers consume, and the error
// codes they map to responses.
//
// Subpackages implement it, one per dependency:
//   - store:    the services on uptrace/bun (SQLite by default, PostgreSQL by URL)
//   - httpapi:  the JSON API and the web app on chi + huma
//
// Imports: the root package imports only the standard library and config.
// Subpackages may import the root and config, never each other's internals,
// and never signal/, sfu/ or turn/.
package platform
