package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"souk/config"
	"souk/platform"
)

// AccountOptions tunes token lifetimes. Zero values take the defaults of
// the platform.auth section of the configuration (config.DefaultPlatform),
// the one place those numbers are written.
type AccountOptions struct {
	// SessionTTL is how long access and api tokens stay valid.
	SessionTTL time.Duration
	// ResetTTL is how long a password reset link stays valid.
	ResetTTL time.Duration
	// Hashes bounds concurrent password hashing; nil allows
	// platform.auth.max_concurrent_hashes' default with a short queue.
	Hashes *HashLimiter
}

// AccountService implements platform.AccountService.
type AccountService struct {
	db   *DB
	opts AccountOptions
	// dummyHash is checked when an e-mail has no account, so that an
	// unknown e-mail costs as much time as a wrong password.
	dummyHash string
}

// NewAccountService returns the store-backed account service.
func NewAccountService(db *DB, opts AccountOptions) *AccountService {
	d := config.DefaultPlatform().Auth
	if opts.SessionTTL <= 0 {
		opts.SessionTTL = d.SessionTTL
	}
	if opts.ResetTTL <= 0 {
		opts.ResetTTL = d.ResetTTL
	}
	if opts.Hashes == nil {
		opts.Hashes = NewHashLimiter(d.MaxConcurrentHashes, 2*time.Second)
	}
	return &AccountService{db: db, opts: opts, dummyHash: hashPassword(NewID())}
}

type userRow struct {
	bun.BaseModel `bun:"table:users"`
	ID            string    `bun:"id,pk"`
	Site          string    `bun:"site"`
	Email         string    `bun:"email"`
	DisplayName   string    `bun:"display_name"`
	PasswordHash  string    `bun:"password_hash"`
	GoogleSubject *string   `bun:"google_subject"`
	Roles         string    `bun:"roles"`
	CreatedAt     time.Time `bun:"created_at"`
	UpdatedAt     time.Time `bun:"updated_at"`
}

func (r *userRow) user() *platform.User {
	return &platform.User{ID: r.ID, Site: r.Site, Email: r.Email, DisplayName: r.DisplayName,
		Roles: strings.Split(r.Roles, ","), CreatedAt: r.CreatedAt}
}

type tokenRow struct {
	bun.BaseModel `bun:"table:auth_tokens"`
	Hash          string     `bun:"hash,pk"`
	SessionID     string     `bun:"session_id"`
	Kind          string     `bun:"kind"`
	UserID        string     `bun:"user_id"`
	Site          string     `bun:"site"`
	CreatedAt     time.Time  `bun:"created_at"`
	ExpiresAt     time.Time  `bun:"expires_at"`
	RevokedAt     *time.Time `bun:"revoked_at"`
}

const (
	tokenAccess = "access"
	tokenAPI    = "api"
)

var (
	errBadCredentials = platform.Errorf(platform.EUNAUTHORIZED, "the e-mail or password is not correct")
	errNoSession      = platform.Errorf(platform.EUNAUTHORIZED, "sign in again: the token is missing, expired or revoked")
	errEmailTaken     = platform.Errorf(platform.ECONFLICT, "this e-mail address already has an account on this site")
	errBadResetToken  = &platform.Error{Code: platform.EINVALID, Message: "the reset link is invalid, used or expired; request a new one",
		Fields: []platform.FieldError{{Field: "token", Message: "the reset link is invalid, used or expired; request a new one"}}}
)

func now() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }

// newToken returns a random bearer token and its stored hash.
func newToken() (token, hash string) {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(fmt.Sprintf("crypto/rand: %v", err))
	}
	token = base64.RawURLEncoding.EncodeToString(b[:])
	return token, hashToken(token)
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// CreateUser stores a new user with a password; used by registration and
// the admin command. roles defaults to user.
func (s *AccountService) CreateUser(ctx context.Context, r *platform.Registration, roles ...string) (*platform.User, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	if len(roles) == 0 {
		roles = []string{platform.RoleUser}
	}
	hash, err := s.opts.Hashes.hash(ctx, r.Password)
	if err != nil {
		return nil, err
	}
	row := s.newUserRow(r.Site, r.Email, r.DisplayName, hash, roles)
	err = s.db.RunInTx(ctx, &sql.TxOptions{}, func(ctx context.Context, tx bun.Tx) error {
		return s.insertUser(ctx, tx, row)
	})
	if err != nil {
		return nil, err
	}
	return row.user(), nil
}

