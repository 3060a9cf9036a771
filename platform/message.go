package platform

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"
)

// Message limits.
const (
	MessageBodyMax  = 4000
	MessagePageMax  = 100
	MessagePageSize = 50
)

// Conversation is a thread between two users of one site, optionally
// about a listing. Fields are as seen by one participant (Peer is the
// other one).
type Conversation struct {
	ID          string
	Site        string
	Peer        UserRef
	ListingID   string
	ListingName string
	LastMessage *Message
	Unread      int
	UpdatedAt   time.Time
}

// UserRef is the public face of a user.
type UserRef struct {
	ID          string
	DisplayName string
}

// Message is one message of a conversation.
type Message struct {
	ID             string
	ConversationID string
	SenderID       string
	Body           string
	CreatedAt      time.Time
	ReadAt         *time.Time
}

// CheckMessageBody trims body and checks its length.
func CheckMessageBody(body string) (string, error) {
	body = strings.TrimSpace(body)
	if n := utf8.RuneCountInString(body); n == 0 || n > MessageBodyMax || HasTextControl(body) {
		return "", Invalid(FieldError{"body", "message must be between 1 and 4000 characters, without control characters"})
	}
	return body, nil
}

// ConversationFilter selects a page of a user's conversations.
type ConversationFilter struct {
	Site     string
	UserID   string
	Query    string // matched against the peer's name and the listing name
	Page     int
	PageSize int
}

// MessageService stores conversations. Only the two participants see a
// conversation; to anyone else it is ENOTFOUND.
type MessageService interface {
	// StartConversation sends body to recipientID, in the existing thread
	// between the two (about the same listing) or a new one.
	StartConversation(ctx context.Context, site, senderID, recipientID, listingID, body string) (*Conversation, *Message, error)
	SendMessage(ctx context.Context, site, senderID, conversationID, body string) (*Message, error)
	FindConversations(ctx context.Context, f ConversationFilter) ([]*Conversation, int, error)
	// FindMessages returns up to limit messages older than the message
	// before (all when empty), newest first.
	FindMessages(ctx context.Context, site, userID, conversationID, before string, limit int) ([]*Message, error)
	// MarkRead marks the messages the user received in the thread as read.
	MarkRead(ctx context.Context, site, userID, conversationID string) error
}
