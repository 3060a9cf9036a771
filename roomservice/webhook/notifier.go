package webhook

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"sync"
	"sync/atomic"
	"time"

	"github.com/livekit/protocol/auth"
	"github.com/livekit/protocol/livekit"
	"google.golang.org/protobuf/encoding/protojson"
)

// ContentType is LiveKit's webhook media type; a custom type makes
// receivers check the signature before parsing.
const ContentType = "application/webhook+json"

// Config of a Notifier. URLs, APIKey and APISecret are required.
type Config struct {
	URLs      []string
	APIKey    string
	APISecret string
	// QueueSize bounds the events waiting per endpoint; beyond it new
	// events are dropped and logged. Default 1024.
	QueueSize int
	// Workers per endpoint. Events of one room always go to the same
	// worker, so they arrive in order. Default 4.
	Workers int
	// MaxAttempts per event and endpoint. Default 6.
	MaxAttempts int
	// Backoff before the first retry; it doubles up to MaxBackoff.
	// Defaults 500ms and 30s.
	Backoff, MaxBackoff time.Duration
	// Timeout of one attempt. Default 10s.
	Timeout time.Duration
	// Claims, when set, makes delivery once per event across nodes: an
	// event is sent to an endpoint only by the node that claims it.
	Claims   Claimer
	ClaimTTL time.Duration // how long a claim is kept. Default 24h.
	Client   *http.Client
}

func (c Config) withDefaults() Config {
	if c.QueueSize <= 0 {
		c.QueueSize = 1024
	}
	if c.Workers <= 0 {
		c.Workers = 4
	}
	if c.MaxAttempts <= 0 {
		c.MaxAttempts = 6
	}
	if c.Backoff <= 0 {
		c.Backoff = 500 * time.Millisecond
	}
	if c.MaxBackoff <= 0 {
		c.MaxBackoff = 30 * time.Second
	}
	if c.Timeout <= 0 {
		c.Timeout = 10 * time.Second
	}
	if c.ClaimTTL <= 0 {
		c.ClaimTTL = 24 * time.Hour
	}
	if c.Client == nil {
		c.Client = &http.Client{}
	}
	return c
}

// Claimer records that this node delivers an event; Claim reports false
// when another node already did.
type Claimer interface {
	Claim(ctx context.Context, key string, ttl time.Duration) (bool, error)
}

// Notifier delivers signed events to the configured endpoints.
type Notifier struct {
	cfg       Config
	log       *slog.Logger
	endpoints []*endpoint
	ctx       context.Context // cancelled when Close gives up waiting
	cancel    context.CancelFunc

	mu     sync.RWMutex
	closed bool
	wg     sync.WaitGroup

	delivered, dropped, failed atomic.Uint64
}

// Stats counts deliveries per endpoint and event since the start.
type Stats struct {
	// Delivered: accepted by the endpoint. Dropped: refused because the
	// endpoint's queue was full. Failed: every attempt failed, or shutdown
	// came first.
	Delivered, Dropped, Failed uint64
}

// Stats reports the totals.
func (n *Notifier) Stats() Stats {
	return Stats{Delivered: n.delivered.Load(), Dropped: n.dropped.Load(), Failed: n.failed.Load()}
}

type endpoint struct {
	url    string
	key    string // stable short name for claim keys
	queues []chan *job
}

type job struct {
	id, room, event string
	body            []byte
}

// New validates the configuration and starts the workers.
func New(cfg Config, log *slog.Logger) (*Notifier, error) {
	cfg = cfg.withDefaults()
	if cfg.APIKey == "" || cfg.APISecret == "" {
		return nil, errors.New("webhook: an API key with its secret is needed to sign events")
	}
	n := &Notifier{cfg: cfg, log: log.With("component", "webhook")}
	n.ctx, n.cancel = context.WithCancel(context.Background())
	for _, raw := range cfg.URLs {
		u, err := url.Parse(raw)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			n.cancel()
			return nil, fmt.Errorf("webhook: %q is not an http(s) URL", raw)
		}
		sum := sha256.Sum256([]byte(raw))
		ep := &endpoint{url: raw, key: hex.EncodeToString(sum[:8])}
		per := max(1, cfg.QueueSize/cfg.Workers)
		for range cfg.Workers {
			q := make(chan *job, per)
			ep.queues = append(ep.queues, q)
			n.wg.Add(1)
			go n.work(ep, q)
		}
		n.endpoints = append(n.endpoints, ep)
	}
	return n, nil
}

// EventID is the id of an event: derived from what the event is about,
// so that every node observing the same event names it the same way.
func EventID(ev *livekit.WebhookEvent) string {
	h := sha256.New()
	for _, s := range []string{ev.GetEvent(), ev.GetRoom().GetSid(), ev.GetRoom().GetName(), ev.GetParticipant().GetSid(), ev.GetTrack().GetSid()} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	return "EV_" + base64.RawURLEncoding.EncodeToString(h.Sum(nil)[:12])
}

