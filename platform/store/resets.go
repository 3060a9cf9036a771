package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"souk/platform"
)

// resetRow is a password reset link, stored as the hash of its token. A
// new link voids the user's older ones, so at most one works at a time.
type resetRow struct {
	bun.BaseModel `bun:"table:password_resets"`
	Hash          string     `bun:"hash,pk"`
	UserID        string     `bun:"user_id"`
	Site          string     `bun:"site"`
	CreatedAt     time.Time  `bun:"created_at"`
	ExpiresAt     time.Time  `bun:"expires_at"`
	UsedAt        *time.Time `bun:"used_at"`
}

// RequestPasswordReset implements platform.AccountService.
func (s *AccountService) RequestPasswordReset(ctx context.Context, site, email string, link func(token string) string) error {
	u, err := s.FindUserByEmail(ctx, site, email)
	if platform.ErrorCode(err) == platform.ENOTFOUND {
		return nil
	}
	if err != nil {
		return err
	}
	token, hash := newToken()
	t := now()
	row := &resetRow{Hash: hash, UserID: u.ID, Site: site, CreatedAt: t, ExpiresAt: t.Add(s.opts.ResetTTL)}
	return s.db.RunInTx(ctx, &sql.TxOptions{}, func(ctx context.Context, tx bun.Tx) error {
		// A new link voids the older ones.
		if err := voidResetLinks(ctx, tx, u.ID, t); err != nil {
			return err
		}
		if _, err := tx.NewInsert().Model(row).Exec(ctx); err != nil {
			return fmt.Errorf("store reset token: %w", err)
		}
		return EnqueueMail(ctx, tx, &OutboxMail{
			Site: site, Recipient: u.Email, Subject: "Reset your password",
			Body: fmt.Sprintf("Hello %s,\n\nopen this link to choose a new password (valid for %s, usable once):\n\n%s\n\n"+
				"If you did not ask for it, ignore this message; your password stays unchanged.\n",
				u.DisplayName, s.opts.ResetTTL, link(token)),
		})
	})
}

func voidResetLinks(ctx context.Context, tx bun.IDB, userID string, t time.Time) error {
	if _, err := tx.NewUpdate().Model((*resetRow)(nil)).Set("used_at = ?", t).
		Where("user_id = ? AND used_at IS NULL", userID).Exec(ctx); err != nil {
		return fmt.Errorf("void reset links: %w", err)
	}
	return nil
}

// ResetPassword implements platform.AccountService. The token is looked
// up before the new password is hashed, so a bogus token costs one indexed
// read and no hashing.
func (s *AccountService) ResetPassword(ctx context.Context, site, token, password string) (string, error) {
	if fe := platform.CheckPassword("password", password); fe != nil {
		return "", platform.Invalid(*fe)
	}
	var row resetRow
	err := s.db.NewSelect().Model(&row).Where("hash = ? AND site = ?", hashToken(token), site).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return "", errBadResetToken
	}
	if err != nil {
		return "", fmt.Errorf("find reset token: %w", err)
	}
	if row.UsedAt != nil || !now().Before(row.ExpiresAt) {
		return "", errBadResetToken
	}
	hash, err := s.opts.Hashes.hash(ctx, password)
	if err != nil {
		return "", err
	}
	err = s.db.RunInTx(ctx, &sql.TxOptions{}, func(ctx context.Context, tx bun.Tx) error {
		t := now()
		// The guard on used_at makes the token single-use even when two
		// resets race, and the expiry is checked again after hashing.
		res, err := tx.NewUpdate().Model((*resetRow)(nil)).Set("used_at = ?", t).
			Where("hash = ? AND used_at IS NULL AND expires_at > ?", row.Hash, t).Exec(ctx)
		if err != nil {
			return fmt.Errorf("use reset token: %w", err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return errBadResetToken
		}
		if err := voidResetLinks(ctx, tx, row.UserID, t); err != nil {
			return err
		}
		return setPasswordTx(ctx, tx, site, row.UserID, hash)
	})
	if err != nil {
		return "", err
	}
	return row.UserID, nil
}
