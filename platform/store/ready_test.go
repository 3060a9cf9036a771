package store_test

import (
	"context"
	"testing"

	"souk/platform/store/storetest"
)

// Readiness must notice a database that answers but cannot write (a full
// disk, a read-only file): a ping does not.
func TestCheckWritableNoticesAReadOnlyDatabase(t *testing.T) {
	ctx := context.Background()
	db := storetest.Open(t, "sqlite") // one connection, so the pragma holds
	if err := db.CheckWritable(ctx); err != nil {
		t.Fatalf("writable database: %v", err)
	}
	if _, err := db.ExecContext(ctx, "PRAGMA query_only = ON"); err != nil {
		t.Fatal(err)
	}
	if err := db.PingContext(ctx); err != nil {
		t.Fatalf("ping: %v", err)
	}
	if err := db.CheckWritable(ctx); err == nil {
		t.Fatal("a database that cannot write was reported writable")
	}
}