// SetRoles replaces a user's roles (the admin command promotes users).
func (s *AccountService) SetRoles(ctx context.Context, site, userID string, roles []string) error {
	res, err := s.db.NewUpdate().Model((*userRow)(nil)).Set("roles = ?", strings.Join(roles, ",")).Set("updated_at = ?", now()).
		Where("id = ? AND site = ?", userID, site).Exec(ctx)
	if err != nil {
		return fmt.Errorf("set roles: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return platform.Errorf(platform.ENOTFOUND, "no such user")
	}
	return nil
}

// SetPassword replaces a user's password and revokes their sessions.
func (s *AccountService) SetPassword(ctx context.Context, site, userID, password string) error {
	if fe := platform.CheckPassword("password", password); fe != nil {
		return platform.Invalid(*fe)
	}
	hash, err := s.opts.Hashes.hash(ctx, password)
	if err != nil {
		return err
	}
	return s.db.RunInTx(ctx, &sql.TxOptions{}, func(ctx context.Context, tx bun.Tx) error {
		return setPasswordTx(ctx, tx, site, userID, hash)
	})
}

func setPasswordTx(ctx context.Context, tx bun.Tx, site, userID, hash string) error {
	t := now()
	res, err := tx.NewUpdate().Model((*userRow)(nil)).Set("password_hash = ?", hash).Set("updated_at = ?", t).
		Where("id = ? AND site = ?", userID, site).Exec(ctx)
	if err != nil {
		return fmt.Errorf("set password: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return platform.Errorf(platform.ENOTFOUND, "no such user")
	}
	if _, err := tx.NewUpdate().Model((*tokenRow)(nil)).Set("revoked_at = ?", t).
		Where("user_id = ? AND revoked_at IS NULL", userID).Exec(ctx); err != nil {
		return fmt.Errorf("revoke sessions: %w", err)
	}
	return nil
}

func (s *AccountService) newUserRow(site, email, name, hash string, roles []string) *userRow {
	t := now()
	return &userRow{ID: NewID(), Site: site, Email: email, DisplayName: name, PasswordHash: hash,
		Roles: strings.Join(roles, ","), CreatedAt: t, UpdatedAt: t}
}

// insertUser maps a duplicate e-mail to the generic conflict error.
func (s *AccountService) insertUser(ctx context.Context, tx bun.IDB, row *userRow) error {
	exists, err := tx.NewSelect().Model((*userRow)(nil)).Where("site = ? AND email = ?", row.Site, row.Email).Exists(ctx)
	if err != nil {
		return fmt.Errorf("check e-mail: %w", err)
	}
	if exists {
		return errEmailTaken
	}
	if _, err := tx.NewInsert().Model(row).Exec(ctx); err != nil {
		if isUniqueViolation(err) {
			return errEmailTaken
		}
		return fmt.Errorf("insert user: %w", err)
	}
	return nil
}

func isUniqueViolation(err error) bool {
	msg := strings.ToLower(err.Error())
	return strings.Contains(msg, "unique") || strings.Contains(msg, "duplicate key")
}

// startSession issues an access and an api token.
func (s *AccountService) startSession(ctx context.Context, tx bun.IDB, u *platform.User) (*platform.Session, error) {
	t := now()
	sess := &platform.Session{ID: NewID(), User: u, ExpiresAt: t.Add(s.opts.SessionTTL)}
	access, accessHash := newToken()
	api, apiHash := newToken()
	sess.AccessToken, sess.APIToken = access, api
	rows := []tokenRow{
		{Hash: accessHash, SessionID: sess.ID, Kind: tokenAccess, UserID: u.ID, Site: u.Site, CreatedAt: t, ExpiresAt: sess.ExpiresAt},
		{Hash: apiHash, SessionID: sess.ID, Kind: tokenAPI, UserID: u.ID, Site: u.Site, CreatedAt: t, ExpiresAt: sess.ExpiresAt},
	}
	if _, err := tx.NewInsert().Model(&rows).Exec(ctx); err != nil {
		return nil, fmt.Errorf("store session: %w", err)
	}
	return sess, nil
}

// Login implements platform.AccountService.
func (s *AccountService) Login(ctx context.Context, site, email, password string) (*platform.Session, error) {
	email = platform.NormalizeEmail(email)
	var row userRow
	err := s.db.NewSelect().Model(&row).Where("site = ? AND email = ?", site, email).Scan(ctx)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("find user: %w", err)
	}
	found := err == nil && row.PasswordHash != ""
	hash := s.dummyHash
	if found {
		hash = row.PasswordHash
	}
	ok, err := s.opts.Hashes.check(ctx, hash, password)
	if platform.ErrorCode(err) == platform.EUNAVAILABLE {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("user %s: %w", row.ID, err)
	}
	if !found || !ok {
		return nil, errBadCredentials
	}
	return s.startSession(ctx, s.db, row.user())
}

// LoginExternal implements platform.AccountService. An account is found by
// the provider's subject, else linked by a verified e-mail, else created.
func (s *AccountService) LoginExternal(ctx context.Context, site string, id *platform.ExternalIdentity) (*platform.Session, error) {
	email := platform.NormalizeEmail(id.Email)
	if id.Subject == "" || !id.EmailVerified || !platform.ValidEmail(email) {
		return nil, platform.Errorf(platform.EUNAUTHORIZED, "the identity provider did not confirm a verified e-mail address")
	}
	var sess *platform.Session
	err := s.db.RunInTx(ctx, &sql.TxOptions{}, func(ctx context.Context, tx bun.Tx) error {
		var row userRow
		err := tx.NewSelect().Model(&row).Where("site = ? AND google_subject = ?", site, id.Subject).Scan(ctx)
		if errors.Is(err, sql.ErrNoRows) {
			err = tx.NewSelect().Model(&row).Where("site = ? AND email = ?", site, email).Scan(ctx)
			switch {
			case err == nil:
				if _, err := tx.NewUpdate().Model((*userRow)(nil)).Set("google_subject = ?", id.Subject).
					Set("updated_at = ?", now()).Where("id = ?", row.ID).Exec(ctx); err != nil {
					return fmt.Errorf("link identity: %w", err)
				}
			case errors.Is(err, sql.ErrNoRows):
				name := strings.TrimSpace(id.Name)
				if name == "" {
					name = email[:strings.IndexByte(email, '@')]
				}
				if len([]rune(name)) > platform.DisplayNameMax {
					name = string([]rune(name)[:platform.DisplayNameMax])
				}
				subject := id.Subject
				row = *s.newUserRow(site, email, name, "", []string{platform.RoleUser})
				row.GoogleSubject = &subject
				if err := s.insertUser(ctx, tx, &row); err != nil {
					return err
				}
			default:
				return fmt.Errorf("find user: %w", err)
			}
		} else if err != nil {
			return fmt.Errorf("find user: %w", err)
		}
		sess, err = s.startSession(ctx, tx, row.user())
		return err
	})
	return sess, err
}

func (s *AccountService) findToken(ctx context.Context, site, kind, token string) (*tokenRow, *platform.User, error) {
	if token == "" {
		return nil, nil, errNoSession
	}
	var tok tokenRow
	err := s.db.NewSelect().Model(&tok).Where("hash = ? AND kind = ? AND site = ?", hashToken(token), kind, site).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, errNoSession
	}
	if err != nil {
		return nil, nil, fmt.Errorf("find token: %w", err)
	}
	if tok.RevokedAt != nil || !time.Now().Before(tok.ExpiresAt) {
		return nil, nil, errNoSession
	}
	u, err := s.FindUserByID(ctx, site, tok.UserID)
	if platform.ErrorCode(err) == platform.ENOTFOUND {
		return nil, nil, errNoSession
	}
	return &tok, u, err
}

