package bus

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// Redis is the bus and mailbox shared by every node on one Redis.
type Redis struct {
	client  *redis.Client
	pubsub  *redis.PubSub
	channel string
	prefix  string
	node    string
	log     *slog.Logger

	mu      sync.Mutex
	handler Handler
	done    chan struct{}
	closed  sync.Once
}

// NewRedis connects to rawURL (redis://host:port/db), subscribes to the
// deployment's channel and starts relaying messages of other nodes. node
// names this process; prefix names the deployment's keys and channel.
func NewRedis(ctx context.Context, rawURL, prefix, node string, log *slog.Logger) (*Redis, error) {
	opts, err := redis.ParseURL(rawURL)
	if err != nil {
		return nil, fmt.Errorf("realtime bus: redis url: %w", err)
	}
	client := redis.NewClient(opts)
	if err := client.Ping(ctx).Err(); err != nil {
		client.Close()
		return nil, fmt.Errorf("realtime bus: redis at %s: %w", opts.Addr, err)
	}
	r := &Redis{
		client:  client,
		channel: prefix + ":bus",
		prefix:  prefix,
		node:    node,
		log:     log,
		done:    make(chan struct{}),
	}
	r.pubsub = client.Subscribe(ctx, r.channel)
	// Receive the subscription confirmation, so nothing published after
	// NewRedis returns is missed.
	if _, err := r.pubsub.Receive(ctx); err != nil {
		r.pubsub.Close()
		client.Close()
		return nil, fmt.Errorf("realtime bus: subscribe %s: %w", r.channel, err)
	}
	go r.relay()
	return r, nil
}

func (r *Redis) Subscribe(h Handler) {
	r.mu.Lock()
	r.handler = h
	r.mu.Unlock()
}

func (r *Redis) deliver(m Message) {
	r.mu.Lock()
	h := r.handler
	r.mu.Unlock()
	if h != nil {
		h(m)
	}
}

// Publish delivers to this node at once and to the others through Redis.
func (r *Redis) Publish(ctx context.Context, m Message) error {
	m.Origin = r.node
	r.deliver(m)
	raw, err := json.Marshal(m)
	if err != nil {
		return fmt.Errorf("realtime bus: encode: %w", err)
	}
	if err := r.client.Publish(ctx, r.channel, raw).Err(); err != nil {
		return fmt.Errorf("realtime bus: publish: %w", err)
	}
	return nil
}

func (r *Redis) relay() {
	defer close(r.done)
	for msg := range r.pubsub.Channel(redis.WithChannelHealthCheckInterval(30 * time.Second)) {
		var m Message
		if err := json.Unmarshal([]byte(msg.Payload), &m); err != nil {
			r.log.Warn("realtime bus: undecodable message dropped", "channel", msg.Channel, "err", err)
			continue
		}
		if m.Origin == r.node {
			continue
		}
		r.deliver(m)
	}
}

// Close unsubscribes, waits for the relay to end and disconnects.
func (r *Redis) Close() error {
	var err error
	r.closed.Do(func() {
		err = r.pubsub.Close()
		<-r.done
		err = errors.Join(err, r.client.Close())
	})
	return err
}

func (r *Redis) boxKey(box string) string { return r.prefix + ":mailbox:" + box }

func (r *Redis) Hold(ctx context.Context, box, id string, payload []byte, ttl time.Duration) error {
	now := time.Now()
	raw, err := json.Marshal(held{Payload: payload, Held: now, Expires: now.Add(ttl)})
	if err != nil {
		return fmt.Errorf("realtime mailbox: encode: %w", err)
	}
	key := r.boxKey(box)
	_, err = r.client.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.HSet(ctx, key, id, raw)
		// The key outlives its newest entry by a little; older entries
		// are filtered on read.
		p.PExpire(ctx, key, ttl+time.Second)
		return nil
	})
	if err != nil {
		return fmt.Errorf("realtime mailbox: hold: %w", err)
	}
	return nil
}

func (r *Redis) Get(ctx context.Context, box, id string) ([]byte, bool, error) {
	raw, err := r.client.HGet(ctx, r.boxKey(box), id).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("realtime mailbox: get: %w", err)
	}
	var e held
	if err := json.Unmarshal(raw, &e); err != nil || !time.Now().Before(e.Expires) {
		return nil, false, nil
	}
	return e.Payload, true, nil
}

func (r *Redis) Held(ctx context.Context, box string) ([][]byte, error) {
	key := r.boxKey(box)
	all, err := r.client.HGetAll(ctx, key).Result()
	if err != nil {
		return nil, fmt.Errorf("realtime mailbox: list: %w", err)
	}
	now := time.Now()
	entries := make(map[string]held, len(all))
	var stale []string
	for id, raw := range all {
		var e held
		if err := json.Unmarshal([]byte(raw), &e); err != nil || !now.Before(e.Expires) {
			stale = append(stale, id)
			continue
		}
		entries[id] = e
	}
	if len(stale) > 0 {
		if err := r.client.HDel(ctx, key, stale...).Err(); err != nil {
			r.log.Warn("realtime mailbox: prune failed", "box", box, "err", err)
		}
	}
	return sortedPayloads(entries), nil
}

func (r *Redis) Drop(ctx context.Context, box, id string) error {
	if err := r.client.HDel(ctx, r.boxKey(box), id).Err(); err != nil {
		return fmt.Errorf("realtime mailbox: drop: %w", err)
	}
	return nil
}
