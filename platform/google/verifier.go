package google

import (
	"context"
	"crypto/rsa"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/go-jose/go-jose/v4"
	"github.com/golang-jwt/jwt/v5"

	"souk/platform"
)

// Options configures a Verifier.
type Options struct {
	// JWKSURL serves the signing keys.
	JWKSURL string
	// Issuers are the accepted "iss" values.
	Issuers []string
	// Client fetches the keys; nil means a client with a 10 s timeout.
	Client *http.Client
	// CacheFor is how long fetched keys are trusted without a refetch when
	// the response sets no max-age. Default 1h.
	CacheFor time.Duration
}

// Verifier checks ID tokens. It is safe for concurrent use.
type Verifier struct {
	opts Options

	mu        sync.Mutex
	keys      map[string]*rsa.PublicKey
	fetchedAt time.Time
	validTill time.Time
}

// minRefetch stops a flood of tokens with unknown key ids from turning
// into a flood of key fetches.
const minRefetch = 30 * time.Second

// NewVerifier returns a Verifier; keys are fetched on first use.
func NewVerifier(opts Options) *Verifier {
	if opts.Client == nil {
		opts.Client = &http.Client{Timeout: 10 * time.Second}
	}
	if opts.CacheFor <= 0 {
		opts.CacheFor = time.Hour
	}
	return &Verifier{opts: opts}
}

var errRejected = platform.Errorf(platform.EUNAUTHORIZED, "the Google sign-in could not be verified; try again")

type claims struct {
	jwt.RegisteredClaims
	Email         string `json:"email"`
	EmailVerified any    `json:"email_verified"` // a bool, or "true" in older tokens
	Name          string `json:"name"`
}

// Verify checks rawToken for the given audience (client id) and returns
// the identity it vouches for.
func (v *Verifier) Verify(ctx context.Context, rawToken, audience string) (*platform.ExternalIdentity, error) {
	if audience == "" {
		return nil, platform.Errorf(platform.EINVALID, "Google sign-in is not configured for this site")
	}
	var c claims
	_, err := jwt.ParseWithClaims(rawToken, &c, func(t *jwt.Token) (any, error) {
		kid, _ := t.Header["kid"].(string)
		return v.key(ctx, kid)
	},
		jwt.WithValidMethods([]string{"RS256"}),
		jwt.WithAudience(audience),
		jwt.WithExpirationRequired(),
		jwt.WithIssuedAt(),
		jwt.WithLeeway(30*time.Second),
	)
	if err != nil {
		var perr *platform.Error
		if errors.As(err, &perr) {
			return nil, perr
		}
		return nil, fmt.Errorf("%w (%v)", errRejected, err)
	}
	issuerOK := false
	for _, iss := range v.opts.Issuers {
		issuerOK = issuerOK || c.Issuer == iss
	}
	if !issuerOK || c.Subject == "" {
		return nil, errRejected
	}
	verified := c.EmailVerified == true || c.EmailVerified == "true"
	return &platform.ExternalIdentity{Provider: "google", Subject: c.Subject, Email: c.Email, EmailVerified: verified, Name: c.Name}, nil
}

// key returns the public key for kid, fetching the key set when it is
// stale or does not know kid (keys rotate).
func (v *Verifier) key(ctx context.Context, kid string) (*rsa.PublicKey, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	now := time.Now()
	k, known := v.keys[kid]
	stale := now.After(v.validTill)
	if known && !stale {
		return k, nil
	}
	if stale || now.Sub(v.fetchedAt) >= minRefetch {
		if err := v.fetch(ctx, now); err != nil {
			if known {
				return k, nil // keep serving the last good keys
			}
			return nil, err
		}
		if k, ok := v.keys[kid]; ok {
			return k, nil
		}
	}
	return nil, errors.New("unknown signing key id")
}

func (v *Verifier) fetch(ctx context.Context, now time.Time) error {
	v.fetchedAt = now
	// The key set serves every later sign-in, so one caller giving up must
	// not abort its fetch; the client's timeout bounds it.
	ctx = context.WithoutCancel(ctx)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, v.opts.JWKSURL, nil)
	if err != nil {
		return fmt.Errorf("signing keys request: %w", err)
	}
	resp, err := v.opts.Client.Do(req)
	if err != nil {
		return fmt.Errorf("fetch signing keys: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("fetch signing keys: status %d", resp.StatusCode)
	}
	var set jose.JSONWebKeySet
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&set); err != nil {
		return fmt.Errorf("decode signing keys: %w", err)
	}
	keys := map[string]*rsa.PublicKey{}
	for _, k := range set.Keys {
		if pub, ok := k.Key.(*rsa.PublicKey); ok && (k.Use == "" || k.Use == "sig") {
			keys[k.KeyID] = pub
		}
	}
	if len(keys) == 0 {
		return errors.New("the signing key set has no RSA keys")
	}
	v.keys = keys
	v.validTill = now.Add(cacheLifetime(resp.Header.Get("Cache-Control"), v.opts.CacheFor))
	return nil
}

// cacheLifetime honours max-age, which the provider sets to match its
// key rotation.
func cacheLifetime(cacheControl string, fallback time.Duration) time.Duration {
	var secs int
	for _, part := range strings.Split(cacheControl, ",") {
		part = strings.TrimSpace(part)
		if n, err := fmt.Sscanf(part, "max-age=%d", &secs); n == 1 && err == nil && secs > 0 {
			return time.Duration(secs) * time.Second
		}
	}
	return fallback
}
