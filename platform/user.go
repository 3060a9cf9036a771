package platform

import (
	"context"
	"time"
)

// Roles and scopes carried by a session.
const (
	RoleUser  = "user"
	RoleAdmin = "admin"
)

// User is an account on one site. The same e-mail may exist on several
// sites as unrelated users.
type User struct {
	ID          string
	Site        string
	Email       string
	DisplayName string
	Roles       []string
	CreatedAt   time.Time
}

// IsAdmin reports whether the user holds the admin role.
func (u *User) IsAdmin() bool {
	for _, r := range u.Roles {
		if r == RoleAdmin {
			return true
		}
	}
	return false
}

// Authenticator resolves bearer credentials to users. The realtime
// channels and the media token service authenticate with the apiToken;
// the JSON API with the accessToken.
type Authenticator interface {
	// AuthenticateAPIToken returns the user owning a valid, unexpired and
	// unrevoked apiToken on the given site; otherwise an EUNAUTHORIZED
	// error.
	AuthenticateAPIToken(ctx context.Context, site, token string) (*User, error)
}

// SessionAuthenticator resolves an apiToken to its session, for
// connections that must end with it.
type SessionAuthenticator interface {
	// AuthenticateAPISession is AuthenticateAPIToken with the session's id
	// and expiry.
	AuthenticateAPISession(ctx context.Context, site, token string) (*Session, error)
}

// UserFinder looks users up within one site.
type UserFinder interface {
	// FindUserByID returns ENOTFOUND for ids of other sites.
	FindUserByID(ctx context.Context, site, id string) (*User, error)
}
