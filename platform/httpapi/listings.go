package httpapi

import (
	"context"
	"io"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/go-chi/chi/v5"

	"souk/platform"
)

type priceBody struct {
	Amount   string `json:"amount" pattern:"^[0-9]{1,12}(\\.[0-9]{1,2})?$" doc:"Decimal string such as 12.50"`
	Currency string `json:"currency" pattern:"^[A-Za-z]{3}$" doc:"ISO 4217 code such as PLN"`
}

type imageBody struct {
	ID           string `json:"id"`
	URL          string `json:"url"`
	ThumbnailURL string `json:"thumbnailUrl"`
	Width        int    `json:"width"`
	Height       int    `json:"height"`
	ContentType  string `json:"contentType"`
}

type refBody struct {
	ID          string `json:"id"`
	DisplayName string `json:"displayName"`
}

type listingBody struct {
	ID          string      `json:"id"`
	ProductName string      `json:"productName"`
	Description string      `json:"description"`
	Price       priceBody   `json:"price"`
	Duration    int         `json:"duration" doc:"Days the listing runs"`
	Location    string      `json:"location"`
	Images      []imageBody `json:"images"`
	Owner       refBody     `json:"owner"`
	CreatedAt   time.Time   `json:"createdAt"`
	UpdatedAt   time.Time   `json:"updatedAt"`
	ExpiresAt   *time.Time  `json:"expiresAt,omitempty" doc:"End of the listing's run (createdAt + duration days); public browsing hides it afterwards"`
}

type listingPage struct {
	Items    []listingBody `json:"items"`
	Total    int           `json:"total"`
	Page     int           `json:"page"`
	PageSize int           `json:"pageSize"`
}

func toImageBody(img platform.Image) imageBody {
	return imageBody{ID: img.ID, URL: "/media/" + img.Key, ThumbnailURL: "/media/" + img.ThumbKey,
		Width: img.Width, Height: img.Height, ContentType: img.ContentType}
}

func toListingBody(l *platform.Listing) listingBody {
	out := listingBody{ID: l.ID, ProductName: l.ProductName, Description: l.Description,
		Price:    priceBody{Amount: l.Price.Amount, Currency: l.Price.Currency},
		Duration: l.Duration, Location: l.Location, Images: make([]imageBody, len(l.Images)),
		Owner: refBody{ID: l.OwnerID, DisplayName: l.OwnerName}, CreatedAt: l.CreatedAt, UpdatedAt: l.UpdatedAt}
	if !l.ExpiresAt.IsZero() {
		out.ExpiresAt = &l.ExpiresAt
	}
	for i, img := range l.Images {
		out.Images[i] = toImageBody(img)
	}
	return out
}

type listingOutput struct{ Body listingBody }

type pageOutput struct{ Body listingPage }

type PageQuery struct {
	Q        string `query:"q" maxLength:"100" doc:"Search in product name, description and location"`
	Page     int    `query:"page" minimum:"1" maximum:"10000" default:"1" doc:"From 1; a page past the last one is refused"`
	PageSize int    `query:"pageSize" minimum:"1" maximum:"50" default:"10"`
}

type createListingInput struct {
	BearerAuth
	Body struct {
		ProductName string    `json:"productName" minLength:"1" maxLength:"120"`
		Description string    `json:"description,omitempty" maxLength:"5000"`
		Price       priceBody `json:"price"`
		Duration    int       `json:"duration" minimum:"1" maximum:"365" doc:"Days the listing runs"`
		Location    string    `json:"location,omitempty" maxLength:"200"`
	}
}

type patchListingInput struct {
	BearerAuth
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		ProductName *string    `json:"productName,omitempty" minLength:"1" maxLength:"120"`
		Description *string    `json:"description,omitempty" maxLength:"5000"`
		Price       *priceBody `json:"price,omitempty"`
		Duration    *int       `json:"duration,omitempty" minimum:"1" maximum:"365"`
		Location    *string    `json:"location,omitempty" maxLength:"200"`
	}
}

