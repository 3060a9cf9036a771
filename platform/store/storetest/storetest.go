// Package storetest opens migrated stores for tests: an in-memory SQLite
// always, and a fresh PostgreSQL database when a server is reachable.
//
// PostgreSQL is found at SOUK_TEST_POSTGRES_URL, or by default at
// postgres://postgres@127.0.0.1:5432/postgres (trust auth). When it is not
// reachable the PostgreSQL variants skip with a message, except under
// CI=true, where they fail: CI must exercise both engines.
//
// Imports (checked by internal/importrules):
//
//	souk:   souk/platform souk/config souk/platform/store
//	others: any
package storetest

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/uptrace/bun/driver/pgdriver"

	"souk/platform/store"
)

// Engines are the engines ForEachEngine runs on.
var Engines = []string{"sqlite", "postgres"}

// ForEachEngine runs fn as a subtest per engine, each with its own freshly
// migrated database.
func ForEachEngine(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	for _, engine := range Engines {
		t.Run(engine, func(t *testing.T) {
			fn(t, Open(t, engine))
		})
	}
}

// Open returns a migrated, empty database of the given engine, closed (and
// for PostgreSQL dropped) when the test ends.
func Open(tb testing.TB, engine string) *store.DB {
	tb.Helper()
	ctx := context.Background()
	var rawURL string
	switch engine {
	case "sqlite":
		rawURL = ":memory:"
	case "postgres":
		rawURL = NewPostgresDatabase(tb)
	default:
		tb.Fatalf("unknown engine %q", engine)
	}
	db, err := store.Open(ctx, rawURL, quietLogger())
	if err != nil {
		tb.Fatalf("open %s: %v", engine, err)
	}
	tb.Cleanup(func() { db.Close() })
	if _, err := db.Migrate(ctx); err != nil {
		tb.Fatalf("migrate %s: %v", engine, err)
	}
	return db
}

// PostgresAdminURL is the maintenance database used to create test databases.
func PostgresAdminURL() string {
	if u := os.Getenv("SOUK_TEST_POSTGRES_URL"); u != "" {
		return u
	}
	return "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"
}

// NewPostgresDatabase creates an empty database for one test and returns
// its URL; it is dropped at cleanup. Skips (or fails under CI) when no
// server answers.
func NewPostgresDatabase(tb testing.TB) string {
	tb.Helper()
	admin := sql.OpenDB(pgdriver.NewConnector(pgdriver.WithDSN(PostgresAdminURL())))
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := admin.PingContext(ctx); err != nil {
		admin.Close()
		msg := fmt.Sprintf("PostgreSQL not reachable at %s (%v); set SOUK_TEST_POSTGRES_URL", PostgresAdminURL(), err)
		if os.Getenv("CI") == "true" {
			tb.Fatal(msg + " — CI requires PostgreSQL")
		}
		tb.Skip(msg)
	}
	name := "souk_test_" + store.NewID()[:16]
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		admin.Close()
		tb.Fatalf("create test database: %v", err)
	}
	tb.Cleanup(func() {
		defer admin.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if _, err := admin.ExecContext(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			tb.Logf("drop test database %s: %v", name, err)
		}
	})
	u, err := url.Parse(PostgresAdminURL())
	if err != nil {
		tb.Fatalf("parse %s: %v", PostgresAdminURL(), err)
	}
	u.Path = "/" + name
	if !strings.Contains(u.RawQuery, "sslmode") {
		q := u.Query()
		q.Set("sslmode", "disable")
		u.RawQuery = q.Encode()
	}
	return u.String()
}

func quietLogger() *slog.Logger {
	if os.Getenv("SOUK_TEST_LOG") != "" {
		return slog.New(slog.NewTextHandler(os.Stderr, nil))
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}
