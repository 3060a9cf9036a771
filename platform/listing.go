package platform

import (
	"context"
	"io"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"
)

// Listing limits.
const (
	ProductNameMax = 120
	DescriptionMax = 5000
	LocationMax    = 200
	DurationMin    = 1
	DurationMax    = 365
	PageSizeMax    = 50
	QueryMax       = 100
)

// Price is a decimal amount in an ISO 4217 currency. The amount stays a
// string so that no float rounding ever touches money.
type Price struct {
	Amount   string
	Currency string
}

var amountPattern = regexp.MustCompile(`^(0|[1-9][0-9]{0,11})(\.[0-9]{1,2})?$`)

// Listing is an announcement published by a user on one site.
type Listing struct {
	ID          string
	Site        string
	OwnerID     string
	OwnerName   string
	ProductName string
	Description string
	Price       Price
	Duration    int // days
	Location    string
	Images      []Image
	CreatedAt   time.Time
	UpdatedAt   time.Time
	// ExpiresAt is CreatedAt plus Duration days: the end of its run.
	ExpiresAt time.Time
}

// Expired reports whether the listing's run is over at t.
func (l *Listing) Expired(t time.Time) bool { return !l.ExpiresAt.IsZero() && !t.Before(l.ExpiresAt) }

// Image is a processed listing picture; Key and ThumbKey name blobs.
type Image struct {
	ID          string
	ListingID   string
	Key         string
	ThumbKey    string
	Width       int
	Height      int
	ContentType string
	CreatedAt   time.Time
}

// Validate trims the fields and reports every problem.
func (l *Listing) Validate() error {
	l.ProductName = strings.TrimSpace(l.ProductName)
	l.Description = strings.TrimSpace(l.Description)
	l.Location = strings.TrimSpace(l.Location)
	l.Price.Amount = strings.TrimSpace(l.Price.Amount)
	l.Price.Currency = strings.ToUpper(strings.TrimSpace(l.Price.Currency))
	var fields []FieldError
	if n := utf8.RuneCountInString(l.ProductName); n == 0 || n > ProductNameMax || HasControl(l.ProductName) {
		fields = append(fields, FieldError{"productName", "product name is required, at most 120 characters, on one line"})
	}
	if utf8.RuneCountInString(l.Description) > DescriptionMax || HasTextControl(l.Description) {
		fields = append(fields, FieldError{"description", "description must be at most 5000 characters, without control characters"})
	}
	if !amountPattern.MatchString(l.Price.Amount) {
		fields = append(fields, FieldError{"price.amount", "price must be a decimal number such as 12.50, with at most 2 decimals"})
	}
	if !KnownCurrency(l.Price.Currency) {
		fields = append(fields, FieldError{"price.currency", "currency must be an ISO 4217 code such as PLN, EUR or USD"})
	}
	if l.Duration < DurationMin || l.Duration > DurationMax {
		fields = append(fields, FieldError{"duration", "duration must be between 1 and 365 days"})
	}
	if utf8.RuneCountInString(l.Location) > LocationMax || HasControl(l.Location) {
		fields = append(fields, FieldError{"location", "location must be at most 200 characters, on one line"})
	}
	if len(fields) > 0 {
		return Invalid(fields...)
	}
	return nil
}

// ListingUpdate holds the fields a PATCH changes; nil leaves a field as is.
type ListingUpdate struct {
	ProductName *string
	Description *string
	Price       *Price
	Duration    *int
	Location    *string
}

// Apply copies the set fields onto l.
func (u ListingUpdate) Apply(l *Listing) {
	if u.ProductName != nil {
		l.ProductName = *u.ProductName
	}
	if u.Description != nil {
		l.Description = *u.Description
	}
	if u.Price != nil {
		l.Price = *u.Price
	}
	if u.Duration != nil {
		l.Duration = *u.Duration
	}
	if u.Location != nil {
		l.Location = *u.Location
	}
}

// ListingFilter selects a page of a site's listings.
type ListingFilter struct {
	Site     string
	OwnerID  string // empty: every owner
	Query    string // matched against product name, description, location
	Page     int    // from 1
	PageSize int
	// Running leaves out listings whose run is over (public browsing).
	Running bool
}

// Normalize clamps paging to sane values.
func (f *ListingFilter) Normalize() {
	f.Query = strings.TrimSpace(f.Query)
	if f.Page < 1 {
		f.Page = 1
	}
	if f.PageSize < 1 {
		f.PageSize = 10
	}
	if f.PageSize > PageSizeMax {
		f.PageSize = PageSizeMax
	}
}

// ListingService stores listings. Owner-only operations report another
// user's or another site's listing as ENOTFOUND.
type ListingService interface {
	CreateListing(ctx context.Context, l *Listing) error
	// FindListing returns a running listing of the site (the public view).
	FindListing(ctx context.Context, site, id string) (*Listing, error)
	FindOwnListing(ctx context.Context, site, ownerID, id string) (*Listing, error)
	FindListings(ctx context.Context, f ListingFilter) ([]*Listing, int, error)
	UpdateListing(ctx context.Context, site, ownerID, id string, u ListingUpdate) (*Listing, error)
	// DeleteListing removes the listing and returns its images, whose
	// blobs the caller deletes.
	DeleteListing(ctx context.Context, site, ownerID, id string) ([]Image, error)
	// AddImage attaches img unless the listing already has max images.
	AddImage(ctx context.Context, site, ownerID string, img *Image, max int) error
	RemoveImage(ctx context.Context, site, ownerID, listingID, imageID string) (*Image, error)
}

// ListingImageService turns uploaded or fetched files into stored,
// re-encoded images with thumbnails.
type ListingImageService interface {
	AddUploadedImage(ctx context.Context, site, ownerID, listingID string, file io.Reader) (*Image, error)
	AddImageFromURL(ctx context.Context, site, ownerID, listingID, rawURL string) (*Image, error)
	RemoveImage(ctx context.Context, site, ownerID, listingID, imageID string) error
	DeleteListing(ctx context.Context, site, ownerID, listingID string) error
}

// BlobReader serves stored blobs.
type BlobReader interface {
	// Open returns ENOTFOUND for unknown keys.
	Open(ctx context.Context, key string) (io.ReadCloser, BlobInfo, error)
}

// BlobInfo describes a stored blob.
type BlobInfo struct {
	ContentType string
	Size        int64
	ModTime     time.Time
}
