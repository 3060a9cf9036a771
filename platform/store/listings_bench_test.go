package store_test

import (
	"context"
	"fmt"
	"testing"

	"souk/platform"
	"souk/platform/store"
	"souk/platform/store/storetest"
)

// BenchmarkFindListings measures one browse page of a site with 5000
// listings, near the start and deep into the list.
func BenchmarkFindListings(b *testing.B) {
	for _, engine := range storetest.Engines {
		b.Run(engine, func(b *testing.B) {
			db := storetest.Open(b, engine)
			ctx := context.Background()
			owner, err := store.NewAccountService(db, store.AccountOptions{}).CreateUser(ctx,
				&platform.Registration{Site: "desks", Email: "seller@example.com", Password: "bench pass 1", DisplayName: "Seller"})
			if err != nil {
				b.Fatal(err)
			}
			svc := store.NewListingService(db)
			for i := 0; i < 5000; i++ {
				l := &platform.Listing{Site: "desks", OwnerID: owner.ID, ProductName: fmt.Sprintf("desk %d", i),
					Price: platform.Price{Amount: "10.00", Currency: "PLN"}, Duration: 30}
				if err := svc.CreateListing(ctx, l); err != nil {
					b.Fatal(err)
				}
			}
			for _, running := range []bool{false, true} {
				for _, page := range []int{1, 200} {
					b.Run(fmt.Sprintf("page%d/running=%v", page, running), func(b *testing.B) {
						for b.Loop() {
							items, _, err := svc.FindListings(ctx, platform.ListingFilter{Site: "desks", Page: page, PageSize: 20, Running: running})
							if err != nil || len(items) != 20 {
								b.Fatalf("%d items, %v", len(items), err)
							}
						}
					})
				}
			}
		})
	}
}
