package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"souk/platform"
)

// ListingService implements platform.ListingService.
type ListingService struct{ db *DB }

// NewListingService returns the store-backed listing service.
func NewListingService(db *DB) *ListingService { return &ListingService{db: db} }

type listingRow struct {
	bun.BaseModel `bun:"table:listings,alias:l"`
	ID            string    `bun:"id,pk"`
	Site          string    `bun:"site"`
	OwnerID       string    `bun:"owner_id"`
	ProductName   string    `bun:"product_name"`
	Description   string    `bun:"description"`
	PriceAmount   string    `bun:"price_amount"`
	PriceCurrency string    `bun:"price_currency"`
	DurationDays  int       `bun:"duration_days"`
	Location      string    `bun:"location"`
	SearchText    string    `bun:"search_text"`
	CreatedAt     time.Time `bun:"created_at"`
	UpdatedAt     time.Time `bun:"updated_at"`
	ExpiresUnix   *int64    `bun:"expires_unix"`
	OwnerName     string    `bun:"owner_name,scanonly"`
}

type imageRow struct {
	bun.BaseModel `bun:"table:listing_images"`
	ID            string    `bun:"id,pk"`
	ListingID     string    `bun:"listing_id"`
	Site          string    `bun:"site"`
	BlobKey       string    `bun:"blob_key"`
	ThumbKey      string    `bun:"thumb_key"`
	Width         int       `bun:"width"`
	Height        int       `bun:"height"`
	ContentType   string    `bun:"content_type"`
	CreatedAt     time.Time `bun:"created_at"`
}

var errNoListing = platform.Errorf(platform.ENOTFOUND, "no such listing")

func (r *imageRow) image() platform.Image {
	return platform.Image{ID: r.ID, ListingID: r.ListingID, Key: r.BlobKey, ThumbKey: r.ThumbKey,
		Width: r.Width, Height: r.Height, ContentType: r.ContentType, CreatedAt: r.CreatedAt}
}

func (r *listingRow) listing() *platform.Listing {
	l := &platform.Listing{ID: r.ID, Site: r.Site, OwnerID: r.OwnerID, OwnerName: r.OwnerName, ProductName: r.ProductName,
		Description: r.Description, Price: platform.Price{Amount: r.PriceAmount, Currency: r.PriceCurrency},
		Duration: r.DurationDays, Location: r.Location, Images: []platform.Image{}, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
	if r.ExpiresUnix != nil {
		l.ExpiresAt = time.Unix(*r.ExpiresUnix, 0).UTC()
	}
	return l
}

// runUntil is when a listing created at created running for days ends
// (whole seconds, as stored).
func runUntil(created time.Time, days int) time.Time {
	return created.AddDate(0, 0, days).Truncate(time.Second)
}

// searchText is what the query matches: lower-cased, so that search is
// case-insensitive on both engines without collation differences.
func searchText(l *platform.Listing) string {
	return strings.ToLower(l.ProductName + "\n" + l.Description + "\n" + l.Location)
}

func toListingRow(l *platform.Listing) *listingRow {
	expires := l.ExpiresAt.Unix()
	return &listingRow{ID: l.ID, Site: l.Site, OwnerID: l.OwnerID, ProductName: l.ProductName, Description: l.Description,
		PriceAmount: l.Price.Amount, PriceCurrency: l.Price.Currency, DurationDays: l.Duration, Location: l.Location,
		SearchText: searchText(l), CreatedAt: l.CreatedAt, UpdatedAt: l.UpdatedAt, ExpiresUnix: &expires}
}

// CreateListing implements platform.ListingService.
func (s *ListingService) CreateListing(ctx context.Context, l *platform.Listing) error {
	if err := l.Validate(); err != nil {
		return err
	}
	l.ID = NewID()
	l.CreatedAt = now()
	l.UpdatedAt = l.CreatedAt
	l.ExpiresAt = runUntil(l.CreatedAt, l.Duration)
	l.Images = []platform.Image{}
	_, err := s.db.NewInsert().Model(toListingRow(l)).Exec(ctx)
	s.db.listingsChanged()
	if err != nil {
		return fmt.Errorf("insert listing: %w", err)
	}
	return nil
}

func (s *ListingService) selectListings(db bun.IDB) *bun.SelectQuery {
	return db.NewSelect().Model((*listingRow)(nil)).ColumnExpr("l.*").ColumnExpr("u.display_name AS owner_name").
		Join("JOIN users AS u ON u.id = l.owner_id")
}

func (s *ListingService) findOne(ctx context.Context, db bun.IDB, site, ownerID, id string) (*platform.Listing, error) {
	var row listingRow
	q := s.selectListings(db).Where("l.id = ? AND l.site = ?", id, site)
	if ownerID != "" {
		q = q.Where("l.owner_id = ?", ownerID)
	} else {
		q = q.Where("(l.expires_unix IS NULL OR l.expires_unix > ?)", time.Now().Unix())
	}
	if err := q.Scan(ctx, &row); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, errNoListing
		}
		return nil, fmt.Errorf("find listing: %w", err)
	}
	out := []*platform.Listing{row.listing()}
	if err := s.attachImages(ctx, db, out); err != nil {
		return nil, err
	}
	return out[0], nil
}

