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

// MessageService implements platform.MessageService.
type MessageService struct{ db *DB }

// NewMessageService returns the store-backed message service.
func NewMessageService(db *DB) *MessageService { return &MessageService{db: db} }

type conversationRow struct {
	bun.BaseModel `bun:"table:conversations,alias:c"`
	ID            string    `bun:"id,pk"`
	Site          string    `bun:"site"`
	UserA         string    `bun:"user_a"`
	UserB         string    `bun:"user_b"`
	ListingID     string    `bun:"listing_id"`
	LastMessageID string    `bun:"last_message_id"`
	CreatedAt     time.Time `bun:"created_at"`
	UpdatedAt     time.Time `bun:"updated_at"`
	PeerID        string    `bun:"peer_id,scanonly"`
	PeerName      string    `bun:"peer_name,scanonly"`
	ListingName   *string   `bun:"listing_name,scanonly"`
}

type messageRow struct {
	bun.BaseModel  `bun:"table:messages"`
	ID             string     `bun:"id,pk"`
	ConversationID string     `bun:"conversation_id"`
	SenderID       string     `bun:"sender_id"`
	Body           string     `bun:"body"`
	CreatedAt      time.Time  `bun:"created_at"`
	ReadAt         *time.Time `bun:"read_at"`
}

var errNoConversation = platform.Errorf(platform.ENOTFOUND, "no such conversation")

func (r *messageRow) message() *platform.Message {
	return &platform.Message{ID: r.ID, ConversationID: r.ConversationID, SenderID: r.SenderID, Body: r.Body, CreatedAt: r.CreatedAt, ReadAt: r.ReadAt}
}

// selectConversations reads conversations as seen by userID.
func selectConversations(db bun.IDB, site, userID string) *bun.SelectQuery {
	return db.NewSelect().Model((*conversationRow)(nil)).ColumnExpr("c.*").
		ColumnExpr("u.id AS peer_id, u.display_name AS peer_name, l.product_name AS listing_name").
		Join("JOIN users AS u ON u.id = CASE WHEN c.user_a = ? THEN c.user_b ELSE c.user_a END", userID).
		Join("LEFT JOIN listings AS l ON l.id = c.listing_id AND l.site = c.site").
		Where("c.site = ?", site).Where("(c.user_a = ? OR c.user_b = ?)", userID, userID)
}

// participantConversation loads a conversation userID takes part in.
func participantConversation(ctx context.Context, db bun.IDB, site, userID, id string) (*conversationRow, error) {
	var row conversationRow
	err := selectConversations(db, site, userID).Where("c.id = ?", id).Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoConversation
	}
	if err != nil {
		return nil, fmt.Errorf("find conversation: %w", err)
	}
	return &row, nil
}