// AuthenticateAPIToken implements platform.Authenticator.
func (s *AccountService) AuthenticateAPIToken(ctx context.Context, site, token string) (*platform.User, error) {
	_, u, err := s.findToken(ctx, site, tokenAPI, token)
	return u, err
}

// AuthenticateAPISession implements platform.SessionAuthenticator.
func (s *AccountService) AuthenticateAPISession(ctx context.Context, site, token string) (*platform.Session, error) {
	tok, u, err := s.findToken(ctx, site, tokenAPI, token)
	if err != nil {
		return nil, err
	}
	return &platform.Session{ID: tok.SessionID, User: u, APIToken: token, ExpiresAt: tok.ExpiresAt}, nil
}

// AuthenticateAccessToken implements platform.AccountService.
func (s *AccountService) AuthenticateAccessToken(ctx context.Context, site, token string) (*platform.Session, error) {
	tok, u, err := s.findToken(ctx, site, tokenAccess, token)
	if err != nil {
		return nil, err
	}
	return &platform.Session{ID: tok.SessionID, User: u, AccessToken: token, ExpiresAt: tok.ExpiresAt}, nil
}

// SessionLive reports whether the sign-in session still has an
// unrevoked, unexpired token: media tokens minted under it are refused
// once it has none.
func (s *AccountService) SessionLive(ctx context.Context, sessionID string) (bool, error) {
	n, err := s.db.NewSelect().Model((*tokenRow)(nil)).
		Where("session_id = ? AND revoked_at IS NULL AND expires_at > ?", sessionID, now()).Count(ctx)
	if err != nil {
		return false, fmt.Errorf("check session: %w", err)
	}
	return n > 0, nil
}