func (s *ListingService) attachImages(ctx context.Context, db bun.IDB, ls []*platform.Listing) error {
	if len(ls) == 0 {
		return nil
	}
	byID := make(map[string]*platform.Listing, len(ls))
	ids := make([]string, len(ls))
	for i, l := range ls {
		byID[l.ID], ids[i] = l, l.ID
	}
	var rows []imageRow
	if err := db.NewSelect().Model(&rows).Where("listing_id IN (?)", bun.In(ids)).Order("created_at", "id").Scan(ctx); err != nil {
		return fmt.Errorf("list images: %w", err)
	}
	for i := range rows {
		l := byID[rows[i].ListingID]
		l.Images = append(l.Images, rows[i].image())
	}
	return nil
}

// FindListing implements platform.ListingService.
func (s *ListingService) FindListing(ctx context.Context, site, id string) (*platform.Listing, error) {
	return s.findPublished(ctx, site, "", id)
}

// FindOwnListing implements platform.ListingService.
func (s *ListingService) FindOwnListing(ctx context.Context, site, ownerID, id string) (*platform.Listing, error) {
	return s.findPublished(ctx, site, ownerID, id)
}

// likePattern escapes LIKE wildcards in a user's query.
func likePattern(q string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(strings.ToLower(q)) + "%"
}

// FindListings implements platform.ListingService. The page's ids are
// picked first from the (site, created_at, id) index alone, and only those
// rows are then read and joined, so deep pages do not read every skipped
// listing.
func (s *ListingService) FindListings(ctx context.Context, f platform.ListingFilter) ([]*platform.Listing, int, error) {
	f.Normalize()
	if f.OwnerID == "" && f.Query == "" {
		// Browsing a whole site: the page is a slice of its cached order.
		order, ok, err := s.db.browse.get(ctx, browseKey{site: f.Site, running: f.Running}, s.loadBrowseOrder(browseKey{site: f.Site, running: f.Running}))
		if err != nil {
			return nil, 0, err
		}
		if ok {
			from := min((f.Page-1)*f.PageSize, len(order))
			items, err := s.readListings(ctx, order[from:min(from+f.PageSize, len(order))])
			return items, len(order), err
		}
	}
	running := time.Now().Unix()
	filter := func(q *bun.SelectQuery) *bun.SelectQuery {
		q = q.Where("l.site = ?", f.Site)
		if f.OwnerID != "" {
			q = q.Where("l.owner_id = ?", f.OwnerID)
		}
		if f.Query != "" {
			q = q.Where(`l.search_text LIKE ? ESCAPE '\'`, likePattern(f.Query))
		}
		if f.Running {
			q = q.Where("(l.expires_unix IS NULL OR l.expires_unix > ?)", running)
		}
		return q
	}
	total, err := filter(s.db.NewSelect().Model((*listingRow)(nil))).Count(ctx)
	if err != nil {
		return nil, 0, fmt.Errorf("count listings: %w", err)
	}
	var ids []string
	err = filter(s.db.NewSelect().Model((*listingRow)(nil)).Column("l.id")).Order("l.created_at DESC", "l.id DESC").
		Limit(int64(f.PageSize)).Offset(int64((f.Page-1)*f.PageSize)).Scan(ctx, &ids)
	if err != nil {
		return nil, 0, fmt.Errorf("list listings: %w", err)
	}
	if len(ids) == 0 {
		return []*platform.Listing{}, int(total), nil
	}
	var rows []listingRow
	err = s.selectListings(s.db).Where("l.id IN (?)", bun.In(ids)).Order("l.created_at DESC", "l.id DESC").Scan(ctx, &rows)
	if err != nil {
		return nil, 0, fmt.Errorf("read listings: %w", err)
	}
	out := make([]*platform.Listing, len(rows))
	for i := range rows {
		out[i] = rows[i].listing()
	}
	if err := s.attachImages(ctx, s.db, out); err != nil {
		return nil, 0, err
	}
	return out, int(total), nil
}

