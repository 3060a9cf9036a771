package gallery

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"

	"souk/platform"
	"souk/platform/imaging"
)

// Blobs is where image files go.
type Blobs interface {
	Put(ctx context.Context, key string, data []byte) error
	Delete(ctx context.Context, key string) error
}

// Fetcher downloads an image from a URL.
type Fetcher interface {
	Fetch(ctx context.Context, rawURL string) ([]byte, error)
}

// IDs makes unguessable ids.
type IDs func() string

// Service implements platform.ListingImageService.
type Service struct {
	Listings  platform.ListingService
	Blobs     Blobs
	Fetcher   Fetcher
	NewID     IDs
	MaxBytes  int64
	MaxImages int
	Log       *slog.Logger
	// Pictures checks and re-encodes images within the memory bound; nil
	// uses imaging's default limits.
	Pictures *imaging.Processor

	// defaultPictures is the Processor used when Pictures is nil. There
	// is one for the Service, made once: a Processor per upload would give
	// every upload a whole memory budget of its own.
	defaultOnce     sync.Once
	defaultPictures *imaging.Processor
}

func (s *Service) pictures() *imaging.Processor {
	if s.Pictures != nil {
		return s.Pictures
	}
	s.defaultOnce.Do(func() { s.defaultPictures = imaging.New(imaging.Limits{}) })
	return s.defaultPictures
}

// AddUploadedImage implements platform.ListingImageService.
func (s *Service) AddUploadedImage(ctx context.Context, site, ownerID, listingID string, file io.Reader) (*platform.Image, error) {
	if _, err := s.Listings.FindOwnListing(ctx, site, ownerID, listingID); err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(file, s.MaxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read upload: %w", err)
	}
	if int64(len(data)) > s.MaxBytes {
		msg := fmt.Sprintf("the image is larger than %d bytes", s.MaxBytes)
		return nil, &platform.Error{Code: platform.ETOOLARGE, Message: msg, Fields: []platform.FieldError{{Field: "file", Message: msg}}}
	}
	return s.store(ctx, site, ownerID, listingID, data)
}

// AddImageFromURL implements platform.ListingImageService.
func (s *Service) AddImageFromURL(ctx context.Context, site, ownerID, listingID, rawURL string) (*platform.Image, error) {
	if _, err := s.Listings.FindOwnListing(ctx, site, ownerID, listingID); err != nil {
		return nil, err
	}
	data, err := s.Fetcher.Fetch(ctx, rawURL)
	if err != nil {
		return nil, err
	}
	img, err := s.store(ctx, site, ownerID, listingID, data)
	var perr *platform.Error
	if errors.As(err, &perr) && len(perr.Fields) == 1 && perr.Fields[0].Field == "file" {
		// The problem is with what the URL served.
		return nil, &platform.Error{Code: perr.Code, Message: perr.Message, Fields: []platform.FieldError{{Field: "url", Message: perr.Message}}}
	}
	return img, err
}

func (s *Service) store(ctx context.Context, site, ownerID, listingID string, data []byte) (*platform.Image, error) {
	res, err := s.pictures().Process(ctx, data)
	if err != nil {
		return nil, err
	}
	id := s.NewID()
	img := &platform.Image{
		ID: id, ListingID: listingID, Width: res.Width, Height: res.Height, ContentType: res.ContentType,
		Key:      fmt.Sprintf("%s/%s/%s%s", site, listingID, id, res.Ext),
		ThumbKey: fmt.Sprintf("%s/%s/%s-thumb%s", site, listingID, id, res.Ext),
	}
	if err := s.Blobs.Put(ctx, img.Key, res.Full); err != nil {
		return nil, fmt.Errorf("store image: %w", err)
	}
	if err := s.Blobs.Put(ctx, img.ThumbKey, res.Thumb); err != nil {
		s.deleteFiles(ctx, *img)
		return nil, fmt.Errorf("store thumbnail: %w", err)
	}
	if err := s.Listings.AddImage(ctx, site, ownerID, img, s.MaxImages); err != nil {
		s.deleteFiles(ctx, *img)
		return nil, err
	}
	return img, nil
}

// deleteFiles removes an image's files; failures only leave unreferenced
// files behind, so they are logged, not returned.
func (s *Service) deleteFiles(ctx context.Context, img platform.Image) {
	ctx = context.WithoutCancel(ctx)
	for _, key := range []string{img.Key, img.ThumbKey} {
		if err := s.Blobs.Delete(ctx, key); err != nil {
			s.Log.Warn("delete image file", "key", key, "err", err)
		}
	}
}

// RemoveImage implements platform.ListingImageService.
func (s *Service) RemoveImage(ctx context.Context, site, ownerID, listingID, imageID string) error {
	img, err := s.Listings.RemoveImage(ctx, site, ownerID, listingID, imageID)
	if err != nil {
		return err
	}
	s.deleteFiles(ctx, *img)
	return nil
}

// DeleteListing implements platform.ListingImageService.
func (s *Service) DeleteListing(ctx context.Context, site, ownerID, listingID string) error {
	images, err := s.Listings.DeleteListing(ctx, site, ownerID, listingID)
	if err != nil {
		return err
	}
	for _, img := range images {
		s.deleteFiles(ctx, img)
	}
	return nil
}
