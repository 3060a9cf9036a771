package httpapi

import (
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"souk/platform"
)

type contactInput struct {
	Body struct {
		Name    string `json:"name" minLength:"1" maxLength:"100" doc:"Sender's name"`
		Email   string `json:"email" format:"email" maxLength:"254" doc:"Where the site replies"`
		Message string `json:"message" minLength:"10" maxLength:"5000" doc:"The message"`
	}
}

type acceptedOutput struct {
	Body struct{}
}

func (s *Server) registerContact() {
	huma.Register(s.api, huma.Operation{
		OperationID:   "send-contact",
		Method:        http.MethodPost,
		Path:          "/api/contact",
		Summary:       "Send the site's contact form",
		Description:   "Stores the message and queues it for e-mail delivery to the site's contact address. Rate-limited per IP (429).",
		Tags:          []string{"Contact"},
		DefaultStatus: http.StatusAccepted,
	}, s.sendContact)
}

func (s *Server) sendContact(ctx context.Context, in *contactInput) (*acceptedOutput, error) {
	if err := check(ctx, s.limits.contactIP, infoFrom(ctx).IP); err != nil {
		return nil, err
	}
	site := platform.SiteFrom(ctx)
	msg := &platform.ContactMessage{Site: site.Project, Name: in.Body.Name, Email: in.Body.Email, Message: in.Body.Message}
	if err := s.opts.Contact.CreateContact(ctx, msg, site.ContactEmail); err != nil {
		return nil, Problem(ctx, err)
	}
	return &acceptedOutput{}, nil
}

func (s *Server) registerContactList() {
	huma.Register(s.api, huma.Operation{
		OperationID: "list-contacts", Method: http.MethodGet, Path: "/api/admin/contacts", Tags: []string{"Admin"},
		Summary: "Contact form messages of this site (admins)", Security: bearerSecurity,
	}, s.listContacts)
}

func (s *Server) listContacts(ctx context.Context, in *struct{ BearerAuth }) (*contactsOutput, error) {
	sess, err := s.withScope(ctx, in.BearerAuth, platform.ScopeAdmin)
	if err != nil {
		return nil, err
	}
	msgs, err := s.opts.ContactList.FindContacts(ctx, sess.User.Site, 100)
	if err != nil {
		return nil, Problem(ctx, err)
	}
	out := &contactsOutput{}
	out.Body.Items = make([]contactBody, len(msgs))
	for i, m := range msgs {
		out.Body.Items[i] = contactBody{ID: m.ID, Name: m.Name, Email: m.Email, Message: m.Message, CreatedAt: m.CreatedAt}
	}
	return out, nil
}

type contactBody struct {
	ID        string    `json:"id"`
	Name      string    `json:"name"`
	Email     string    `json:"email"`
	Message   string    `json:"message"`
	CreatedAt time.Time `json:"createdAt"`
}

type contactsOutput struct {
	Body struct {
		Items []contactBody `json:"items"`
	}
}
