package platform

import (
	"context"
	"net/mail"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Account limits.
const (
	PasswordMin    = 8
	PasswordMax    = 128
	DisplayNameMax = 80
	EmailMax       = 254
)

// PasswordRule is stated verbatim to users whose password breaks it.
const PasswordRule = "password must be 8–128 characters long and contain at least one letter and one digit"

// NormalizeEmail trims and lower-cases an address so that one mailbox maps
// to one account per site.
func NormalizeEmail(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

// ValidEmail reports whether email (already normalized) is a plain address.
func ValidEmail(email string) bool {
	if email == "" || len(email) > EmailMax {
		return false
	}
	addr, err := mail.ParseAddress(email)
	return err == nil && addr.Address == email && strings.Contains(email[strings.LastIndexByte(email, '@'):], ".")
}

// CheckPassword returns a field error when password breaks PasswordRule.
func CheckPassword(field, password string) *FieldError {
	n := utf8.RuneCountInString(password)
	var letter, digit bool
	for _, r := range password {
		letter = letter || unicode.IsLetter(r)
		digit = digit || unicode.IsDigit(r)
	}
	if n < PasswordMin || n > PasswordMax || !letter || !digit {
		return &FieldError{Field: field, Message: PasswordRule}
	}
	return nil
}

// Registration is a sign-up request.
type Registration struct {
	Site        string
	Email       string
	Password    string
	DisplayName string
}

// Validate normalizes the fields and reports every problem.
func (r *Registration) Validate() error {
	r.Email = NormalizeEmail(r.Email)
	r.DisplayName = strings.TrimSpace(r.DisplayName)
	var fields []FieldError
	if !ValidEmail(r.Email) {
		fields = append(fields, FieldError{"email", "must be a valid e-mail address such as name@example.com"})
	}
	if fe := CheckPassword("password", r.Password); fe != nil {
		fields = append(fields, *fe)
	}
	if n := utf8.RuneCountInString(r.DisplayName); n == 0 || n > DisplayNameMax || HasControl(r.DisplayName) {
		fields = append(fields, FieldError{"displayName", "display name is required, at most 80 characters, without line breaks or control characters"})
	}
	if len(fields) > 0 {
		return Invalid(fields...)
	}
	return nil
}

// AbilityRule is one CASL rule the web app evaluates.
type AbilityRule struct {
	Action  string `json:"action"`
	Subject string `json:"subject"`
}

// Scopes returns the token scopes of a user.
func (u *User) Scopes() []string {
	if u.IsAdmin() {
		return []string{ScopeInternal, ScopeAdmin}
	}
	return []string{ScopeInternal}
}

// HasScope reports whether the user's tokens carry scope.
func (u *User) HasScope(scope string) bool {
	for _, s := range u.Scopes() {
		if s == scope {
			return true
		}
	}
	return false
}

// AbilityRules returns the CASL rules of a user: admins may do anything
// (including reading the access-control demo); users manage their own
// listings and messages.
func (u *User) AbilityRules() []AbilityRule {
	if u.IsAdmin() {
		return []AbilityRule{{"manage", "all"}, {"read", "AclDemo"}}
	}
	rules := []AbilityRule{{"read", "Auth"}}
	for _, subject := range []string{"Listing", "Message"} {
		for _, action := range []string{"read", "create", "update", "delete"} {
			rules = append(rules, AbilityRule{action, subject})
		}
	}
	return rules
}

// Session is a signed-in user with the two bearer tokens the web app
// stores: AccessToken for the JSON API, APIToken for the media token
// service and the realtime channels. Only hashes are stored.
type Session struct {
	ID          string
	User        *User
	AccessToken string
	APIToken    string
	ExpiresAt   time.Time
}

// ExternalIdentity is a user vouched for by an identity provider.
type ExternalIdentity struct {
	Provider      string // "google"
	Subject       string // the provider's stable user id
	Email         string
	EmailVerified bool
	Name          string
}

// AccountService manages users and their sessions.
type AccountService interface {
	Authenticator
	SessionAuthenticator
	UserFinder
	// Register creates a user. An e-mail already registered on the site
	// gives nil too (its owner is told by mail at most once a day), so the
	// answer never tells who has an account; the caller signs in next.
	Register(ctx context.Context, r *Registration) error
	// Login gives the same EUNAUTHORIZED error for an unknown e-mail and a
	// wrong password.
	Login(ctx context.Context, site, email, password string) (*Session, error)
	// LoginExternal signs in (creating or linking the account) a user whose
	// identity a provider vouched for.
	LoginExternal(ctx context.Context, site string, id *ExternalIdentity) (*Session, error)
	// AuthenticateAccessToken resolves an accessToken to its session.
	AuthenticateAccessToken(ctx context.Context, site, token string) (*Session, error)
	// Logout revokes both tokens of the session.
	Logout(ctx context.Context, site, sessionID string) error
	// RequestPasswordReset queues a reset link to email when it has an
	// account; it returns nil either way. link builds the URL from the token.
	RequestPasswordReset(ctx context.Context, site, email string, link func(token string) string) error
	// ResetPassword sets a new password with a single-use, unexpired token
	// (a newer link voids older ones), revokes the user's sessions and
	// returns the user's id.
	ResetPassword(ctx context.Context, site, token, password string) (userID string, err error)
}

// SessionEnd says that sessions ended: one (SessionID set) or every
// session of the user. Reason is shown to the user's open connections.
type SessionEnd struct {
	Site, UserID, SessionID string
	Reason                  string
}

// Reasons a session ends.
const (
	EndLogout         = "logout"
	EndPasswordChange = "password_changed"
	EndExpired        = "session_expired"
)

// SessionNotifier closes whatever stays open of ended sessions, such as
// realtime connections, on every node.
type SessionNotifier interface {
	SessionsEnded(ctx context.Context, end SessionEnd) error
}

// IdentityVerifier checks an identity provider's ID token issued to
// audience (the site's client id).
type IdentityVerifier interface {
	Verify(ctx context.Context, rawToken, audience string) (*ExternalIdentity, error)
}

// OutgoingMail is a queued e-mail.
type OutgoingMail struct {
	ID        string
	Site      string
	Recipient string
	Subject   string
	Body      string
	Attempts  int
}

// MailQueue is the outbox as the delivery loop sees it.
type MailQueue interface {
	DueMail(ctx context.Context, now time.Time, limit int) ([]OutgoingMail, error)
	MarkMailSent(ctx context.Context, id string, at time.Time) error
	MarkMailFailed(ctx context.Context, id string, cause error, retryAt time.Time) error
}
