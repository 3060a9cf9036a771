package httpapi

import (
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"souk/platform"
)

type messageBody struct {
	ID             string     `json:"id"`
	ConversationID string     `json:"conversationId"`
	SenderID       string     `json:"senderId"`
	Body           string     `json:"body"`
	CreatedAt      time.Time  `json:"createdAt"`
	ReadAt         *time.Time `json:"readAt,omitempty"`
}

type listingRefBody struct {
	ID          string `json:"id"`
	ProductName string `json:"productName"`
}

type conversationBody struct {
	ID          string          `json:"id"`
	Peer        refBody         `json:"peer"`
	Listing     *listingRefBody `json:"listing,omitempty"`
	LastMessage *messageBody    `json:"lastMessage,omitempty"`
	Unread      int             `json:"unread"`
	UpdatedAt   time.Time       `json:"updatedAt"`
}

func toMessageBody(m *platform.Message) messageBody {
	return messageBody{ID: m.ID, ConversationID: m.ConversationID, SenderID: m.SenderID, Body: m.Body, CreatedAt: m.CreatedAt, ReadAt: m.ReadAt}
}

func toConversationBody(c *platform.Conversation) conversationBody {
	out := conversationBody{ID: c.ID, Peer: refBody{ID: c.Peer.ID, DisplayName: c.Peer.DisplayName}, Unread: c.Unread, UpdatedAt: c.UpdatedAt}
	if c.ListingID != "" {
		out.Listing = &listingRefBody{ID: c.ListingID, ProductName: c.ListingName}
	}
	if c.LastMessage != nil {
		m := toMessageBody(c.LastMessage)
		out.LastMessage = &m
	}
	return out
}

type conversationsInput struct {
	BearerAuth
	Q        string `query:"q" maxLength:"100" doc:"Search in the other user's name and the listing name"`
	Page     int    `query:"page" minimum:"1" maximum:"10000" default:"1" doc:"From 1; a page past the last one is refused"`
	PageSize int    `query:"pageSize" minimum:"1" maximum:"50" default:"20"`
}

type conversationsOutput struct {
	Body struct {
		Items    []conversationBody `json:"items"`
		Total    int                `json:"total"`
		Page     int                `json:"page"`
		PageSize int                `json:"pageSize"`
	}
}

type startConversationInput struct {
	BearerAuth
	Body struct {
		RecipientID string `json:"recipientId" minLength:"1" maxLength:"64"`
		ListingID   string `json:"listingId,omitempty" maxLength:"64" doc:"The listing the conversation is about"`
		Body        string `json:"body" minLength:"1" maxLength:"4000"`
	}
}

type startConversationOutput struct {
	Body struct {
		Conversation conversationBody `json:"conversation"`
		Message      messageBody      `json:"message"`
	}
}

type threadInput struct {
	BearerAuth
	ID     string `path:"id" maxLength:"64"`
	Before string `query:"before" maxLength:"64" doc:"Id of a message: return older ones"`
	Limit  int    `query:"limit" minimum:"1" maximum:"100" default:"50"`
}

type threadOutput struct {
	Body struct {
		Items []messageBody `json:"items" doc:"Newest first"`
	}
}

type sendInput struct {
	BearerAuth
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		Body string `json:"body" minLength:"1" maxLength:"4000"`
	}
}

type messageOutput struct{ Body messageBody }

type conversationIDInput struct {
	BearerAuth
	ID string `path:"id" maxLength:"64"`
}

