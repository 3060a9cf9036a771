package store

import (
	"strings"
	"testing"
	"testing/fstest"
)

func TestLoadMigrationsPicksEngineOverrides(t *testing.T) {
	fsys := fstest.MapFS{
		"migrations/0001_init.sql":          {Data: []byte("CREATE TABLE a (id TEXT);")},
		"migrations/0002_json.sql":          {Data: []byte("generic")},
		"migrations/0002_json.postgres.sql": {Data: []byte("pg only")},
		"migrations/0003_more.sqlite.sql":   {Data: []byte("sqlite only")},
	}
	pg, err := loadMigrations(fsys, "postgres")
	if err != nil {
		t.Fatal(err)
	}
	if len(pg) != 2 || pg[1].SQL != "pg only" {
		t.Fatalf("postgres got %+v", pg)
	}
	lite, err := loadMigrations(fsys, "sqlite")
	if err != nil {
		t.Fatal(err)
	}
	if len(lite) != 3 || lite[1].SQL != "generic" || lite[2].SQL != "sqlite only" {
		t.Fatalf("sqlite got %+v", lite)
	}
}

func TestLoadMigrationsRejectsBadNames(t *testing.T) {
	for _, name := range []string{"migrations/init.sql", "migrations/0001_x.mysql.sql", "migrations/0000_zero.sql"} {
		_, err := loadMigrations(fstest.MapFS{name: {Data: []byte("x")}}, "sqlite")
		if err == nil {
			t.Errorf("%s accepted", name)
		}
	}
	dup := fstest.MapFS{"migrations/0001_a.sql": {Data: []byte("x")}, "migrations/0001_b.sql": {Data: []byte("y")}}
	if _, err := loadMigrations(dup, "sqlite"); err == nil || !strings.Contains(err.Error(), "share version 1") {
		t.Errorf("duplicate version: %v", err)
	}
}

func TestSplitStatements(t *testing.T) {
	got := splitStatements("-- comment\nCREATE TABLE a (\n id TEXT\n);\n\nCREATE INDEX i ON a (id);\n")
	if len(got) != 2 || !strings.HasPrefix(got[1], "CREATE INDEX") {
		t.Fatalf("got %q", got)
	}
}
