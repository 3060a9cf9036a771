package mail

import (
	"context"
	"log/slog"
	"time"

	"souk/config"
	"souk/platform"
)

// Sender delivers one mail.
type Sender interface {
	Send(ctx context.Context, m platform.OutgoingMail) error
}

// Deliverer runs the delivery loop.
type Deliverer struct {
	Queue  platform.MailQueue
	Sender Sender
	Log    *slog.Logger
	// Interval between checks of the outbox. Default
	// platform.mail.poll_interval's (config.DefaultPlatform).
	Interval time.Duration
	// Batch is how many mails one pass sends at most. Default 20.
	Batch int
}

// Backoff bounds.
const (
	firstRetry = 30 * time.Second
	lastRetry  = time.Hour
)

// RetryDelay is the wait before attempt n+1 after n failed attempts.
func RetryDelay(attempts int) time.Duration {
	d := firstRetry
	for i := 1; i < attempts && d < lastRetry; i++ {
		d *= 2
	}
	return min(d, lastRetry)
}

// Run delivers until ctx ends.
func (d *Deliverer) Run(ctx context.Context) {
	interval := d.Interval
	if interval <= 0 {
		interval = config.DefaultPlatform().Mail.PollInterval
	}
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		d.RunOnce(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// RunOnce sends the mails due now and returns how many were sent.
func (d *Deliverer) RunOnce(ctx context.Context) int {
	batch := d.Batch
	if batch <= 0 {
		batch = 20
	}
	due, err := d.Queue.DueMail(ctx, time.Now(), batch)
	if err != nil {
		if ctx.Err() == nil {
			d.Log.Error("read outbox", "err", err)
		}
		return 0
	}
	sent := 0
	for _, m := range due {
		if ctx.Err() != nil {
			return sent
		}
		sendCtx, cancel := context.WithTimeout(ctx, time.Minute)
		err := d.Sender.Send(sendCtx, m)
		cancel()
		if err != nil {
			retry := time.Now().Add(RetryDelay(m.Attempts + 1))
			d.Log.Warn("mail delivery failed; will retry", "mail_id", m.ID, "site", m.Site, "attempt", m.Attempts+1, "retry_at", retry, "err", err)
			if err := d.Queue.MarkMailFailed(context.WithoutCancel(ctx), m.ID, err, retry); err != nil {
				d.Log.Error("record mail failure", "mail_id", m.ID, "err", err)
			}
			continue
		}
		if err := d.Queue.MarkMailSent(context.WithoutCancel(ctx), m.ID, time.Now()); err != nil {
			// It was sent; at worst it is sent again on the next pass.
			d.Log.Error("record mail delivery", "mail_id", m.ID, "err", err)
			continue
		}
		sent++
	}
	return sent
}
