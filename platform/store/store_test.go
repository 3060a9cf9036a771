package store_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"souk/platform"
	"souk/platform/store"
	"souk/platform/store/storetest"
)

func TestMigrateIsIdempotent(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		applied, err := db.Migrate(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if len(applied) != 0 {
			t.Fatalf("second migrate applied %v", applied)
		}
		var n int
		if err := db.NewSelect().Table("schema_migrations").ColumnExpr("count(*)").Scan(context.Background(), &n); err != nil {
			t.Fatal(err)
		}
		all, _ := store.Migrations(db.Engine())
		if n != len(all) {
			t.Fatalf("schema_migrations has %d rows, want %d", n, len(all))
		}
	})
}

func TestContactIsStoredWithItsMail(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := store.NewContactService(db)
		m := &platform.ContactMessage{Site: "desks", Name: "  Ala ", Email: "ala@example.com", Message: "Is the oak desk still available?"}
		if err := svc.CreateContact(ctx, m, "contact@desks.example"); err != nil {
			t.Fatal(err)
		}
		got, err := svc.FindContacts(ctx, "desks", 10)
		if err != nil || len(got) != 1 || got[0].Name != "Ala" || got[0].ID != m.ID {
			t.Fatalf("got %+v, %v", got, err)
		}
		if other, _ := svc.FindContacts(ctx, "tutoring", 10); len(other) != 0 {
			t.Fatalf("another site sees %d contact messages", len(other))
		}
		mails, err := db.PendingMail(ctx, time.Now().Add(time.Second), 10)
		if err != nil || len(mails) != 1 || mails[0].Recipient != "contact@desks.example" || !strings.Contains(mails[0].Body, "oak desk") {
			t.Fatalf("outbox = %+v, %v", mails, err)
		}
		if err := db.MarkMailSent(ctx, mails[0].ID, time.Now()); err != nil {
			t.Fatal(err)
		}
		if left, _ := db.PendingMail(ctx, time.Now().Add(time.Second), 10); len(left) != 0 {
			t.Fatalf("sent mail still pending: %+v", left)
		}
	})
}

func TestInvalidContactWritesNothing(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := store.NewContactService(db)
		err := svc.CreateContact(ctx, &platform.ContactMessage{Site: "desks", Name: "", Email: "not-an-email", Message: "short"}, "c@x.example")
		var perr *platform.Error
		if !errors.As(err, &perr) || perr.Code != platform.EINVALID || len(perr.Fields) != 3 {
			t.Fatalf("err = %#v", err)
		}
		if got, _ := svc.FindContacts(ctx, "desks", 10); len(got) != 0 {
			t.Fatal("invalid contact stored")
		}
		if mails, _ := db.PendingMail(ctx, time.Now().Add(time.Second), 10); len(mails) != 0 {
			t.Fatal("mail queued for invalid contact")
		}
	})
}

// Concurrent writers must all succeed: SQLite queues them (busy timeout,
// immediate transactions) and PostgreSQL runs them in parallel.
func TestConcurrentWrites(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		writeConcurrently(t, db, 40)
	})
}

// The on-disk SQLite (what `souk serve` uses) must queue concurrent writers.
func TestConcurrentWritesSQLiteFile(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, t.TempDir()+"/souk.db", slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	writeConcurrently(t, db, 50)
}

// writeConcurrently stores n contact messages from n goroutines and checks
// that every one of them is there.
func writeConcurrently(t *testing.T, db *store.DB, n int) {
	t.Helper()
	ctx := context.Background()
	svc := store.NewContactService(db)
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- svc.CreateContact(ctx, &platform.ContactMessage{Site: "desks", Name: "Writer", Email: "w@example.com", Message: "concurrent message body"}, "c@x.example")
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if got, _ := svc.FindContacts(ctx, "desks", 2*n); len(got) != n {
		t.Fatalf("stored %d of %d", len(got), n)
	}
}
