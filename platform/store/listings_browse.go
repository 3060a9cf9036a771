package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"sync"
	"time"

	"souk/platform"
)

// Browsing a site without a search (the front page and the offers list)
// is the hottest read. Profiles showed nearly all of its time in counting
// the site's listings and in skipping OFFSET rows of the index, both of
// which grow with the site. The order of a site's listings is therefore
// kept in memory: one covering-index scan yields every id in browse
// order, and a page is then a slice of it plus one read of its rows.
//
// The order is dropped on every listing write through this process and
// is otherwise reread after browseOrderTTL, which bounds how long a write
// by another process (a second server on the same PostgreSQL), a changed
// display name or the end of a listing's run can go unseen. The public
// listings themselves are kept for the same time (listingCache).

// browseOrderTTL is how long a site's order is reused without a write.
const browseOrderTTL = time.Second

// browseOrderMax bounds the ids kept per site; a larger site pages with
// SQL instead.
const browseOrderMax = 100_000

type browseKey struct {
	site    string
	running bool
}

// browseOrder is the ids of one site's listings, newest first.
type browseOrder struct {
	loaded     chan struct{} // closed once ids and err are set
	validUntil time.Time
	ids        []string
	tooLarge   bool
	err        error
}

// browseOrders caches browseOrder per site and filter. Concurrent misses
// for one key wait for a single load.
type browseOrders struct {
	mu     sync.Mutex
	orders map[browseKey]*browseOrder
}

// invalidate drops every cached order; listing writes call it.
func (b *browseOrders) invalidate() {
	b.mu.Lock()
	clear(b.orders)
	b.mu.Unlock()
}

// get returns the ids of key's listings in browse order, loading them
// when missing or stale. ok is false when the site is too large to keep.
func (b *browseOrders) get(ctx context.Context, key browseKey, load func(ctx context.Context) ([]string, time.Time, bool, error)) (ids []string, ok bool, err error) {
	now := time.Now()
	b.mu.Lock()
	o := b.orders[key]
	if o != nil {
		select {
		case <-o.loaded:
			if o.err != nil || !now.Before(o.validUntil) {
				o = nil
			}
		default: // another request is loading it
		}
	}
	if o == nil {
		o = &browseOrder{loaded: make(chan struct{})}
		if b.orders == nil {
			b.orders = make(map[browseKey]*browseOrder)
		}
		b.orders[key] = o
		b.mu.Unlock()
		// The load must not end with the first caller's request.
		ids, until, fits, err := load(context.WithoutCancel(ctx))
		o.ids, o.tooLarge, o.err = ids, !fits, err
		o.validUntil = minTime(until, now.Add(browseOrderTTL))
		close(o.loaded)
	} else {
		b.mu.Unlock()
	}
	select {
	case <-o.loaded:
	case <-ctx.Done():
		return nil, false, ctx.Err()
	}
	if o.err != nil {
		return nil, false, o.err
	}
	return o.ids, !o.tooLarge, nil
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// loadBrowseOrder reads a site's ids in browse order from the covering
// index (site, created_at, id, expires_unix). For running listings it
// also returns when the first of them ends, after which the order is
// stale.
func (s *ListingService) loadBrowseOrder(key browseKey) func(ctx context.Context) ([]string, time.Time, bool, error) {
	return func(ctx context.Context) ([]string, time.Time, bool, error) {
		st, err := s.db.prepared(ctx, "SELECT id, expires_unix FROM listings WHERE site = ? ORDER BY created_at DESC, id DESC")
		if err != nil {
			return nil, time.Time{}, false, err
		}
		rows, err := st.QueryContext(ctx, key.site)
		if err != nil {
			return nil, time.Time{}, false, fmt.Errorf("list listing order: %w", err)
		}
		defer rows.Close()
		now := time.Now()
		nowUnix := now.Unix()
		firstEnd := now.Add(browseOrderTTL)
		var ids []string
		for rows.Next() {
			var id string
			var expires sql.NullInt64
			if err := rows.Scan(&id, &expires); err != nil {
				return nil, time.Time{}, false, fmt.Errorf("list listing order: %w", err)
			}
			if key.running && expires.Valid {
				if expires.Int64 <= nowUnix {
					continue
				}
				if end := time.Unix(expires.Int64, 0); end.Before(firstEnd) {
					firstEnd = end
				}
			}
			if len(ids) == browseOrderMax {
				return nil, firstEnd, false, nil
			}
			ids = append(ids, id)
		}
		if err := rows.Err(); err != nil {
			return nil, time.Time{}, false, fmt.Errorf("list listing order: %w", err)
		}
		return ids, firstEnd, true, nil
	}
}

// listingCache keeps the public listings read in the current window of
// browseOrderTTL, so that the pages and offers everyone opens are not
// read again for every request. Like the order, it is dropped on every
// listing or image write through this process; a read that began before
// such a write does not store its result.
type listingCache struct {
	mu         sync.Mutex
	generation uint64
	started    time.Time
	byID       map[string]*platform.Listing
}

func (c *listingCache) invalidate() {
	c.mu.Lock()
	c.generation++
	clear(c.byID)
	c.mu.Unlock()
}

// window drops the entries of a window that has ended; c.mu is held.
func (c *listingCache) window(now time.Time) {
	if now.Sub(c.started) >= browseOrderTTL {
		clear(c.byID)
		c.started = now
	}
}

// lookup returns copies of the cached listings among ids, the ids still to
// read, and the generation to store them under.
func (c *listingCache) lookup(ids []string) (found map[string]*platform.Listing, missing []string, generation uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.window(time.Now())
	found = make(map[string]*platform.Listing, len(ids))
	for _, id := range ids {
		if l, ok := c.byID[id]; ok {
			found[id] = cloneListing(l)
		} else {
			missing = append(missing, id)
		}
	}
	return found, missing, c.generation
}

// store keeps copies of ls unless a write happened since generation.
func (c *listingCache) store(ls []*platform.Listing, generation uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if generation != c.generation {
		return
	}
	c.window(time.Now())
	if c.byID == nil {
		c.byID = make(map[string]*platform.Listing)
	}
	for _, l := range ls {
		c.byID[l.ID] = cloneListing(l)
	}
}

// cloneListing copies l so that no caller shares the cached value.
func cloneListing(l *platform.Listing) *platform.Listing {
	c := *l
	c.Images = slices.Clone(l.Images)
	return &c
}
