package config

import (
	"errors"
	"fmt"
	"net/mail"
	"net/netip"
	"net/url"
	"time"
)

// Platform configures the listings API: sessions, identity-provider
// sign-in, rate limits, outgoing mail and image uploads.
type Platform struct {
	Auth      PlatformAuth      `yaml:"auth"`
	Google    PlatformGoogle    `yaml:"google"`
	RateLimit PlatformRateLimit `yaml:"rate_limit"`
	Mail      PlatformMail      `yaml:"mail"`
	Uploads   PlatformUploads   `yaml:"uploads"`
	Blob      PlatformBlob      `yaml:"blob"`
}

// PlatformAuth sets token lifetimes.
type PlatformAuth struct {
	// SessionTTL is how long access and api tokens stay valid. Default 24h.
	SessionTTL time.Duration `yaml:"session_ttl"`
	// ResetTTL is how long a password reset link works. Default 1h.
	ResetTTL time.Duration `yaml:"reset_ttl"`
	// MediaTokenTTL is the lifetime of a media access token from /token;
	// the media server refreshes tokens of connected clients. Default 10m.
	MediaTokenTTL time.Duration `yaml:"media_token_ttl"`
	// MaxConcurrentHashes bounds password hashes computed at once (19 MiB
	// each); more sign-ins wait briefly, then get 503. Default 4.
	MaxConcurrentHashes int `yaml:"max_concurrent_hashes"`
}

// PlatformGoogle configures verification of Google ID tokens. The client
// ids are per site (GoogleClientId, GoogleClientIdLocal in site files).
type PlatformGoogle struct {
	// JWKSURL serves the provider's signing keys.
	JWKSURL string `yaml:"jwks_url"`
	// Issuers are the accepted "iss" values.
	Issuers []string `yaml:"issuers"`
}

// PlatformRateLimit bounds attempts; zero disables a limit.
type PlatformRateLimit struct {
	// LoginPerIPPerMinute counts login and sign-in attempts per client IP.
	LoginPerIPPerMinute int `yaml:"login_per_ip_per_minute"`
	// LoginFailuresPerAccount are the failed logins on one account from
	// one client network (an IPv4 address, an IPv6 /64) after which each
	// further attempt from that network waits twice as long as the last
	// (1s, 2s, 4s … 15m). Other networks are not slowed, so an attacker
	// cannot lock the owner out.
	LoginFailuresPerAccount int `yaml:"login_failures_per_account"`
	// RegisterPerIPPerHour counts registrations and forgot-password
	// requests per IP.
	RegisterPerIPPerHour int `yaml:"register_per_ip_per_hour"`
	// ResetPerIPPerHour counts attempts to use a password reset link.
	ResetPerIPPerHour int `yaml:"reset_per_ip_per_hour"`
	// ContactPerIPPerHour counts contact form submissions per IP.
	ContactPerIPPerHour int `yaml:"contact_per_ip_per_hour"`
	// TrustedProxies are CIDRs of reverse proxies in front of souk. For a
	// request from one of them the client IP is taken from
	// X-Forwarded-For (the nearest address that is not a trusted proxy);
	// otherwise the header is ignored. Empty: never trust it.
	TrustedProxies []string `yaml:"trusted_proxies"`
}

// PlatformMail configures delivery of the outbox. Without SMTPHost, mail
// is written to the log (development only).
type PlatformMail struct {
	SMTPHost string `yaml:"smtp_host"`
	SMTPPort int    `yaml:"smtp_port"`
	Username string `yaml:"username"`
	Password string `yaml:"password"`
	// From is the sender address. Default "Souk <no-reply@souk.localhost>".
	From string `yaml:"from"`
	// TLS is "mandatory" (STARTTLS required), "opportunistic" or "implicit"
	// (SMTPS). Default "mandatory".
	TLS string `yaml:"tls"`
	// PollInterval is how often the outbox is checked. Default 5s.
	PollInterval time.Duration `yaml:"poll_interval"`
}