// Logout implements platform.AccountService.
func (s *AccountService) Logout(ctx context.Context, site, sessionID string) error {
	_, err := s.db.NewUpdate().Model((*tokenRow)(nil)).Set("revoked_at = ?", now()).
		Where("session_id = ? AND site = ? AND revoked_at IS NULL", sessionID, site).Exec(ctx)
	if err != nil {
		return fmt.Errorf("revoke session: %w", err)
	}
	return nil
}

// FindUserByID implements platform.UserFinder.
func (s *AccountService) FindUserByID(ctx context.Context, site, id string) (*platform.User, error) {
	var row userRow
	err := s.db.NewSelect().Model(&row).Where("id = ? AND site = ?", id, site).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, platform.Errorf(platform.ENOTFOUND, "no such user")
	}
	if err != nil {
		return nil, fmt.Errorf("find user: %w", err)
	}
	return row.user(), nil
}

// FindUserByEmail returns ENOTFOUND when the site has no such account.
func (s *AccountService) FindUserByEmail(ctx context.Context, site, email string) (*platform.User, error) {
	var row userRow
	err := s.db.NewSelect().Model(&row).Where("site = ? AND email = ?", site, platform.NormalizeEmail(email)).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, platform.Errorf(platform.ENOTFOUND, "no such user")
	}
	if err != nil {
		return nil, fmt.Errorf("find user: %w", err)
	}
	return row.user(), nil
}

// DeleteStale removes tokens and reset links that ended (expired or
// revoked/used) before cutoff; they can never authenticate again.
func (s *AccountService) DeleteStale(ctx context.Context, cutoff time.Time) (int64, error) {
	cutoff = cutoff.UTC()
	res, err := s.db.NewDelete().Model((*tokenRow)(nil)).
		Where("expires_at < ? OR revoked_at < ?", cutoff, cutoff).Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("delete stale tokens: %w", err)
	}
	n, _ := res.RowsAffected()
	res, err = s.db.NewDelete().Model((*resetRow)(nil)).
		Where("expires_at < ? OR used_at < ?", cutoff, cutoff).Exec(ctx)
	if err != nil {
		return n, fmt.Errorf("delete stale reset links: %w", err)
	}
	m, _ := res.RowsAffected()
	return n + m, nil
}
