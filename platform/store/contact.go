package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"souk/platform"
)

// ContactService stores contact form submissions.
type ContactService struct{ db *DB }

// NewContactService returns the store-backed platform.ContactService.
func NewContactService(db *DB) *ContactService { return &ContactService{db: db} }

type contactRow struct {
	bun.BaseModel `bun:"table:contact_messages"`
	ID            string    `bun:"id,pk"`
	Site          string    `bun:"site"`
	Name          string    `bun:"name"`
	Email         string    `bun:"email"`
	Message       string    `bun:"message"`
	CreatedAt     time.Time `bun:"created_at"`
}

// CreateContact implements platform.ContactService.
func (s *ContactService) CreateContact(ctx context.Context, m *platform.ContactMessage, to string) error {
	if err := m.Validate(); err != nil {
		return err
	}
	m.ID = NewID()
	m.CreatedAt = time.Now().UTC().Truncate(time.Microsecond)
	row := &contactRow{ID: m.ID, Site: m.Site, Name: m.Name, Email: m.Email, Message: m.Message, CreatedAt: m.CreatedAt}
	return s.db.RunInTx(ctx, &sql.TxOptions{}, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(row).Exec(ctx); err != nil {
			return fmt.Errorf("insert contact message: %w", err)
		}
		mail := &OutboxMail{
			Site:      m.Site,
			Recipient: to,
			Subject:   fmt.Sprintf("[%s] Contact form: %s", m.Site, m.Name),
			Body:      fmt.Sprintf("From: %s <%s>\n\n%s\n", m.Name, m.Email, m.Message),
		}
		return EnqueueMail(ctx, tx, mail)
	})
}

// FindContacts lists a site's contact messages, newest first.
func (s *ContactService) FindContacts(ctx context.Context, site string, limit int) ([]platform.ContactMessage, error) {
	var rows []contactRow
	err := s.db.NewSelect().Model(&rows).Where("site = ?", site).
		Order("created_at DESC").Limit(int64(limit)).Scan(ctx)
	if err != nil {
		return nil, fmt.Errorf("list contact messages: %w", err)
	}
	out := make([]platform.ContactMessage, len(rows))
	for i, r := range rows {
		out[i] = platform.ContactMessage{ID: r.ID, Site: r.Site, Name: r.Name, Email: r.Email, Message: r.Message, CreatedAt: r.CreatedAt}
	}
	return out, nil
}
