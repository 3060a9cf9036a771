package mail

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"

	"souk/config"
	"souk/platform"
)

// LogSender writes mails to the log instead of sending them; development
// only, where no SMTP server is configured.
type LogSender struct{ Log *slog.Logger }

// Send implements Sender.
func (s LogSender) Send(ctx context.Context, m platform.OutgoingMail) error {
	s.Log.Info("mail (development: not sent, no SMTP configured)", "to", m.Recipient, "subject", m.Subject, "site", m.Site, "body", m.Body)
	return nil
}

// SMTPSender sends through an SMTP server.
type SMTPSender struct {
	cfg config.PlatformMail
}

// NewSMTPSender returns a sender for cfg (cfg.SMTPHost must be set).
func NewSMTPSender(cfg config.PlatformMail) *SMTPSender { return &SMTPSender{cfg: cfg} }

func (s *SMTPSender) client() (*gomail.Client, error) {
	opts := []gomail.Option{gomail.WithPort(s.cfg.SMTPPort), gomail.WithTimeout(30 * time.Second)}
	switch s.cfg.TLS {
	case "implicit":
		opts = append(opts, gomail.WithSSL())
	case "opportunistic":
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	default:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	}
	if s.cfg.Username != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(s.cfg.Username), gomail.WithPassword(s.cfg.Password))
	}
	return gomail.NewClient(s.cfg.SMTPHost, opts...)
}

// Send implements Sender.
func (s *SMTPSender) Send(ctx context.Context, m platform.OutgoingMail) error {
	msg := gomail.NewMsg()
	if err := msg.From(s.cfg.From); err != nil {
		return fmt.Errorf("sender address: %w", err)
	}
	if err := msg.To(m.Recipient); err != nil {
		return fmt.Errorf("recipient address: %w", err)
	}
	msg.Subject(oneLine(m.Subject))
	msg.SetDate()
	msg.SetMessageID()
	msg.SetBodyString(gomail.TypeTextPlain, m.Body)
	c, err := s.client()
	if err != nil {
		return fmt.Errorf("smtp client: %w", err)
	}
	if err := c.DialAndSendWithContext(ctx, msg); err != nil {
		return fmt.Errorf("smtp send: %w", err)
	}
	return nil
}

// oneLine keeps user-provided text (a contact form name in the subject)
// from starting new header lines.
func oneLine(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == '\r' || r == '\n' }), " ")
}
