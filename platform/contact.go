package platform

import (
	"context"
	"net/mail"
	"strings"
	"time"
	"unicode/utf8"
)

// Contact form limits.
const (
	ContactNameMax    = 100
	ContactMessageMin = 10
	ContactMessageMax = 5000
)

// ContactMessage is one submission of a site's contact form.
type ContactMessage struct {
	ID        string
	Site      string
	Name      string
	Email     string
	Message   string
	CreatedAt time.Time
}

// Validate trims the fields and reports every problem.
func (m *ContactMessage) Validate() error {
	m.Name = strings.TrimSpace(m.Name)
	m.Email = strings.TrimSpace(m.Email)
	m.Message = strings.TrimSpace(m.Message)
	var fields []FieldError
	if n := utf8.RuneCountInString(m.Name); n == 0 || n > ContactNameMax || HasControl(m.Name) {
		fields = append(fields, FieldError{"name", "name is required and must be at most 100 characters, on one line"})
	}
	if addr, err := mail.ParseAddress(m.Email); err != nil || addr.Address != m.Email {
		fields = append(fields, FieldError{"email", "must be a valid e-mail address such as name@example.com"})
	}
	if n := utf8.RuneCountInString(m.Message); n < ContactMessageMin || n > ContactMessageMax || HasTextControl(m.Message) {
		fields = append(fields, FieldError{"message", "message must be between 10 and 5000 characters, without control characters"})
	}
	if len(fields) > 0 {
		return Invalid(fields...)
	}
	return nil
}

// ContactService stores contact submissions and queues them for delivery
// to the site's contact address.
type ContactService interface {
	// CreateContact validates m, stores it and queues the e-mail in one
	// transaction: either both are durable or neither is.
	CreateContact(ctx context.Context, m *ContactMessage, to string) error
}