func (s *Server) registerMessages() {
	op := func(id, method, path, summary string, status int) huma.Operation {
		return huma.Operation{OperationID: id, Method: method, Path: path, Summary: summary, DefaultStatus: status,
			Tags: []string{"Messages"}, Security: bearerSecurity}
	}
	huma.Register(s.api, op("list-conversations", http.MethodGet, "/api/conversations", "My conversations, most recent first, with unread counts", 0), s.listConversations)

	huma.Register(s.api, op("start-conversation", http.MethodPost, "/api/conversations", "Send a first message to a user (reuses an existing thread)", http.StatusCreated), s.startConversation)

	huma.Register(s.api, op("list-messages", http.MethodGet, "/api/conversations/{id}/messages", "Messages of a conversation (participants only), newest first", 0), s.listMessages)

	huma.Register(s.api, op("send-message", http.MethodPost, "/api/conversations/{id}/messages", "Reply in a conversation", http.StatusCreated), s.sendMessage)

	huma.Register(s.api, op("mark-conversation-read", http.MethodPost, "/api/conversations/{id}/read", "Mark the messages I received in a conversation as read", http.StatusNoContent), s.markConversationRead)
}

func (s *Server) listConversations(ctx context.Context, in *conversationsInput) (*conversationsOutput, error) {
	sess, err := s.withScope(ctx, in.BearerAuth, platform.ScopeInternal)
	if err != nil {
		return nil, err
	}
	f := platform.ConversationFilter{Site: sess.User.Site, UserID: sess.User.ID, Query: in.Q, Page: in.Page, PageSize: in.PageSize}
	items, total, err := s.opts.Messages.FindConversations(ctx, f)
	if err != nil {
		return nil, Problem(ctx, err)
	}
	if err := pastLastPage(in.Page, in.PageSize, total); err != nil {
		return nil, err
	}
	out := &conversationsOutput{}
	out.Body.Items = make([]conversationBody, len(items))
	for i, c := range items {
		out.Body.Items[i] = toConversationBody(c)
	}
	out.Body.Total, out.Body.Page, out.Body.PageSize = total, in.Page, in.PageSize
	return out, nil
}

func (s *Server) startConversation(ctx context.Context, in *startConversationInput) (*startConversationOutput, error) {
	sess, err := s.withScope(ctx, in.BearerAuth, platform.ScopeInternal)
	if err != nil {
		return nil, err
	}
	c, m, err := s.opts.Messages.StartConversation(ctx, sess.User.Site, sess.User.ID, in.Body.RecipientID, in.Body.ListingID, in.Body.Body)
	if err != nil {
		return nil, Problem(ctx, err)
	}
	out := &startConversationOutput{}
	out.Body.Conversation, out.Body.Message = toConversationBody(c), toMessageBody(m)
	return out, nil
}

func (s *Server) listMessages(ctx context.Context, in *threadInput) (*threadOutput, error) {
	sess, err := s.withScope(ctx, in.BearerAuth, platform.ScopeInternal)
	if err != nil {
		return nil, err
	}
	msgs, err := s.opts.Messages.FindMessages(ctx, sess.User.Site, sess.User.ID, in.ID, in.Before, in.Limit)
	if err != nil {
		return nil, Problem(ctx, err)
	}
	out := &threadOutput{}
	out.Body.Items = make([]messageBody, len(msgs))
	for i, m := range msgs {
		out.Body.Items[i] = toMessageBody(m)
	}
	return out, nil
}

func (s *Server) sendMessage(ctx context.Context, in *sendInput) (*messageOutput, error) {
	sess, err := s.withScope(ctx, in.BearerAuth, platform.ScopeInternal)
	if err != nil {
		return nil, err
	}
	m, err := s.opts.Messages.SendMessage(ctx, sess.User.Site, sess.User.ID, in.ID, in.Body.Body)
	if err != nil {
		return nil, Problem(ctx, err)
	}
	return &messageOutput{Body: toMessageBody(m)}, nil
}

func (s *Server) markConversationRead(ctx context.Context, in *conversationIDInput) (*emptyOutput, error) {
	sess, err := s.withScope(ctx, in.BearerAuth, platform.ScopeInternal)
	if err != nil {
		return nil, err
	}
	if err := s.opts.Messages.MarkRead(ctx, sess.User.Site, sess.User.ID, in.ID); err != nil {
		return nil, Problem(ctx, err)
	}
	return &emptyOutput{}, nil
}
