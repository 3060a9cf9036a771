package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"path/filepath"
	"sync"
	"time"

	"souk/config"
	"souk/platform"
	"souk/platform/blob"
	"souk/platform/fetch"
	"souk/platform/gallery"
	"souk/platform/google"
	"souk/platform/httpapi"
	"souk/platform/imaging"
	"souk/platform/mail"
	"souk/platform/store"
)

// wirePlatform adds the listings API's services to opts and starts the
// outbox delivery loop. The returned stop ends the loop and waits for it;
// call it before closing the store.
func wirePlatform(ctx context.Context, cfg config.Config, db *store.DB, log *slog.Logger, opts *httpapi.Options) (stop func(), err error) {
	p := cfg.Platform
	accounts := store.NewAccountService(db, store.AccountOptions{SessionTTL: p.Auth.SessionTTL, ResetTTL: p.Auth.ResetTTL,
		Hashes: store.NewHashLimiter(p.Auth.MaxConcurrentHashes, 2*time.Second)})
	listings := store.NewListingService(db)
	blobs, err := newBlobStore(cfg)
	if err != nil {
		return nil, err
	}
	opts.ContactList = store.NewContactService(db)
	opts.Accounts = accounts
	opts.Identity = google.NewVerifier(google.Options{JWKSURL: p.Google.JWKSURL, Issuers: p.Google.Issuers})
	opts.Limits = httpapi.RateLimits{
		LoginPerIPPerMinute:     p.RateLimit.LoginPerIPPerMinute,
		LoginFailuresPerAccount: p.RateLimit.LoginFailuresPerAccount,
		RegisterPerIPPerHour:    p.RateLimit.RegisterPerIPPerHour,
		ResetPerIPPerHour:       p.RateLimit.ResetPerIPPerHour,
		ContactPerIPPerHour:     p.RateLimit.ContactPerIPPerHour,
	}
	for _, cidr := range p.RateLimit.TrustedProxies {
		prefix, err := netip.ParsePrefix(cidr)
		if err != nil {
			return nil, fmt.Errorf("platform.rate_limit.trusted_proxies: %w", err)
		}
		opts.TrustedProxies = append(opts.TrustedProxies, prefix)
	}
	opts.HSTS = cfg.Mode == config.Production
	opts.Calls = store.NewCallService(db)
	opts.MediaKeys = cfg.Media.Keys
	opts.MediaTokenTTL = p.Auth.MediaTokenTTL
	opts.Listings = listings
	opts.Images = &gallery.Service{
		Listings:  listings,
		Blobs:     blobs,
		Fetcher:   fetch.New(fetch.Options{Timeout: p.Uploads.FetchTimeout, MaxBytes: int64(p.Uploads.MaxImageBytes)}),
		NewID:     store.NewID,
		MaxBytes:  int64(p.Uploads.MaxImageBytes),
		MaxImages: p.Uploads.MaxImagesPerListing,
		Log:       log,
		Pictures: imaging.New(imaging.Limits{MaxPixels: p.Uploads.MaxImagePixels, MaxInputSide: p.Uploads.MaxImageSide,
			Memory: p.Uploads.DecodeMemory}),
	}
	opts.Media = blobs
	opts.MaxUploadBytes = int64(p.Uploads.MaxImageBytes)
	opts.Messages = store.NewMessageService(db)

	var sender mail.Sender
	if p.Mail.SMTPHost != "" {
		sender = mail.NewSMTPSender(p.Mail)
	} else {
		if cfg.Mode == config.Production {
			return nil, fmt.Errorf("platform.mail.smtp_host: production mode needs an SMTP server for password resets and the contact form")
		}
		log.Warn("no SMTP server configured (platform.mail.smtp_host): outgoing mail is written to the log")
		sender = mail.LogSender{Log: log}
	}
	loopCtx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		(&mail.Deliverer{Queue: db, Sender: sender, Log: log, Interval: p.Mail.PollInterval}).Run(loopCtx)
	}()
	go func() {
		defer wg.Done()
		sweepSessions(loopCtx, accounts, log)
	}()
	return func() { cancel(); wg.Wait() }, nil
}

// sweepSessions deletes ended tokens and reset links hourly; a day of
// grace keeps them for looking into recent sign-in problems.
func sweepSessions(ctx context.Context, accounts *store.AccountService, log *slog.Logger) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		if n, err := accounts.DeleteStale(ctx, time.Now().Add(-24*time.Hour)); err != nil {
			if ctx.Err() == nil {
				log.Warn("sweep ended sessions", "err", err)
			}
		} else if n > 0 {
			log.Info("swept ended sessions and reset links", "deleted", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

type blobStore interface {
	gallery.Blobs
	platform.BlobReader
}

func newBlobStore(cfg config.Config) (blobStore, error) {
	b := cfg.Platform.Blob
	if b.Backend == "s3" {
		return blob.NewS3(blob.S3Options{Endpoint: b.S3Endpoint, Region: b.S3Region, Bucket: b.S3Bucket,
			AccessKey: b.S3AccessKey, SecretKey: b.S3SecretKey, Client: &http.Client{Timeout: 30 * time.Second}})
	}
	return blob.NewLocal(filepath.Join(cfg.DataDir, "uploads"))
}
