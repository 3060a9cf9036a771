package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"souk/platform"
)

// The public read path (browse pages and offer pages) runs on prepared
// statements and plain database/sql scans: profiles of the browse API
// showed statement preparation and reflection-based scanning next to the
// SQL itself, on every request.

// listingColumns are read by scanListing, in this order.
const listingColumns = "l.id, l.site, l.owner_id, l.product_name, l.description, l.price_amount, l.price_currency, " +
	"l.duration_days, l.location, l.created_at, l.updated_at, l.expires_unix, u.display_name"

const listingFrom = " FROM listings AS l JOIN users AS u ON u.id = l.owner_id"

const imageColumns = "id, listing_id, blob_key, thumb_key, width, height, content_type, created_at"

// statements prepares each query text once per DB and keeps it; database/sql
// re-prepares it on each pooled connection as needed.
type statements struct {
	mu    sync.Mutex
	bySQL map[string]*sql.Stmt
}

func (s *statements) get(ctx context.Context, db *sql.DB, query string) (*sql.Stmt, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if st, ok := s.bySQL[query]; ok {
		return st, nil
	}
	st, err := db.PrepareContext(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("prepare %q: %w", query, err)
	}
	if s.bySQL == nil {
		s.bySQL = make(map[string]*sql.Stmt)
	}
	s.bySQL[query] = st
	return st, nil
}

func (s *statements) close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, st := range s.bySQL {
		st.Close()
	}
	s.bySQL = nil
}

// prepared returns the prepared statement for query, written with ?
// placeholders, which it rewrites as $1, $2 … for PostgreSQL.
func (db *DB) prepared(ctx context.Context, query string) (*sql.Stmt, error) {
	if db.engine == "postgres" {
		var b strings.Builder
		n := 0
		for _, r := range query {
			if r == '?' {
				n++
				b.WriteString("$" + strconv.Itoa(n))
				continue
			}
			b.WriteRune(r)
		}
		query = b.String()
	}
	return db.stmts.get(ctx, db.DB.DB, query)
}

// inList is "?, ?, ?" for n values.
func inList(n int) string {
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}

// dbTime scans a timestamp column: the PostgreSQL driver returns
// time.Time, SQLite may return the text bun wrote.
type dbTime struct{ t *time.Time }

func (d dbTime) Scan(v any) error {
	switch v := v.(type) {
	case time.Time:
		*d.t = v.UTC()
		return nil
	case string:
		return d.parse(v)
	case []byte:
		return d.parse(string(v))
	}
	return fmt.Errorf("timestamp column holds %T", v)
}

func (d dbTime) parse(s string) error {
	for _, layout := range []string{"2006-01-02 15:04:05.999999999-07:00", time.RFC3339Nano, "2006-01-02 15:04:05.999999999"} {
		if t, err := time.Parse(layout, s); err == nil {
			*d.t = t.UTC()
			return nil
		}
	}
	return fmt.Errorf("cannot read timestamp %q", s)
}

type rowScanner interface{ Scan(dest ...any) error }

func scanListing(row rowScanner) (*platform.Listing, error) {
	l := &platform.Listing{Images: []platform.Image{}}
	var expires sql.NullInt64
	if err := row.Scan(&l.ID, &l.Site, &l.OwnerID, &l.ProductName, &l.Description, &l.Price.Amount, &l.Price.Currency,
		&l.Duration, &l.Location, dbTime{&l.CreatedAt}, dbTime{&l.UpdatedAt}, &expires, &l.OwnerName); err != nil {
		return nil, err
	}
	if expires.Valid {
		l.ExpiresAt = time.Unix(expires.Int64, 0).UTC()
	}
	return l, nil
}

