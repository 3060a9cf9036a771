package store

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/uptrace/bun"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// Migration is one schema version.
type Migration struct {
	Version int
	Name    string
	SQL     string
}

// Migrations returns the embedded migrations for an engine, in order.
func Migrations(engine string) ([]Migration, error) {
	return loadMigrations(migrationFiles, engine)
}

func loadMigrations(fsys fs.FS, engine string) ([]Migration, error) {
	names, err := fs.Glob(fsys, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	byVersion := map[int]Migration{}
	specific := map[int]bool{}
	for _, path := range names {
		base := strings.TrimSuffix(strings.TrimPrefix(path, "migrations/"), ".sql")
		num, rest, ok := strings.Cut(base, "_")
		version, err := strconv.Atoi(num)
		if !ok || err != nil || version <= 0 {
			return nil, fmt.Errorf("migration %s: name must be NNNN_description.sql", path)
		}
		name, forEngine := rest, ""
		if i := strings.LastIndexByte(rest, '.'); i >= 0 {
			name, forEngine = rest[:i], rest[i+1:]
			if forEngine != "sqlite" && forEngine != "postgres" {
				return nil, fmt.Errorf("migration %s: unknown engine suffix %q", path, forEngine)
			}
		}
		if forEngine != "" && forEngine != engine {
			continue
		}
		if forEngine == "" && specific[version] {
			continue
		}
		if prev, dup := byVersion[version]; dup && forEngine == "" {
			return nil, fmt.Errorf("migrations %s and %s share version %d", prev.Name, name, version)
		}
		body, err := fs.ReadFile(fsys, path)
		if err != nil {
			return nil, err
		}
		byVersion[version] = Migration{Version: version, Name: name, SQL: string(body)}
		if forEngine != "" {
			specific[version] = true
		}
	}
	out := make([]Migration, 0, len(byVersion))
	for _, m := range byVersion {
		out = append(out, m)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	return out, nil
}

// Migrate applies every migration not yet recorded, each in its own
// transaction, and returns the versions it applied. On PostgreSQL an
// advisory lock keeps two starting processes from migrating at once.
func (db *DB) Migrate(ctx context.Context) ([]int, error) {
	migrations, err := Migrations(db.engine)
	if err != nil {
		return nil, err
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("migrate: %w", err)
	}
	defer conn.Close()
	if db.engine == "postgres" {
		if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock(72616)"); err != nil {
			return nil, fmt.Errorf("migrate: lock: %w", err)
		}
		defer conn.ExecContext(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock(72616)")
	}
	if _, err := conn.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version BIGINT PRIMARY KEY,
		name TEXT NOT NULL,
		applied_at TIMESTAMP NOT NULL)`); err != nil {
		return nil, fmt.Errorf("migrate: create schema_migrations: %w", err)
	}
	done := map[int]bool{}
	var versions []int
	if err := conn.NewSelect().Table("schema_migrations").Column("version").Scan(ctx, &versions); err != nil {
		return nil, fmt.Errorf("migrate: read applied versions: %w", err)
	}
	for _, v := range versions {
		done[v] = true
	}
	var applied []int
	for _, m := range migrations {
		if done[m.Version] {
			continue
		}
		err := conn.RunInTx(ctx, &sql.TxOptions{}, func(ctx context.Context, tx bun.Tx) error {
			for _, stmt := range splitStatements(m.SQL) {
				if _, err := tx.ExecContext(ctx, stmt); err != nil {
					return fmt.Errorf("%w\n--- statement:\n%s", err, stmt)
				}
			}
			_, err := tx.NewRaw("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
				m.Version, m.Name, time.Now().UTC()).Exec(ctx)
			return err
		})
		if err != nil {
			return applied, fmt.Errorf("migration %04d_%s: %w", m.Version, m.Name, err)
		}
		db.log.Info("applied migration", "version", m.Version, "name", m.Name, "engine", db.engine)
		applied = append(applied, m.Version)
	}
	return applied, nil
}

// splitStatements splits a migration on semicolons at line ends. Migration
// files keep one statement per semicolon-terminated block; no procedural
// bodies are used, so no quoting rules are needed.
func splitStatements(sqlText string) []string {
	var out []string
	var cur strings.Builder
	for _, line := range strings.Split(sqlText, "\n") {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "--") || trimmed == "" {
			continue
		}
		cur.WriteString(line)
		cur.WriteByte('\n')
		if strings.HasSuffix(trimmed, ";") {
			out = append(out, strings.TrimSpace(cur.String()))
			cur.Reset()
		}
	}
	if s := strings.TrimSpace(cur.String()); s != "" {
		out = append(out, s)
	}
	return out
}
