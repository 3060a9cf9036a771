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

// Register implements platform.AccountService. A taken e-mail is not
// reported: the password is hashed either way, so both cases cost the
// same, and the owner is told by mail at most once a day.
func (s *AccountService) Register(ctx context.Context, r *platform.Registration) error {
	if err := r.Validate(); err != nil {
		return err
	}
	hash, err := s.opts.Hashes.hash(ctx, r.Password)
	if err != nil {
		return err
	}
	row := s.newUserRow(r.Site, r.Email, r.DisplayName, hash, []string{platform.RoleUser})
	err = s.db.RunInTx(ctx, &sql.TxOptions{}, func(ctx context.Context, tx bun.Tx) error {
		return s.insertUser(ctx, tx, row)
	})
	if errors.Is(err, errEmailTaken) {
		return s.noticeTakenEmail(ctx, r.Site, r.Email)
	}
	return err
}

// takenNoticeSubject names the mail that tells an owner about a sign-up
// attempt with their address; at most one is queued a day.
const takenNoticeSubject = "Someone tried to register with your e-mail address"

func (s *AccountService) noticeTakenEmail(ctx context.Context, site, email string) error {
	recent, err := s.db.NewSelect().Model((*OutboxMail)(nil)).
		Where("site = ? AND recipient = ? AND subject = ? AND created_at > ?", site, email, takenNoticeSubject, now().Add(-24*time.Hour)).
		Exists(ctx)
	if err != nil {
		return fmt.Errorf("find earlier notice: %w", err)
	}
	if recent {
		return nil
	}
	return EnqueueMail(ctx, s.db, &OutboxMail{Site: site, Recipient: email, Subject: takenNoticeSubject,
		Body: "Somebody tried to create a new account with this e-mail address, which already has one.\n" +
			"If it was you, sign in, or use \"Forgot password\" to choose a new password. Otherwise you can ignore this message.\n" +
			"You get this notice at most once a day.\n"})
}