type listingIDInput struct {
	BearerAuth
	ID string `path:"id" maxLength:"64"`
}

type myListingsInput struct {
	BearerAuth
	PageQuery
}

type offersInput struct{ PageQuery }

type offerInput struct {
	ID string `path:"id" maxLength:"64"`
}

type uploadInput struct {
	BearerAuth
	ID      string         `path:"id" maxLength:"64"`
	RawBody multipart.Form `doc:"multipart/form-data with the image in the field \"file\""`
}

type fromURLInput struct {
	BearerAuth
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		URL string `json:"url" format:"uri" maxLength:"2048" doc:"http(s) URL of a JPEG, PNG or WebP image on a public host"`
	}
}

type imageIDInput struct {
	BearerAuth
	ID      string `path:"id" maxLength:"64"`
	ImageID string `path:"imageId" maxLength:"64"`
}

type imageOutput struct{ Body imageBody }

func (s *Server) registerListings() {
	tags := []string{"Listings"}
	own := func(op huma.Operation) huma.Operation {
		op.Tags, op.Security = tags, bearerSecurity
		return op
	}
	huma.Register(s.api, own(huma.Operation{OperationID: "my-listings", Method: http.MethodGet, Path: "/api/listings",
		Summary: "My items: the caller's listings, newest first"}), s.myListings)

	huma.Register(s.api, own(huma.Operation{OperationID: "create-listing", Method: http.MethodPost, Path: "/api/listings",
		Summary: "Publish a listing", DefaultStatus: http.StatusCreated}), s.createListing)

	huma.Register(s.api, own(huma.Operation{OperationID: "get-listing", Method: http.MethodGet, Path: "/api/listings/{id}",
		Summary: "One of the caller's listings"}), s.getListing)

	huma.Register(s.api, own(huma.Operation{OperationID: "update-listing", Method: http.MethodPatch, Path: "/api/listings/{id}",
		Summary: "Change some fields of the caller's listing"}), s.updateListing)

	huma.Register(s.api, own(huma.Operation{OperationID: "delete-listing", Method: http.MethodDelete, Path: "/api/listings/{id}",
		Summary: "Delete the caller's listing and its images", DefaultStatus: http.StatusNoContent}), s.deleteListing)

	huma.Register(s.api, own(huma.Operation{OperationID: "upload-listing-image", Method: http.MethodPost, Path: "/api/listings/{id}/images",
		Summary:       "Add an image file to the caller's listing",
		Description:   "JPEG, PNG or WebP, checked by content; re-encoded without metadata (JPEG or PNG) with a thumbnail.",
		DefaultStatus: http.StatusCreated}), s.uploadListingImage)

	huma.Register(s.api, own(huma.Operation{OperationID: "add-listing-image-from-url", Method: http.MethodPost, Path: "/api/listings/{id}/images/from-url",
		Summary:       "Add an image fetched from a URL to the caller's listing",
		Description:   "The server fetches the URL with a timeout and size limit; local, private, link-local and metadata addresses are refused, also after redirects.",
		DefaultStatus: http.StatusCreated}), s.addListingImageFromURL)

	huma.Register(s.api, own(huma.Operation{OperationID: "delete-listing-image", Method: http.MethodDelete, Path: "/api/listings/{id}/images/{imageId}",
		Summary: "Remove an image from the caller's listing", DefaultStatus: http.StatusNoContent}), s.deleteListingImage)

	public := []string{"Offers"}
	huma.Register(s.api, huma.Operation{OperationID: "browse-offers", Method: http.MethodGet, Path: "/api/offers", Tags: public,
		Summary: "Browse this site's running listings, newest first"}, s.browseOffers)

	huma.Register(s.api, huma.Operation{OperationID: "get-offer", Method: http.MethodGet, Path: "/api/offers/{id}", Tags: public,
		Summary: "One listing of this site, for the offer page"}, s.getOffer)
}

