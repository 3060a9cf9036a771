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
		ctx := context.Background()
		svc := store.NewContactService(db)
		var wg sync.WaitGroup
		errs := make(chan error, 40)
		for i := 0; i < 40; i++ {
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
		if got, _ := svc.FindContacts(ctx, "desks", 100); len(got) != 40 {
			t.Fatalf("stored %d of 40", len(got))
		}
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
	svc := store.NewContactService(db)
	var wg sync.WaitGroup
	errs := make(chan error, 50)
	for i := 0; i < 50; i++ {
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
	if got, _ := svc.FindContacts(ctx, "desks", 100); len(got) != 50 {
		t.Fatalf("stored %d of 50", len(got))
	}
}

// Two delivery loops sharing a database never get the same mail, and a
// claimed mail comes back after the lease if it was not marked.
func TestDueMailIsClaimedOnce(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		for i := 0; i < 5; i++ {
			if err := store.EnqueueMail(ctx, db, &store.OutboxMail{Site: "desks", Recipient: "a@example.com", Subject: "s", Body: "b"}); err != nil {
				t.Fatal(err)
			}
		}
		now := time.Now().Add(time.Second)
		var wg sync.WaitGroup
		got := make(chan string, 10)
		for i := 0; i < 2; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				due, err := db.DueMail(ctx, now, 10)
				if err != nil {
					t.Error(err)
				}
				for _, m := range due {
					got <- m.ID
				}
			}()
		}
		wg.Wait()
		close(got)
		seen := map[string]bool{}
		for id := range got {
			if seen[id] {
				t.Fatalf("mail %s handed out twice", id)
			}
			seen[id] = true
		}
		if len(seen) != 5 {
			t.Fatalf("%d of 5 mails handed out", len(seen))
		}
		if again, _ := db.DueMail(ctx, now, 10); len(again) != 0 {
			t.Fatalf("claimed mails handed out again: %d", len(again))
		}
		if later, _ := db.DueMail(ctx, now.Add(3*time.Minute), 10); len(later) != 5 {
			t.Fatalf("after the lease %d of 5 mails are due again", len(later))
		}
	})
}

// A listing's run ends after its duration: public views hide it, its
// owner still sees it.
func TestExpiredListingsLeavePublicViews(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		owner, err := store.NewAccountService(db, store.AccountOptions{}).CreateUser(ctx,
			&platform.Registration{Site: "desks", Email: "s@example.com", Password: "seller pass 1", DisplayName: "S"})
		if err != nil {
			t.Fatal(err)
		}
		svc := store.NewListingService(db)
		l := &platform.Listing{Site: "desks", OwnerID: owner.ID, ProductName: "Old desk", Price: platform.Price{Amount: "1", Currency: "PLN"}, Duration: 1}
		if err := svc.CreateListing(ctx, l); err != nil {
			t.Fatal(err)
		}
		if !l.ExpiresAt.Equal(l.CreatedAt.AddDate(0, 0, 1)) {
			t.Fatalf("expires %v, created %v", l.ExpiresAt, l.CreatedAt)
		}
		// Move the run into the past.
		if _, err := db.NewRaw("UPDATE listings SET expires_at = ? WHERE id = ?", time.Now().UTC().Add(-time.Minute), l.ID).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.FindListing(ctx, "desks", l.ID); platform.ErrorCode(err) != platform.ENOTFOUND {
			t.Fatalf("public view of an expired listing: %v", err)
		}
		if _, n, _ := svc.FindListings(ctx, platform.ListingFilter{Site: "desks", Running: true}); n != 0 {
			t.Fatalf("browse lists %d expired listings", n)
		}
		if got, err := svc.FindOwnListing(ctx, "desks", owner.ID, l.ID); err != nil || !got.Expired(time.Now()) {
			t.Fatalf("owner view: %+v %v", got, err)
		}
		// Extending the duration starts it running again.
		days := 30
		if got, err := svc.UpdateListing(ctx, "desks", owner.ID, l.ID, platform.ListingUpdate{Duration: &days}); err != nil || got.Expired(time.Now()) {
			t.Fatalf("extend: %+v %v", got, err)
		}
		if _, n, _ := svc.FindListings(ctx, platform.ListingFilter{Site: "desks", Running: true}); n != 1 {
			t.Fatalf("browse after extending: %d", n)
		}
	})
}