// findPublished reads one listing of the site with the public read path:
// a running listing for anyone (ownerID empty), or the owner's own.
func (s *ListingService) findPublished(ctx context.Context, site, ownerID, id string) (*platform.Listing, error) {
	var generation uint64
	if ownerID == "" {
		found, _, gen := s.db.listings.lookup([]string{id})
		if l := found[id]; l != nil {
			if l.Site != site || (!l.ExpiresAt.IsZero() && !l.ExpiresAt.After(time.Now())) {
				return nil, errNoListing
			}
			return l, nil
		}
		generation = gen
	}
	query, args := "SELECT "+listingColumns+listingFrom+" WHERE l.id = ? AND l.site = ? AND l.owner_id = ?", []any{id, site, ownerID}
	if ownerID == "" {
		query = "SELECT " + listingColumns + listingFrom + " WHERE l.id = ? AND l.site = ? AND (l.expires_unix IS NULL OR l.expires_unix > ?)"
		args = []any{id, site, time.Now().Unix()}
	}
	st, err := s.db.prepared(ctx, query)
	if err != nil {
		return nil, err
	}
	l, err := scanListing(st.QueryRowContext(ctx, args...))
	if err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, errNoListing
		}
		return nil, fmt.Errorf("find listing: %w", err)
	}
	if err := s.readImages(ctx, []*platform.Listing{l}); err != nil {
		return nil, err
	}
	if ownerID == "" {
		s.db.listings.store([]*platform.Listing{l}, generation)
	}
	return l, nil
}

// readListings reads the listings with the given ids, in that order;
// ids that no longer exist are left out. Listings read in the current
// window come from the listing cache.
func (s *ListingService) readListings(ctx context.Context, ids []string) ([]*platform.Listing, error) {
	byID, missing, generation := s.db.listings.lookup(ids)
	if len(missing) > 0 {
		read, err := s.readListingRows(ctx, missing)
		if err != nil {
			return nil, err
		}
		if err := s.readImages(ctx, read); err != nil {
			return nil, err
		}
		s.db.listings.store(read, generation)
		for _, l := range read {
			byID[l.ID] = l
		}
	}
	out := make([]*platform.Listing, 0, len(ids))
	for _, id := range ids {
		if l, ok := byID[id]; ok {
			out = append(out, l)
		}
	}
	return out, nil
}

// readListingRows reads the listings with the given ids, in no order.
func (s *ListingService) readListingRows(ctx context.Context, ids []string) ([]*platform.Listing, error) {
	st, err := s.db.prepared(ctx, "SELECT "+listingColumns+listingFrom+" WHERE l.id IN ("+inList(len(ids))+")")
	if err != nil {
		return nil, err
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := st.QueryContext(ctx, args...)
	if err != nil {
		return nil, fmt.Errorf("read listings: %w", err)
	}
	defer rows.Close()
	out := make([]*platform.Listing, 0, len(ids))
	for rows.Next() {
		l, err := scanListing(rows)
		if err != nil {
			return nil, fmt.Errorf("read listings: %w", err)
		}
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read listings: %w", err)
	}
	return out, nil
}

// readImages attaches the images of ls, oldest first.
func (s *ListingService) readImages(ctx context.Context, ls []*platform.Listing) error {
	if len(ls) == 0 {
		return nil
	}
	st, err := s.db.prepared(ctx, "SELECT "+imageColumns+" FROM listing_images WHERE listing_id IN ("+inList(len(ls))+") ORDER BY created_at, id")
	if err != nil {
		return err
	}
	args := make([]any, len(ls))
	byID := make(map[string]*platform.Listing, len(ls))
	for i, l := range ls {
		args[i], byID[l.ID] = l.ID, l
	}
	rows, err := st.QueryContext(ctx, args...)
	if err != nil {
		return fmt.Errorf("list images: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var img platform.Image
		if err := rows.Scan(&img.ID, &img.ListingID, &img.Key, &img.ThumbKey, &img.Width, &img.Height, &img.ContentType, dbTime{&img.CreatedAt}); err != nil {
			return fmt.Errorf("list images: %w", err)
		}
		if l := byID[img.ListingID]; l != nil {
			l.Images = append(l.Images, img)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("list images: %w", err)
	}
	return nil
}
