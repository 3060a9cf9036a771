// Package store implements the platform's services on uptrace/bun.
//
// One code path serves two engines: the embedded SQLite (the default; a
// file in the data directory, or ":memory:" in tests) and PostgreSQL
// (selected by a postgres:// URL). Schema changes are versioned SQL files in
// migrations/, embedded in the binary and applied in order at start and by
// `souk migrate`; each version is recorded in schema_migrations.
//
// A migration file NNNN_name.sql is used for both engines unless
// NNNN_name.postgres.sql or NNNN_name.sqlite.sql overrides it for one.
// Keep SQL portable: text ids generated in Go, TIMESTAMP, BIGINT, BOOLEAN.
//
// Imports (checked by internal/importrules):
//
//	souk:   souk/platform souk/config
//	others: any
package store
