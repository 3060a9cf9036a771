package store

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"souk/platform"
)

// OutboxMail is one queued e-mail.
type OutboxMail struct {
	bun.BaseModel `bun:"table:outbox"`
	ID            string     `bun:"id,pk"`
	Site          string     `bun:"site"`
	Recipient     string     `bun:"recipient"`
	Subject       string     `bun:"subject"`
	Body          string     `bun:"body"`
	CreatedAt     time.Time  `bun:"created_at"`
	Attempts      int        `bun:"attempts"`
	LastError     string     `bun:"last_error"`
	NextAttemptAt time.Time  `bun:"next_attempt_at"`
	SentAt        *time.Time `bun:"sent_at"`
}

// EnqueueMail queues m inside the caller's transaction (db may be a bun.Tx),
// so the mail exists exactly when the change that caused it does.
func EnqueueMail(ctx context.Context, db bun.IDB, m *OutboxMail) error {
	now := time.Now().UTC().Truncate(time.Microsecond)
	m.ID = NewID()
	m.CreatedAt = now
	m.NextAttemptAt = now
	if _, err := db.NewInsert().Model(m).Exec(ctx); err != nil {
		return fmt.Errorf("queue e-mail: %w", err)
	}
	return nil
}

// PendingMail returns up to limit unsent mails whose next attempt is due.
func (db *DB) PendingMail(ctx context.Context, now time.Time, limit int) ([]OutboxMail, error) {
	var out []OutboxMail
	err := db.NewSelect().Model(&out).
		Where("sent_at IS NULL").Where("next_attempt_at <= ?", now.UTC()).
		Order("created_at").Limit(int64(limit)).Scan(ctx)
	if err != nil {
		return nil, fmt.Errorf("read outbox: %w", err)
	}
	return out, nil
}

// MarkMailSent records a delivery.
func (db *DB) MarkMailSent(ctx context.Context, id string, at time.Time) error {
	_, err := db.NewUpdate().Model((*OutboxMail)(nil)).Set("sent_at = ?", at.UTC()).Where("id = ?", id).Exec(ctx)
	if err != nil {
		return fmt.Errorf("mark mail sent: %w", err)
	}
	return nil
}

// MarkMailFailed records a failed attempt and when to retry.
func (db *DB) MarkMailFailed(ctx context.Context, id string, cause error, retryAt time.Time) error {
	_, err := db.NewUpdate().Model((*OutboxMail)(nil)).
		Set("attempts = attempts + 1").Set("last_error = ?", cause.Error()).Set("next_attempt_at = ?", retryAt.UTC()).
		Where("id = ?", id).Exec(ctx)
	if err != nil {
		return fmt.Errorf("mark mail failed: %w", err)
	}
	return nil
}

// mailLease is how long a claimed mail is reserved for the process that
// claimed it; if that process dies mid-send, another retries after it.
const mailLease = 2 * time.Minute

// DueMail implements platform.MailQueue. Each returned mail is claimed
// (its next attempt moved past the lease) with a compare-and-set, so that
// several souk processes sharing a database never send the same mail
// twice in parallel.
func (db *DB) DueMail(ctx context.Context, now time.Time, limit int) ([]platform.OutgoingMail, error) {
	rows, err := db.PendingMail(ctx, now, limit)
	if err != nil {
		return nil, err
	}
	out := make([]platform.OutgoingMail, 0, len(rows))
	for _, r := range rows {
		res, err := db.NewUpdate().Model((*OutboxMail)(nil)).Set("next_attempt_at = ?", now.UTC().Add(mailLease)).
			Where("id = ? AND sent_at IS NULL AND next_attempt_at = ?", r.ID, r.NextAttemptAt).Exec(ctx)
		if err != nil {
			return nil, fmt.Errorf("claim mail: %w", err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			continue // another process claimed it
		}
		out = append(out, platform.OutgoingMail{ID: r.ID, Site: r.Site, Recipient: r.Recipient, Subject: r.Subject, Body: r.Body, Attempts: r.Attempts})
	}
	return out, nil
}