func (s *Server) myListings(ctx context.Context, in *myListingsInput) (*pageOutput, error) {
	sess, err := s.withScope(ctx, in.BearerAuth, platform.ScopeInternal)
	if err != nil {
		return nil, err
	}
	return s.listingPage(ctx, platform.ListingFilter{Site: sess.User.Site, OwnerID: sess.User.ID,
		Query: in.Q, Page: in.Page, PageSize: in.PageSize})
}

func (s *Server) createListing(ctx context.Context, in *createListingInput) (*listingOutput, error) {
	sess, err := s.withScope(ctx, in.BearerAuth, platform.ScopeInternal)
	if err != nil {
		return nil, err
	}
	b := in.Body
	l := &platform.Listing{Site: sess.User.Site, OwnerID: sess.User.ID, OwnerName: sess.User.DisplayName,
		ProductName: b.ProductName, Description: b.Description, Price: platform.Price{Amount: b.Price.Amount, Currency: b.Price.Currency},
		Duration: b.Duration, Location: b.Location}
	if err := s.opts.Listings.CreateListing(ctx, l); err != nil {
		return nil, Problem(ctx, err)
	}
	return &listingOutput{Body: toListingBody(l)}, nil
}

func (s *Server) getListing(ctx context.Context, in *listingIDInput) (*listingOutput, error) {
	sess, err := s.withScope(ctx, in.BearerAuth, platform.ScopeInternal)
	if err != nil {
		return nil, err
	}
	l, err := s.opts.Listings.FindOwnListing(ctx, sess.User.Site, sess.User.ID, in.ID)
	if err != nil {
		return nil, Problem(ctx, err)
	}
	return &listingOutput{Body: toListingBody(l)}, nil
}

func (s *Server) updateListing(ctx context.Context, in *patchListingInput) (*listingOutput, error) {
	sess, err := s.withScope(ctx, in.BearerAuth, platform.ScopeInternal)
	if err != nil {
		return nil, err
	}
	b := in.Body
	u := platform.ListingUpdate{ProductName: b.ProductName, Description: b.Description, Duration: b.Duration, Location: b.Location}
	if b.Price != nil {
		u.Price = &platform.Price{Amount: b.Price.Amount, Currency: b.Price.Currency}
	}
	l, err := s.opts.Listings.UpdateListing(ctx, sess.User.Site, sess.User.ID, in.ID, u)
	if err != nil {
		return nil, Problem(ctx, err)
	}
	return &listingOutput{Body: toListingBody(l)}, nil
}

func (s *Server) deleteListing(ctx context.Context, in *listingIDInput) (*emptyOutput, error) {
	sess, err := s.withScope(ctx, in.BearerAuth, platform.ScopeInternal)
	if err != nil {
		return nil, err
	}
	if err := s.opts.Images.DeleteListing(ctx, sess.User.Site, sess.User.ID, in.ID); err != nil {
		return nil, Problem(ctx, err)
	}
	return &emptyOutput{}, nil
}

func (s *Server) uploadListingImage(ctx context.Context, in *uploadInput) (*imageOutput, error) {
	sess, err := s.withScope(ctx, in.BearerAuth, platform.ScopeInternal)
	if err != nil {
		return nil, err
	}
	files := in.RawBody.File["file"]
	if len(files) != 1 {
		return nil, Problem(ctx, platform.Invalid(platform.FieldError{Field: "file", Message: "send exactly one image in the form field \"file\""}))
	}
	f, err := files[0].Open()
	if err != nil {
		return nil, Problem(ctx, err)
	}
	defer f.Close()
	img, err := s.opts.Images.AddUploadedImage(ctx, sess.User.Site, sess.User.ID, in.ID, f)
	if err != nil {
		return nil, Problem(ctx, err)
	}
	return &imageOutput{Body: toImageBody(*img)}, nil
}

