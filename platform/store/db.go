package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/dialect/sqlitedialect"
	"github.com/uptrace/bun/driver/pgdriver"
	"github.com/uptrace/bun/driver/sqliteshim"

	"souk/config"
)

// DB is an open store. It is safe for concurrent use.
type DB struct {
	*bun.DB
	engine   string
	log      *slog.Logger
	stmts    statements
	browse   browseOrders
	listings listingCache
}

// listingsChanged drops what is cached about listings; every listing and
// image write calls it after its commit, so that no reload sees old rows.
func (db *DB) listingsChanged() {
	db.browse.invalidate()
	db.listings.invalidate()
}

// Open connects to the database named by rawURL (see config.DatabaseDriver)
// and checks that it answers. It does not migrate; call Migrate.
func Open(ctx context.Context, rawURL string, log *slog.Logger) (*DB, error) {
	engine, err := config.DatabaseDriver(rawURL)
	if err != nil {
		return nil, err
	}
	var db *bun.DB
	switch engine {
	case "postgres":
		sqldb := sql.OpenDB(pgdriver.NewConnector(pgdriver.WithDSN(rawURL)))
		sqldb.SetMaxOpenConns(20)
		// Keep the pool warm: the default of 2 idle connections makes
		// every burst of concurrent requests reconnect.
		sqldb.SetMaxIdleConns(20)
		sqldb.SetConnMaxIdleTime(5 * time.Minute)
		db = bun.NewDB(sqldb, pgdialect.New())
	default:
		dsn, err := sqliteDSN(rawURL)
		if err != nil {
			return nil, err
		}
		sqldb, err := sql.Open(sqliteshim.ShimName, dsn)
		if err != nil {
			return nil, fmt.Errorf("open sqlite: %w", err)
		}
		if strings.Contains(dsn, "mode=memory") {
			// Shared-cache memory databases report table locks instead of
			// waiting on the busy timeout; one connection serialises them.
			sqldb.SetMaxOpenConns(1)
		} else {
			// WAL readers run in parallel; opening a connection (and
			// applying its pragmas) is costly, so idle ones are kept.
			sqldb.SetMaxOpenConns(16)
			sqldb.SetMaxIdleConns(16)
		}
		db = bun.NewDB(sqldb, sqlitedialect.New())
	}
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := db.PingContext(pingCtx); err != nil {
		db.Close()
		return nil, fmt.Errorf("connect to %s database: %w", engine, err)
	}
	return &DB{DB: db, engine: engine, log: log}, nil
}

// Close closes the prepared statements and the connections.
func (db *DB) Close() error {
	db.stmts.close()
	return db.DB.Close()
}

// Engine is "sqlite" or "postgres".
func (db *DB) Engine() string { return db.engine }

// sqliteDSN turns a file path, sqlite:// URL or ":memory:" into a DSN with
// the settings every connection needs: WAL for concurrent readers, a busy
// timeout instead of immediate SQLITE_BUSY, foreign keys, and IMMEDIATE
// transactions so that two writers queue instead of deadlocking.
func sqliteDSN(raw string) (string, error) {
	const pragmas = "_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)&_txlock=immediate"
	path := strings.TrimPrefix(raw, "sqlite://")
	if path == ":memory:" {
		// A named shared-cache memory database, so every pooled
		// connection sees the same data; the random name isolates tests.
		return "file:mem" + randomID() + "?mode=memory&cache=shared&" + pragmas, nil
	}
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return "", fmt.Errorf("create database directory: %w", err)
		}
	}
	return "file:" + path + "?_pragma=journal_mode(WAL)&" + pragmas, nil
}

// NewID returns a random 128-bit identifier as 32 hex characters. Ids are
// unguessable so that knowing one id reveals nothing about others.
func NewID() string { return randomID() }

func randomID() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(fmt.Sprintf("crypto/rand: %v", err))
	}
	return hex.EncodeToString(b[:])
}

// CheckWritable commits a write that changes nothing (a row of
// schema_migrations rewritten with its own values), so that readiness
// fails when the database cannot write: a full disk, a read-only file or
// a replica.
func (db *DB) CheckWritable(ctx context.Context) error {
	err := db.RunInTx(ctx, &sql.TxOptions{}, func(ctx context.Context, tx bun.Tx) error {
		_, err := tx.NewRaw("UPDATE schema_migrations SET name = name WHERE version = (SELECT MAX(version) FROM schema_migrations)").Exec(ctx)
		return err
	})
	if err != nil {
		return fmt.Errorf("%s database cannot write: %w", db.engine, err)
	}
	return nil
}
