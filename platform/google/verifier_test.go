package google_test

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-jose/go-jose/v4"
	"github.com/golang-jwt/jwt/v5"

	"souk/platform"
	"souk/platform/google"
)

// Keys rotate: a token signed with a key id the cached set does not know
// triggers one refetch, and the cache is used otherwise.
func TestKeyRotationRefetchesOnce(t *testing.T) {
	k1, _ := rsa.GenerateKey(rand.Reader, 2048)
	k2, _ := rsa.GenerateKey(rand.Reader, 2048)
	var fetches atomic.Int32
	var rotated atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fetches.Add(1)
		set := jose.JSONWebKeySet{Keys: []jose.JSONWebKey{{Key: &k1.PublicKey, KeyID: "one", Algorithm: "RS256", Use: "sig"}}}
		if rotated.Load() {
			set.Keys = append(set.Keys, jose.JSONWebKey{Key: &k2.PublicKey, KeyID: "two", Algorithm: "RS256", Use: "sig"})
		}
		json.NewEncoder(w).Encode(set)
	}))
	defer srv.Close()
	v := google.NewVerifier(google.Options{JWKSURL: srv.URL, Issuers: []string{"https://accounts.google.com"}})
	sign := func(key *rsa.PrivateKey, kid string) string {
		tok := jwt.NewWithClaims(jwt.SigningMethodRS256, jwt.MapClaims{"iss": "https://accounts.google.com", "aud": "client",
			"sub": "42", "email": "a@example.com", "email_verified": true, "iat": time.Now().Unix(), "exp": time.Now().Add(time.Hour).Unix()})
		tok.Header["kid"] = kid
		s, _ := tok.SignedString(key)
		return s
	}
	ctx := context.Background()
	for i := 0; i < 3; i++ {
		if id, err := v.Verify(ctx, sign(k1, "one"), "client"); err != nil || id.Subject != "42" || !id.EmailVerified {
			t.Fatalf("verify: %+v %v", id, err)
		}
	}
	if n := fetches.Load(); n != 1 {
		t.Fatalf("%d fetches for three tokens", n)
	}
	rotated.Store(true)
	// The first refetch happened less than the minimum interval ago, so a
	// new key id waits for the next allowed refetch rather than hammering
	// the provider.
	if _, err := v.Verify(ctx, sign(k2, "two"), "client"); platform.ErrorCode(err) != platform.EUNAUTHORIZED {
		t.Fatalf("unknown key right after a fetch: %v", err)
	}
	if _, err := v.Verify(ctx, sign(k1, "one"), "other-client"); platform.ErrorCode(err) != platform.EUNAUTHORIZED {
		t.Fatalf("wrong audience: %v", err)
	}
	if _, err := v.Verify(ctx, sign(k1, "one"), ""); platform.ErrorCode(err) != platform.EINVALID {
		t.Fatalf("no client id configured: %v", err)
	}
}