// PlatformUploads limits listing images.
type PlatformUploads struct {
	// MaxImageBytes is the largest accepted image file. Default 10 MiB.
	MaxImageBytes int `yaml:"max_image_bytes"`
	// MaxImagesPerListing. Default 10.
	MaxImagesPerListing int `yaml:"max_images_per_listing"`
	// FetchTimeout bounds fetching an image from a URL. Default 10s.
	FetchTimeout time.Duration `yaml:"fetch_timeout"`
	// MaxImagePixels and MaxImageSide are checked from the image header
	// before decoding. Default 25 megapixels and 4096 pixels a side.
	MaxImagePixels int `yaml:"max_image_pixels"`
	MaxImageSide   int `yaml:"max_image_side"`
	// DecodeMemory bounds the memory of images being decoded at once,
	// in bytes; each is charged by its format, from about 1.5 bytes a
	// pixel (baseline JPEG) to 17 (progressive CMYK JPEG), plus up to 50
	// MiB for its scaled output, and one needing more than all of it is
	// refused. Default 256 MiB.
	DecodeMemory int64 `yaml:"decode_memory"`
}

// PlatformBlob selects where images are stored: "local" (under
// data_dir/uploads) or "s3" (an S3-compatible service).
type PlatformBlob struct {
	Backend     string `yaml:"backend"`
	S3Endpoint  string `yaml:"s3_endpoint"`
	S3Region    string `yaml:"s3_region"`
	S3Bucket    string `yaml:"s3_bucket"`
	S3AccessKey string `yaml:"s3_access_key"`
	S3SecretKey string `yaml:"s3_secret_key"`
}

// DefaultPlatform returns the documented defaults.
func DefaultPlatform() Platform {
	return Platform{
		Auth: PlatformAuth{SessionTTL: 24 * time.Hour, ResetTTL: time.Hour, MediaTokenTTL: 10 * time.Minute, MaxConcurrentHashes: 4},
		Google: PlatformGoogle{
			JWKSURL: "https://www.googleapis.com/oauth2/v3/certs",
			Issuers: []string{"https://accounts.google.com", "accounts.google.com"},
		},
		RateLimit: PlatformRateLimit{LoginPerIPPerMinute: 20, LoginFailuresPerAccount: 5, RegisterPerIPPerHour: 20,
			ResetPerIPPerHour: 20, ContactPerIPPerHour: 10},
		Mail: PlatformMail{SMTPPort: 587, From: "Souk <no-reply@souk.localhost>", TLS: "mandatory", PollInterval: 5 * time.Second},
		Uploads: PlatformUploads{MaxImageBytes: 10 << 20, MaxImagesPerListing: 10, FetchTimeout: 10 * time.Second,
			MaxImagePixels: 25_000_000, MaxImageSide: 4096, DecodeMemory: 256 << 20},
		Blob: PlatformBlob{Backend: "local", S3Region: "us-east-1"},
	}
}