func (s *Server) addListingImageFromURL(ctx context.Context, in *fromURLInput) (*imageOutput, error) {
	sess, err := s.withScope(ctx, in.BearerAuth, platform.ScopeInternal)
	if err != nil {
		return nil, err
	}
	img, err := s.opts.Images.AddImageFromURL(ctx, sess.User.Site, sess.User.ID, in.ID, in.Body.URL)
	if err != nil {
		return nil, Problem(ctx, err)
	}
	return &imageOutput{Body: toImageBody(*img)}, nil
}

func (s *Server) deleteListingImage(ctx context.Context, in *imageIDInput) (*emptyOutput, error) {
	sess, err := s.withScope(ctx, in.BearerAuth, platform.ScopeInternal)
	if err != nil {
		return nil, err
	}
	if err := s.opts.Images.RemoveImage(ctx, sess.User.Site, sess.User.ID, in.ID, in.ImageID); err != nil {
		return nil, Problem(ctx, err)
	}
	return &emptyOutput{}, nil
}

func (s *Server) browseOffers(ctx context.Context, in *offersInput) (*pageOutput, error) {
	return s.listingPage(ctx, platform.ListingFilter{Site: platform.SiteFrom(ctx).Project, Query: in.Q, Page: in.Page, PageSize: in.PageSize, Running: true})
}

func (s *Server) getOffer(ctx context.Context, in *offerInput) (*listingOutput, error) {
	l, err := s.opts.Listings.FindListing(ctx, platform.SiteFrom(ctx).Project, in.ID)
	if err != nil {
		return nil, Problem(ctx, err)
	}
	return &listingOutput{Body: toListingBody(l)}, nil
}

func (s *Server) listingPage(ctx context.Context, f platform.ListingFilter) (*pageOutput, error) {
	f.Normalize()
	items, total, err := s.opts.Listings.FindListings(ctx, f)
	if err != nil {
		return nil, Problem(ctx, err)
	}
	if err := pastLastPage(f.Page, f.PageSize, total); err != nil {
		return nil, err
	}
	out := &pageOutput{Body: listingPage{Items: make([]listingBody, len(items)), Total: total, Page: f.Page, PageSize: f.PageSize}}
	for i, l := range items {
		out.Body.Items[i] = toListingBody(l)
	}
	return out, nil
}

// serveMedia serves a stored image. Keys start with the owning site's
// project, so one site's host never serves another site's files.
func (s *Server) serveMedia(w http.ResponseWriter, r *http.Request) {
	key := chi.URLParam(r, "*")
	site := platform.SiteFrom(r.Context())
	if !strings.HasPrefix(key, site.Project+"/") {
		writeProblem(w, http.StatusNotFound, "no such file")
		return
	}
	body, info, err := s.opts.Media.Open(r.Context(), key)
	if err != nil {
		if platform.ErrorCode(err) == platform.ENOTFOUND {
			writeProblem(w, http.StatusNotFound, "no such file")
			return
		}
		LoggerFrom(r.Context()).Error("open media", "key", key, "err", err)
		writeProblem(w, http.StatusInternalServerError, "internal error")
		return
	}
	defer body.Close()
	h := w.Header()
	h.Set("Content-Type", info.ContentType)
	if info.Size > 0 {
		h.Set("Content-Length", strconv.FormatInt(info.Size, 10))
	}
	// Keys are never reused, so the bytes behind a URL never change.
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	if r.Method == http.MethodHead {
		return
	}
	io.Copy(w, body)
}

// limitMultipart bounds multipart bodies (image uploads), which huma reads
// without a size limit: a declared length over the limit is refused at
// once, and a longer chunked body fails while being read.
func limitMultipart(limit int64) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/") {
				if r.ContentLength > limit {
					writeProblem(w, http.StatusRequestEntityTooLarge, "the upload is larger than "+strconv.FormatInt(limit, 10)+" bytes")
					return
				}
				r.Body = http.MaxBytesReader(w, r.Body, limit)
			}
			next.ServeHTTP(w, r)
		})
	}
}
