package mail_test

import (
	"bufio"
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"souk/config"
	"souk/platform"
	"souk/platform/mail"
)

func TestRetryDelayGrowsAndIsCapped(t *testing.T) {
	want := map[int]time.Duration{1: 30 * time.Second, 2: time.Minute, 3: 2 * time.Minute, 8: time.Hour, 50: time.Hour}
	for attempts, d := range want {
		if got := mail.RetryDelay(attempts); got != d {
			t.Errorf("after %d attempts: %v, want %v", attempts, got, d)
		}
	}
}

// memQueue is an in-memory outbox.
type memQueue struct {
	mu     sync.Mutex
	mails  []platform.OutgoingMail
	sent   map[string]bool
	retry  map[string]time.Time
	causes []string
}

func (q *memQueue) DueMail(ctx context.Context, now time.Time, limit int) ([]platform.OutgoingMail, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	var out []platform.OutgoingMail
	for _, m := range q.mails {
		if !q.sent[m.ID] && !q.retry[m.ID].After(now) {
			out = append(out, m)
		}
	}
	return out, nil
}

func (q *memQueue) MarkMailSent(ctx context.Context, id string, at time.Time) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.sent[id] = true
	return nil
}

func (q *memQueue) MarkMailFailed(ctx context.Context, id string, cause error, retryAt time.Time) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	for i := range q.mails {
		if q.mails[i].ID == id {
			q.mails[i].Attempts++
		}
	}
	q.retry[id] = retryAt
	q.causes = append(q.causes, cause.Error())
	return nil
}

type flakySender struct{ failures int }

func (f *flakySender) Send(ctx context.Context, m platform.OutgoingMail) error {
	if f.failures > 0 {
		f.failures--
		return errors.New("connection refused")
	}
	return nil
}

func TestFailedMailIsKeptAndRetriedLater(t *testing.T) {
	q := &memQueue{mails: []platform.OutgoingMail{{ID: "m1", Recipient: "a@example.com"}}, sent: map[string]bool{}, retry: map[string]time.Time{}}
	d := &mail.Deliverer{Queue: q, Sender: &flakySender{failures: 1}, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if n := d.RunOnce(context.Background()); n != 0 || q.sent["m1"] || q.mails[0].Attempts != 1 {
		t.Fatalf("failed send: n=%d %+v", n, q)
	}
	if wait := time.Until(q.retry["m1"]); wait < 25*time.Second || wait > 35*time.Second {
		t.Fatalf("retry in %v", wait)
	}
	if n := d.RunOnce(context.Background()); n != 0 {
		t.Fatal("retried before its time")
	}
	q.retry["m1"] = time.Now()
	if n := d.RunOnce(context.Background()); n != 1 || !q.sent["m1"] {
		t.Fatalf("second attempt: n=%d", n)
	}
}

// fakeSMTP accepts one message on 127.0.0.1 and hands over its DATA.
func fakeSMTP(t *testing.T) (port int, got chan string) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	got = make(chan string, 1)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		r := bufio.NewReader(c)
		say := func(s string) { c.Write([]byte(s + "\r\n")) }
		say("220 test ESMTP")
		var data strings.Builder
		inData := false
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			if inData {
				if line == ".\r\n" {
					inData = false
					got <- data.String()
					say("250 queued")
					continue
				}
				data.WriteString(line)
				continue
			}
			switch cmd := strings.ToUpper(strings.TrimSpace(line)); {
			case strings.HasPrefix(cmd, "EHLO"), strings.HasPrefix(cmd, "HELO"):
				say("250-test\r\n250 8BITMIME")
			case strings.HasPrefix(cmd, "MAIL"), strings.HasPrefix(cmd, "RCPT"), strings.HasPrefix(cmd, "RSET"), strings.HasPrefix(cmd, "NOOP"):
				say("250 ok")
			case cmd == "DATA":
				inData = true
				say("354 go ahead")
			case cmd == "QUIT":
				say("221 bye")
				return
			default:
				say("502 unknown")
			}
		}
	}()
	addr := ln.Addr().(*net.TCPAddr)
	return addr.Port, got
}

func TestSMTPSenderDelivers(t *testing.T) {
	port, got := fakeSMTP(t)
	cfg := config.DefaultPlatform().Mail
	cfg.SMTPHost, cfg.SMTPPort, cfg.TLS = "127.0.0.1", port, "opportunistic"
	s := mail.NewSMTPSender(cfg)
	err := s.Send(context.Background(), platform.OutgoingMail{ID: "m1", Recipient: "ala@example.com", Subject: "Reset your password\r\nBcc: victim@example.com", Body: "open this link"})
	if err != nil {
		t.Fatal(err)
	}
	select {
	case data := <-got:
		if strings.Contains(data, "\r\nBcc:") {
			t.Errorf("a header was injected through the subject:\n%s", data)
		}
		for _, want := range []string{"To: <ala@example.com>", "Subject: Reset your password", "open this link", "From: \"Souk\" <no-reply@souk.localhost>"} {
			if !strings.Contains(data, want) {
				t.Errorf("message lacks %q:\n%s", want, data)
			}
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no message reached the server")
	}
	// Mandatory TLS refuses a server without STARTTLS instead of sending
	// in clear text.
	port2, _ := fakeSMTP(t)
	cfg.SMTPPort, cfg.TLS = port2, "mandatory"
	if err := mail.NewSMTPSender(cfg).Send(context.Background(), platform.OutgoingMail{Recipient: "a@example.com", Subject: "x", Body: "y"}); err == nil {
		t.Fatal("sent without TLS under the mandatory policy")
	}
}
