package signal

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

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
}

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
	_, grants, err := v.Verify(secret)
	if err != nil {
		return nil, &authError{http.StatusUnauthorized, "invalid token: " + err.Error()}
	}
	if grants.Video == nil || !grants.Video.RoomJoin || grants.Video.Room == "" {
		return nil, &authError{http.StatusForbidden, "permissions denied: token has no room join grant"}
	}
	if grants.Identity == "" {
		return nil, &authError{http.StatusUnauthorized, "invalid token: no identity"}
	}
	return &verifiedToken{apiKey: v.APIKey(), grants: grants}, nil
}

func statusOf(err error) (int, string) {
	var ae *authError
	if errors.As(err, &ae) {
		return ae.status, ae.reason
	}
	return http.StatusInternalServerError, err.Error()
}

// refreshToken mints a token with the same grants for later reconnects.
func refreshToken(keys KeyProvider, t *verifiedToken, ttl time.Duration) (string, error) {
	g := t.grants
	at := auth.NewAccessToken(t.apiKey, keys.GetSecret(t.apiKey)).
		SetIdentity(g.Identity).SetName(g.Name).SetMetadata(g.Metadata).SetAttributes(g.Attributes).
		SetKind(g.GetParticipantKind()).SetVideoGrant(g.Video).SetValidFor(ttl)
	jwt, err := at.ToJWT()
	if err != nil {
		return "", fmt.Errorf("mint refresh token: %w", err)
	}
	return jwt, nil
}