// UpdateListing implements platform.ListingService.
func (s *ListingService) UpdateListing(ctx context.Context, site, ownerID, id string, u platform.ListingUpdate) (*platform.Listing, error) {
	var out *platform.Listing
	err := s.db.RunInTx(ctx, &sql.TxOptions{}, func(ctx context.Context, tx bun.Tx) error {
		l, err := s.findOne(ctx, tx, site, ownerID, id)
		if err != nil {
			return err
		}
		u.Apply(l)
		if err := l.Validate(); err != nil {
			return err
		}
		l.UpdatedAt = now()
		l.ExpiresAt = runUntil(l.CreatedAt, l.Duration)
		if _, err := tx.NewUpdate().Model(toListingRow(l)).
			Column("product_name", "description", "price_amount", "price_currency", "duration_days", "location", "search_text", "updated_at", "expires_unix").
			WherePK().Exec(ctx); err != nil {
			return fmt.Errorf("update listing: %w", err)
		}
		out = l
		return nil
	})
	s.db.listingsChanged()
	return out, err
}

// DeleteListing implements platform.ListingService.
func (s *ListingService) DeleteListing(ctx context.Context, site, ownerID, id string) ([]platform.Image, error) {
	var images []platform.Image
	err := s.db.RunInTx(ctx, &sql.TxOptions{}, func(ctx context.Context, tx bun.Tx) error {
		l, err := s.findOne(ctx, tx, site, ownerID, id)
		if err != nil {
			return err
		}
		images = l.Images
		if _, err := tx.NewDelete().Model((*imageRow)(nil)).Where("listing_id = ?", id).Exec(ctx); err != nil {
			return fmt.Errorf("delete images: %w", err)
		}
		if _, err := tx.NewDelete().Model((*listingRow)(nil)).Where("id = ?", id).Exec(ctx); err != nil {
			return fmt.Errorf("delete listing: %w", err)
		}
		return nil
	})
	s.db.listingsChanged()
	return images, err
}

// AddImage implements platform.ListingService. The count is checked in
// the same transaction as the insert, so parallel uploads cannot exceed it.
func (s *ListingService) AddImage(ctx context.Context, site, ownerID string, img *platform.Image, max int) error {
	defer s.db.listingsChanged()
	return s.db.RunInTx(ctx, &sql.TxOptions{}, func(ctx context.Context, tx bun.Tx) error {
		if _, err := s.findOne(ctx, tx, site, ownerID, img.ListingID); err != nil {
			return err
		}
		if s.db.Engine() == "postgres" {
			// Serialise image additions per listing.
			if _, err := tx.NewRaw("SELECT id FROM listings WHERE id = ? FOR UPDATE", img.ListingID).Exec(ctx); err != nil {
				return fmt.Errorf("lock listing: %w", err)
			}
		}
		n, err := tx.NewSelect().Model((*imageRow)(nil)).Where("listing_id = ?", img.ListingID).Count(ctx)
		if err != nil {
			return fmt.Errorf("count images: %w", err)
		}
		if int(n) >= max {
			return platform.Errorf(platform.EINVALID, "a listing may have at most %d images; remove one first", max)
		}
		if img.ID == "" {
			img.ID = NewID()
		}
		img.CreatedAt = now()
		row := &imageRow{ID: img.ID, ListingID: img.ListingID, Site: site, BlobKey: img.Key, ThumbKey: img.ThumbKey,
			Width: img.Width, Height: img.Height, ContentType: img.ContentType, CreatedAt: img.CreatedAt}
		if _, err := tx.NewInsert().Model(row).Exec(ctx); err != nil {
			return fmt.Errorf("insert image: %w", err)
		}
		_, err = tx.NewUpdate().Model((*listingRow)(nil)).Set("updated_at = ?", img.CreatedAt).Where("id = ?", img.ListingID).Exec(ctx)
		return err
	})
}

// RemoveImage implements platform.ListingService.
func (s *ListingService) RemoveImage(ctx context.Context, site, ownerID, listingID, imageID string) (*platform.Image, error) {
	var img *platform.Image
	defer s.db.listingsChanged()
	err := s.db.RunInTx(ctx, &sql.TxOptions{}, func(ctx context.Context, tx bun.Tx) error {
		l, err := s.findOne(ctx, tx, site, ownerID, listingID)
		if err != nil {
			return err
		}
		for i := range l.Images {
			if l.Images[i].ID == imageID {
				img = &l.Images[i]
			}
		}
		if img == nil {
			return platform.Errorf(platform.ENOTFOUND, "no such image")
		}
		if _, err := tx.NewDelete().Model((*imageRow)(nil)).Where("id = ?", imageID).Exec(ctx); err != nil {
			return fmt.Errorf("delete image: %w", err)
		}
		return nil
	})
	return img, err
}
