package store_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"souk/platform"
	"souk/platform/store"
	"souk/platform/store/storetest"
)

func pageIDs(t *testing.T, svc *store.ListingService, f platform.ListingFilter) ([]string, int) {
	t.Helper()
	items, total, err := svc.FindListings(context.Background(), f)
	if err != nil {
		t.Fatal(err)
	}
	ids := make([]string, len(items))
	for i, l := range items {
		ids[i] = l.ID
		if l.OwnerName == "" || l.CreatedAt.IsZero() || l.ExpiresAt.IsZero() || l.Images == nil {
			t.Fatalf("listing %s read incompletely: %+v", l.ID, l)
		}
	}
	return ids, total
}

// TestBrowsePagesFollowWrites pages through a site's listings with the
// cached order and checks that every write shows at once: the same
// pages as the filtered SQL path, new listings first, deleted and ended
// ones gone, other sites apart.
func TestBrowsePagesFollowWrites(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		accounts := store.NewAccountService(db, store.AccountOptions{})
		owner, err := accounts.CreateUser(ctx, &platform.Registration{Site: "desks", Email: "seller@example.com", Password: "long enough 1", DisplayName: "Seller"})
		if err != nil {
			t.Fatal(err)
		}
		svc := store.NewListingService(db)
		create := func(site, name string) *platform.Listing {
			l := &platform.Listing{Site: site, OwnerID: owner.ID, ProductName: name, Price: platform.Price{Amount: "10.00", Currency: "PLN"}, Duration: 30}
			if err := svc.CreateListing(ctx, l); err != nil {
				t.Fatal(err)
			}
			return l
		}
		var created []string
		for i := range 7 {
			created = append(created, create("desks", fmt.Sprintf("desk %d", i)).ID)
		}
		create("tutoring", "a lesson")
		newestFirst := slices.Clone(created)
		slices.Reverse(newestFirst)

		browse := platform.ListingFilter{Site: "desks", PageSize: 3, Running: true}
		var all []string
		for page := 1; page <= 4; page++ {
			browse.Page = page
			ids, total := pageIDs(t, svc, browse)
			if total != 7 {
				t.Fatalf("page %d: total %d, want 7", page, total)
			}
			// The owner's view pages with SQL; both must agree.
			own, _ := pageIDs(t, svc, platform.ListingFilter{Site: "desks", OwnerID: owner.ID, Page: page, PageSize: 3})
			if !slices.Equal(ids, own) {
				t.Fatalf("page %d: cached order %v, SQL %v", page, ids, own)
			}
			all = append(all, ids...)
		}
		if !slices.Equal(all, newestFirst) {
			t.Fatalf("browse order %v, want %v", all, newestFirst)
		}

		// Offers and pages read once are kept; an edit shows at once.
		if l, err := svc.FindListing(ctx, "desks", created[1]); err != nil || l.ProductName != "desk 1" {
			t.Fatalf("offer: %v %v", l, err)
		}
		renamed := "desk one, renamed"
		if _, err := svc.UpdateListing(ctx, "desks", owner.ID, created[1], platform.ListingUpdate{ProductName: &renamed}); err != nil {
			t.Fatal(err)
		}
		if l, err := svc.FindListing(ctx, "desks", created[1]); err != nil || l.ProductName != renamed {
			t.Fatalf("offer after an edit: %v %v", l, err)
		}
		if items, _, err := svc.FindListings(ctx, platform.ListingFilter{Site: "desks", Page: 1, PageSize: 10, Running: true}); err != nil ||
			!slices.ContainsFunc(items, func(l *platform.Listing) bool { return l.ProductName == renamed }) {
			t.Fatalf("page after an edit: %v", err)
		}
		if _, err := svc.FindListing(ctx, "tutoring", created[1]); platform.ErrorCode(err) != platform.ENOTFOUND {
			t.Fatalf("a kept offer must not show on another site: %v", err)
		}
		img := &platform.Image{ListingID: created[1], Key: "desks/a.jpg", ThumbKey: "desks/a-thumb.jpg", Width: 4, Height: 3, ContentType: "image/jpeg"}
		if err := svc.AddImage(ctx, "desks", owner.ID, img, 10); err != nil {
			t.Fatal(err)
		}
		if l, err := svc.FindListing(ctx, "desks", created[1]); err != nil || len(l.Images) != 1 || l.Images[0].Key != img.Key {
			t.Fatalf("offer after a new image: %+v %v", l, err)
		}

		fresh := create("desks", "the newest desk")
		if ids, total := pageIDs(t, svc, platform.ListingFilter{Site: "desks", Page: 1, PageSize: 3, Running: true}); total != 8 || ids[0] != fresh.ID {
			t.Fatalf("after a new listing: total %d, first %v", total, ids)
		}
		if _, err := svc.DeleteListing(ctx, "desks", owner.ID, created[6]); err != nil {
			t.Fatal(err)
		}
		if ids, total := pageIDs(t, svc, platform.ListingFilter{Site: "desks", Page: 1, PageSize: 3, Running: true}); total != 7 || slices.Contains(ids, created[6]) {
			t.Fatalf("after a delete: total %d, page %v", total, ids)
		}

		// A listing whose run has ended leaves public browsing but stays
		// in its owner's list.
		if _, err := db.ExecContext(ctx, "UPDATE listings SET expires_unix = ? WHERE id = ?", time.Now().Add(-time.Minute).Unix(), created[0]); err != nil {
			t.Fatal(err)
		}
		// Written behind the service's back: visible once the order is reread.
		deadline := time.Now().Add(10 * time.Second)
		for {
			_, total := pageIDs(t, svc, platform.ListingFilter{Site: "desks", Page: 1, PageSize: 50, Running: true})
			if total == 6 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("an ended listing still counts after 10 s: total %d", total)
			}
			time.Sleep(50 * time.Millisecond)
		}
		if _, total := pageIDs(t, svc, platform.ListingFilter{Site: "desks", Page: 1, PageSize: 50}); total != 7 {
			t.Fatalf("without the running filter: total %d, want 7", total)
		}
		if _, err := svc.FindListing(ctx, "desks", created[0]); platform.ErrorCode(err) != platform.ENOTFOUND {
			t.Fatalf("ended listing on its offer page: %v", err)
		}
		if l, err := svc.FindOwnListing(ctx, "desks", owner.ID, created[0]); err != nil || l.ID != created[0] {
			t.Fatalf("owner's ended listing: %v", err)
		}
		if ids, total := pageIDs(t, svc, platform.ListingFilter{Site: "tutoring", Page: 1, PageSize: 10, Running: true}); total != 1 || len(ids) != 1 {
			t.Fatalf("other site: total %d, %v", total, ids)
		}
		if ids, total := pageIDs(t, svc, platform.ListingFilter{Site: "desks", Page: 9, PageSize: 10, Running: true}); total != 6 || len(ids) != 0 {
			t.Fatalf("page past the end: total %d, %v", total, ids)
		}
	})
}
