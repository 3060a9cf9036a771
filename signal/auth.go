package signal

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/livekit/protocol/auth"
)

// KeyProvider resolves an API key to its secret ("" when unknown).
type KeyProvider interface {
	GetSecret(key string) string
}

// StaticKeys is a KeyProvider over a fixed key→secret map.
type StaticKeys map[string]string

func (k StaticKeys) GetSecret(key string) string { return k[key] }

// authError carries the HTTP status and the reason shown to the client.
type authError struct {
	status int
	reason string
}

func (e *authError) Error() string { return e.reason }

var errNoToken = &authError{http.StatusUnauthorized, "missing access token"}

func tokenFrom(r *http.Request) string {
	if t := r.URL.Query().Get("access_token"); t != "" {
		return t
	}
	if h := r.Header.Get("Authorization"); strings.HasPrefix(h, "Bearer ") {
		return strings.TrimPrefix(h, "Bearer ")
	}
	return ""
}

// verifiedToken is an authenticated access token.
type verifiedToken struct {
	apiKey string
	grants *auth.ClaimGrants
	// call holds the claims the platform adds to the tokens it mints for
	// its users' calls; zero in tokens an operator minted.
	call            callClaims
	issued, expires time.Time
}

// callClaims are the claims beside LiveKit's grants in a token minted for
// a signed-in user (platform/httpapi mints them under the same names):
// the sign-in session it was minted under, which must still be live at
// every join, and whether the call may use the TURN relay.
type callClaims struct {
	Session string `json:"sid,omitempty"`
	TURN    bool   `json:"turn,omitempty"`
}

// mediaClaims is the whole payload: LiveKit's, then ours.
type mediaClaims struct {
	jwt.RegisteredClaims
	auth.ClaimGrants
	callClaims
}

// relayAllowed reports whether the token's holder gets TURN credentials:
// an operator's token always does, a user's only for a call.
func (t *verifiedToken) relayAllowed() bool { return t.call.Session == "" || t.call.TURN }

// verify checks signature, expiry and the room join grant.
func verify(keys KeyProvider, raw string) (*verifiedToken, error) {
	if raw == "" {
		return nil, errNoToken
	}
	v, err := auth.ParseAPIToken(raw)
	if err != nil {
		return nil, &authError{http.StatusUnauthorized, "invalid token: " + err.Error()}
	}
	secret := keys.GetSecret(v.APIKey())
	if secret == "" {
		return nil, &authError{http.StatusUnauthorized, "invalid token: unknown API key"}
	}
	registered, grants, err := v.Verify(secret)
	if err != nil {
		return nil, &authError{http.StatusUnauthorized, "invalid token: " + err.Error()}
	}
	// The signature is checked above; this only reads our claims.
	var all mediaClaims
	if _, _, err := jwt.NewParser().ParseUnverified(raw, &all); err != nil {
		return nil, &authError{http.StatusUnauthorized, "invalid token: " + err.Error()}
	}
	if grants.Video == nil || !grants.Video.RoomJoin || grants.Video.Room == "" {
		return nil, &authError{http.StatusForbidden, "permissions denied: token has no room join grant"}
	}
	if grants.Identity == "" {
		return nil, &authError{http.StatusUnauthorized, "invalid token: no identity"}
	}
	t := &verifiedToken{apiKey: v.APIKey(), grants: grants, call: all.callClaims}
	if registered.IssuedAt != nil {
		t.issued = registered.IssuedAt.Time
	} else if registered.NotBefore != nil {
		t.issued = registered.NotBefore.Time
	}
	if registered.ExpiresAt != nil {
		t.expires = registered.ExpiresAt.Time
	}
	return t, nil
}

func statusOf(err error) (int, string) {
	var ae *authError
	if errors.As(err, &ae) {
		return ae.status, ae.reason
	}
	return http.StatusInternalServerError, err.Error()
}

// refreshToken mints a token with the same grants and call claims for
// later reconnects.
func refreshToken(keys KeyProvider, t *verifiedToken, ttl time.Duration) (string, error) {
	g := t.grants
	now := time.Now()
	claims := mediaClaims{
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer: t.apiKey, Subject: g.Identity,
			IssuedAt: jwt.NewNumericDate(now), NotBefore: jwt.NewNumericDate(now), ExpiresAt: jwt.NewNumericDate(now.Add(ttl)),
		},
		ClaimGrants: auth.ClaimGrants{Name: g.Name, Kind: g.Kind, KindDetails: g.KindDetails, Metadata: g.Metadata, Attributes: g.Attributes, Video: g.Video},
		callClaims:  t.call,
	}
	signed, err := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString([]byte(keys.GetSecret(t.apiKey)))
	if err != nil {
		return "", fmt.Errorf("mint refresh token: %w", err)
	}
	return signed, nil
}