// Validate reports every invalid setting, naming its key.
func (p Platform) Validate() error {
	var errs []error
	bad := func(key, msg string) { errs = append(errs, fmt.Errorf("platform.%s: %s", key, msg)) }
	if p.Auth.SessionTTL < time.Minute {
		bad("auth.session_ttl", "must be >= 1m")
	}
	if p.Auth.ResetTTL < time.Minute || p.Auth.ResetTTL > 7*24*time.Hour {
		bad("auth.reset_ttl", "must be between 1m and 168h")
	}
	if p.Auth.MediaTokenTTL < 30*time.Second || p.Auth.MediaTokenTTL > 24*time.Hour {
		bad("auth.media_token_ttl", "must be between 30s and 24h")
	}
	if u, err := url.Parse(p.Google.JWKSURL); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		bad("google.jwks_url", "must be an http(s) URL")
	}
	if len(p.Google.Issuers) == 0 {
		bad("google.issuers", "at least one issuer is required")
	}
	for key, n := range map[string]int{
		"rate_limit.login_per_ip_per_minute": p.RateLimit.LoginPerIPPerMinute, "rate_limit.login_failures_per_account": p.RateLimit.LoginFailuresPerAccount,
		"rate_limit.register_per_ip_per_hour": p.RateLimit.RegisterPerIPPerHour, "rate_limit.contact_per_ip_per_hour": p.RateLimit.ContactPerIPPerHour,
		"rate_limit.reset_per_ip_per_hour": p.RateLimit.ResetPerIPPerHour,
	} {
		if n < 0 {
			bad(key, "must be >= 0 (0 disables the limit)")
		}
	}
	for _, cidr := range p.RateLimit.TrustedProxies {
		if _, err := netip.ParsePrefix(cidr); err != nil {
			bad("rate_limit.trusted_proxies", fmt.Sprintf("%q is not a CIDR such as 10.0.0.0/8", cidr))
		}
	}
	if p.Mail.SMTPHost != "" && (p.Mail.SMTPPort <= 0 || p.Mail.SMTPPort > 65535) {
		bad("mail.smtp_port", "must be between 1 and 65535")
	}
	if _, err := mail.ParseAddress(p.Mail.From); err != nil {
		bad("mail.from", fmt.Sprintf("%q is not an e-mail address", p.Mail.From))
	}
	switch p.Mail.TLS {
	case "mandatory", "opportunistic", "implicit":
	default:
		bad("mail.tls", fmt.Sprintf("%q is not one of mandatory, opportunistic, implicit", p.Mail.TLS))
	}
	if p.Mail.PollInterval < 100*time.Millisecond {
		bad("mail.poll_interval", "must be >= 100ms")
	}
	if p.Uploads.MaxImageBytes < 1024 || p.Uploads.MaxImageBytes > 100<<20 {
		bad("uploads.max_image_bytes", "must be between 1024 and 104857600")
	}
	if p.Uploads.MaxImagesPerListing < 1 || p.Uploads.MaxImagesPerListing > 50 {
		bad("uploads.max_images_per_listing", "must be between 1 and 50")
	}
	if p.Uploads.FetchTimeout < time.Second || p.Uploads.FetchTimeout > time.Minute {
		bad("uploads.fetch_timeout", "must be between 1s and 1m")
	}
	if p.Uploads.MaxImageSide < 64 || p.Uploads.MaxImageSide > 16384 {
		bad("uploads.max_image_side", "must be between 64 and 16384")
	}
	if p.Uploads.MaxImagePixels < 4096 || p.Uploads.MaxImagePixels > 100_000_000 {
		bad("uploads.max_image_pixels", "must be between 4096 and 100000000")
	}
	if p.Uploads.DecodeMemory < 5*int64(p.Uploads.MaxImagePixels) {
		bad("uploads.decode_memory", "must be at least 5 bytes for each of max_image_pixels")
	}
	if p.Auth.MaxConcurrentHashes < 1 || p.Auth.MaxConcurrentHashes > 256 {
		bad("auth.max_concurrent_hashes", "must be between 1 and 256")
	}
	switch p.Blob.Backend {
	case "local":
	case "s3":
		if u, err := url.Parse(p.Blob.S3Endpoint); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			bad("blob.s3_endpoint", "must be an http(s) URL when blob.backend is s3")
		}
		if p.Blob.S3Bucket == "" || p.Blob.S3AccessKey == "" || p.Blob.S3SecretKey == "" || p.Blob.S3Region == "" {
			bad("blob.s3_bucket", "s3_bucket, s3_region, s3_access_key and s3_secret_key are required when blob.backend is s3")
		}
	default:
		bad("blob.backend", fmt.Sprintf("%q is not one of local, s3", p.Blob.Backend))
	}
	return errors.Join(errs...)
}

// redacted hides the platform's secrets.
func (p Platform) redacted() Platform {
	if p.Mail.Password != "" {
		p.Mail.Password = redacted
	}
	if p.Blob.S3SecretKey != "" {
		p.Blob.S3SecretKey = redacted
	}
	return p
}
