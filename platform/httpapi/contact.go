package httpapi

import (
	"context"
	"net/http"

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
	}, func(ctx context.Context, in *contactInput) (*acceptedOutput, error) {
		if err := check(s.limits.contactIP, infoFrom(ctx).IP); err != nil {
			return nil, err
		}
		site := platform.SiteFrom(ctx)
		msg := &platform.ContactMessage{Site: site.Project, Name: in.Body.Name, Email: in.Body.Email, Message: in.Body.Message}
		if err := s.opts.Contact.CreateContact(ctx, msg, site.ContactEmail); err != nil {
			return nil, Problem(ctx, err)
		}
		return &acceptedOutput{}, nil
	})
}