// Notify queues an event for every endpoint; it never blocks. The id
// (EventID) and created_at are filled in when missing.
func (n *Notifier) Notify(ev *livekit.WebhookEvent) {
	if ev.Id == "" {
		ev.Id = EventID(ev)
	}
	if ev.CreatedAt == 0 {
		ev.CreatedAt = time.Now().Unix()
	}
	body, err := protojson.Marshal(ev)
	if err != nil {
		n.log.Error("encode webhook event", "event", ev.GetEvent(), "err", err)
		return
	}
	room := ev.GetRoom().GetName()
	n.mu.RLock()
	defer n.mu.RUnlock()
	if n.closed {
		n.log.Debug("webhook event after close dropped", "event", ev.GetEvent(), "id", ev.Id)
		return
	}
	for _, ep := range n.endpoints {
		h := fnv.New32a()
		h.Write([]byte(room))
		q := ep.queues[int(h.Sum32()%uint32(len(ep.queues)))]
		select {
		case q <- &job{id: ev.Id, room: room, event: ev.GetEvent(), body: body}:
		default:
			n.dropped.Add(1)
			n.log.Warn("webhook queue full, event dropped", "url", ep.url, "event", ev.GetEvent(), "id", ev.Id, "room", room)
		}
	}
}

// Close stops taking events and delivers the queued ones until ctx ends;
// then pending retries are abandoned.
func (n *Notifier) Close(ctx context.Context) error {
	n.mu.Lock()
	if !n.closed {
		n.closed = true
		for _, ep := range n.endpoints {
			for _, q := range ep.queues {
				close(q)
			}
		}
	}
	n.mu.Unlock()
	done := make(chan struct{})
	go func() { n.wg.Wait(); close(done) }()
	select {
	case <-done:
		n.cancel()
		return nil
	case <-ctx.Done():
		n.cancel()
		<-done
		return fmt.Errorf("webhook: queued events abandoned: %w", ctx.Err())
	}
}

func (n *Notifier) work(ep *endpoint, q chan *job) {
	defer n.wg.Done()
	for j := range q {
		n.deliver(ep, j)
	}
}

// deliver sends one event to one endpoint, retrying with backoff.
func (n *Notifier) deliver(ep *endpoint, j *job) {
	log := n.log.With("url", ep.url, "event", j.event, "id", j.id, "room", j.room)
	if n.cfg.Claims != nil {
		ok, err := n.cfg.Claims.Claim(n.ctx, "webhook:"+ep.key+":"+j.id, n.cfg.ClaimTTL)
		switch {
		case err != nil:
			// Sending twice is better than never: receivers deduplicate
			// by event id.
			log.Warn("webhook claim failed, delivering anyway", "err", err)
		case !ok:
			log.Debug("webhook event delivered by another node")
			return
		}
	}
	wait := n.cfg.Backoff
	var err error
	for attempt := 1; attempt <= n.cfg.MaxAttempts; attempt++ {
		var retry bool
		retry, err = n.post(ep.url, j.body)
		if err == nil {
			n.delivered.Add(1)
			log.Debug("webhook delivered", "attempt", attempt)
			return
		}
		if !retry || attempt == n.cfg.MaxAttempts {
			break
		}
		log.Info("webhook attempt failed, retrying", "attempt", attempt, "in", wait, "err", err)
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-n.ctx.Done():
			t.Stop()
			n.failed.Add(1)
			log.Warn("webhook delivery abandoned at shutdown", "err", err)
			return
		}
		wait = min(2*wait, n.cfg.MaxBackoff)
	}
	n.failed.Add(1)
	log.Warn("webhook delivery failed", "err", err)
}

// post makes one signed attempt; retry reports whether another attempt
// may succeed.
func (n *Notifier) post(endpoint string, body []byte) (retry bool, err error) {
	token, err := Sign(n.cfg.APIKey, n.cfg.APISecret, body)
	if err != nil {
		return false, err
	}
	ctx, cancel := context.WithTimeout(n.ctx, n.cfg.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewReader(body))
	if err != nil {
		return false, fmt.Errorf("build request: %w", err)
	}
	req.Header.Set("Authorization", token)
	req.Header.Set("Content-Type", ContentType)
	req.Header.Set("User-Agent", "Souk")
	resp, err := n.cfg.Client.Do(req)
	if err != nil {
		return true, fmt.Errorf("post: %w", err)
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	switch {
	case resp.StatusCode >= 200 && resp.StatusCode < 300:
		return false, nil
	case resp.StatusCode == http.StatusRequestTimeout || resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
		return true, fmt.Errorf("endpoint answered %s", resp.Status)
	default:
		return false, fmt.Errorf("endpoint refused the event: %s", resp.Status)
	}
}

// Sign returns the Authorization header value LiveKit receivers verify: a
// JWT issued by apiKey, valid for 5 minutes, whose sha256 claim is the
// base64 SHA-256 of the body.
func Sign(apiKey, apiSecret string, body []byte) (string, error) {
	sum := sha256.Sum256(body)
	tok, err := auth.NewAccessToken(apiKey, apiSecret).
		SetValidFor(5 * time.Minute).
		SetSha256(base64.StdEncoding.EncodeToString(sum[:])).
		ToJWT()
	if err != nil {
		return "", fmt.Errorf("sign webhook: %w", err)
	}
	return tok, nil
}