func (s *MessageService) toConversations(ctx context.Context, db bun.IDB, userID string, rows []conversationRow) ([]*platform.Conversation, error) {
	out := make([]*platform.Conversation, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	ids := make([]string, len(rows))
	lastIDs := make([]string, 0, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
		if r.LastMessageID != "" {
			lastIDs = append(lastIDs, r.LastMessageID)
		}
	}
	last := map[string]*platform.Message{}
	if len(lastIDs) > 0 {
		var msgs []messageRow
		if err := db.NewSelect().Model(&msgs).Where("id IN (?)", bun.In(lastIDs)).Scan(ctx); err != nil {
			return nil, fmt.Errorf("read last messages: %w", err)
		}
		for i := range msgs {
			last[msgs[i].ConversationID] = msgs[i].message()
		}
	}
	var counts []struct {
		ConversationID string `bun:"conversation_id"`
		N              int    `bun:"n"`
	}
	if err := db.NewSelect().Table("messages").ColumnExpr("conversation_id, COUNT(*) AS n").
		Where("conversation_id IN (?)", bun.In(ids)).Where("sender_id <> ?", userID).Where("read_at IS NULL").
		Group("conversation_id").Scan(ctx, &counts); err != nil {
		return nil, fmt.Errorf("count unread: %w", err)
	}
	unread := map[string]int{}
	for _, c := range counts {
		unread[c.ConversationID] = c.N
	}
	for i, r := range rows {
		c := &platform.Conversation{ID: r.ID, Site: r.Site, Peer: platform.UserRef{ID: r.PeerID, DisplayName: r.PeerName},
			ListingID: r.ListingID, LastMessage: last[r.ID], Unread: unread[r.ID], UpdatedAt: r.UpdatedAt}
		if r.ListingName != nil {
			c.ListingName = *r.ListingName
		}
		out[i] = c
	}
	return out, nil
}

// insertMessage adds a message and moves the conversation to the top.
func insertMessage(ctx context.Context, tx bun.Tx, convID, senderID, body string) (*platform.Message, error) {
	row := &messageRow{ID: NewID(), ConversationID: convID, SenderID: senderID, Body: body, CreatedAt: now()}
	if _, err := tx.NewInsert().Model(row).Exec(ctx); err != nil {
		return nil, fmt.Errorf("insert message: %w", err)
	}
	if _, err := tx.NewUpdate().Model((*conversationRow)(nil)).Set("last_message_id = ?", row.ID).Set("updated_at = ?", row.CreatedAt).
		Where("id = ?", convID).Exec(ctx); err != nil {
		return nil, fmt.Errorf("touch conversation: %w", err)
	}
	return row.message(), nil
}

// StartConversation implements platform.MessageService.
func (s *MessageService) StartConversation(ctx context.Context, site, senderID, recipientID, listingID, body string) (*platform.Conversation, *platform.Message, error) {
	body, err := platform.CheckMessageBody(body)
	if err != nil {
		return nil, nil, err
	}
	if senderID == recipientID {
		return nil, nil, platform.Invalid(platform.FieldError{Field: "recipientId", Message: "you cannot write to yourself"})
	}
	var conv *platform.Conversation
	var msg *platform.Message
	err = s.db.RunInTx(ctx, &sql.TxOptions{}, func(ctx context.Context, tx bun.Tx) error {
		ok, err := tx.NewSelect().Model((*userRow)(nil)).Where("id = ? AND site = ?", recipientID, site).Exists(ctx)
		if err != nil {
			return fmt.Errorf("find recipient: %w", err)
		}
		if !ok {
			return &platform.Error{Code: platform.ENOTFOUND, Message: "no such user",
				Fields: []platform.FieldError{{Field: "recipientId", Message: "no user with this id on this site"}}}
		}
		if listingID != "" {
			ok, err := tx.NewSelect().Model((*listingRow)(nil)).Where("id = ? AND site = ?", listingID, site).Exists(ctx)
			if err != nil {
				return fmt.Errorf("find listing: %w", err)
			}
			if !ok {
				return &platform.Error{Code: platform.ENOTFOUND, Message: "no such listing",
					Fields: []platform.FieldError{{Field: "listingId", Message: "no listing with this id on this site"}}}
			}
		}
		a, b := senderID, recipientID
		if b < a {
			a, b = b, a
		}
		var row conversationRow
		err = tx.NewSelect().Model(&row).Where("site = ? AND user_a = ? AND user_b = ? AND listing_id = ?", site, a, b, listingID).Scan(ctx)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			t := now()
			row = conversationRow{ID: NewID(), Site: site, UserA: a, UserB: b, ListingID: listingID, CreatedAt: t, UpdatedAt: t}
			if _, err := tx.NewInsert().Model(&row).Exec(ctx); err != nil {
				return fmt.Errorf("create conversation: %w", err)
			}
		case err != nil:
			return fmt.Errorf("find conversation: %w", err)
		}
		if msg, err = insertMessage(ctx, tx, row.ID, senderID, body); err != nil {
			return err
		}
		seen, err := participantConversation(ctx, tx, site, senderID, row.ID)
		if err != nil {
			return err
		}
		convs, err := s.toConversations(ctx, tx, senderID, []conversationRow{*seen})
		if err != nil {
			return err
		}
		conv = convs[0]
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	return conv, msg, nil
}

// SendMessage implements platform.MessageService.
func (s *MessageService) SendMessage(ctx context.Context, site, senderID, conversationID, body string) (*platform.Message, error) {
	body, err := platform.CheckMessageBody(body)
	if err != nil {
		return nil, err
	}
	var msg *platform.Message
	err = s.db.RunInTx(ctx, &sql.TxOptions{}, func(ctx context.Context, tx bun.Tx) error {
		if _, err := participantConversation(ctx, tx, site, senderID, conversationID); err != nil {
			return err
		}
		msg, err = insertMessage(ctx, tx, conversationID, senderID, body)
		return err
	})
	return msg, err
}

// FindConversations implements platform.MessageService.
func (s *MessageService) FindConversations(ctx context.Context, f platform.ConversationFilter) ([]*platform.Conversation, int, error) {
	lf := platform.ListingFilter{Query: f.Query, Page: f.Page, PageSize: f.PageSize}
	lf.Normalize()
	q := selectConversations(s.db, f.Site, f.UserID)
	if lf.Query != "" {
		pat := likePattern(lf.Query)
		q = q.Where(`(LOWER(u.display_name) LIKE ? ESCAPE '\' OR LOWER(COALESCE(l.product_name, '')) LIKE ? ESCAPE '\')`, pat, pat)
	}
	total, err := q.Count(ctx)
	if err != nil {
		return nil, 0, fmt.Errorf("count conversations: %w", err)
	}
	var rows []conversationRow
	if err := q.Order("c.updated_at DESC", "c.id").Limit(int64(lf.PageSize)).Offset(int64((lf.Page-1)*lf.PageSize)).Scan(ctx, &rows); err != nil {
		return nil, 0, fmt.Errorf("list conversations: %w", err)
	}
	out, err := s.toConversations(ctx, s.db, f.UserID, rows)
	return out, int(total), err
}

// FindMessages implements platform.MessageService.
func (s *MessageService) FindMessages(ctx context.Context, site, userID, conversationID, before string, limit int) ([]*platform.Message, error) {
	if _, err := participantConversation(ctx, s.db, site, userID, conversationID); err != nil {
		return nil, err
	}
	if limit <= 0 || limit > platform.MessagePageMax {
		limit = platform.MessagePageSize
	}
	q := s.db.NewSelect().Model((*messageRow)(nil)).Where("conversation_id = ?", conversationID)
	if before != "" {
		var cursor messageRow
		err := s.db.NewSelect().Model(&cursor).Where("id = ? AND conversation_id = ?", before, conversationID).Scan(ctx)
		if errors.Is(err, sql.ErrNoRows) {
			return nil, platform.Invalid(platform.FieldError{Field: "before", Message: "no message with this id in the conversation"})
		}
		if err != nil {
			return nil, fmt.Errorf("find cursor: %w", err)
		}
		q = q.Where("(created_at < ? OR (created_at = ? AND id < ?))", cursor.CreatedAt, cursor.CreatedAt, cursor.ID)
	}
	var rows []messageRow
	if err := q.Order("created_at DESC", "id DESC").Limit(int64(limit)).Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("list messages: %w", err)
	}
	out := make([]*platform.Message, len(rows))
	for i := range rows {
		out[i] = rows[i].message()
	}
	return out, nil
}

// MarkRead implements platform.MessageService.
func (s *MessageService) MarkRead(ctx context.Context, site, userID, conversationID string) error {
	if _, err := participantConversation(ctx, s.db, site, userID, conversationID); err != nil {
		return err
	}
	_, err := s.db.NewUpdate().Model((*messageRow)(nil)).Set("read_at = ?", now()).
		Where("conversation_id = ? AND sender_id <> ? AND read_at IS NULL", conversationID, userID).Exec(ctx)
	if err != nil {
		return fmt.Errorf("mark read: %w", err)
	}
	return nil
}
