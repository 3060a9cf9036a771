package cluster

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// Roles a node may announce (the same words as cluster.roles).
const (
	RolePlatform = "platform"
	RoleSFU      = "sfu"
	RoleTURN     = "turn"
)

// ErrUnavailable wraps every failure to reach Redis, so callers can answer
// "try again shortly" instead of a generic error.
var ErrUnavailable = errors.New("cluster registry (redis) unavailable")

// Load is what a node reports about itself at each heartbeat.
type Load struct {
	// CPU is the process's CPU use since the previous beat, in cores
	// (1.5 = one and a half cores busy).
	CPU           float64 `json:"cpu"`
	Rooms         int     `json:"rooms"`
	Participants  int     `json:"participants"`
	Tracks        int     `json:"tracks"`
	BitsPerSecond int64   `json:"bps"`
}

// Node is one registry entry.
type Node struct {
	ID    string   `json:"id"`
	Roles []string `json:"roles"`
	// SignalURL is the base URL (http://host:port) other nodes relay
	// signalling connections to.
	SignalURL string `json:"signal_url"`
	// MediaIPs are the addresses this node's ICE candidates carry.
	MediaIPs []string  `json:"media_ips,omitempty"`
	Load     Load      `json:"load"`
	Draining bool      `json:"draining,omitempty"`
	Seen     time.Time `json:"seen"`
	// Epoch is the registry epoch in which this node last recorded every
	// room it hosts ("none" before it first did; see epoch.go): no room
	// is placed while a live media node has not confirmed the current one.
	Epoch string `json:"epoch,omitempty"`
}

// HasRole tells whether the node announced role.
func (n Node) HasRole(role string) bool { return slices.Contains(n.Roles, role) }

// Config describes this node and how it reports itself.
type Config struct {
	Redis  *redis.Client
	Prefix string // every key starts with it, e.g. "souk:cluster"
	Self   Node   // ID, Roles, SignalURL and MediaIPs; Load and Seen are filled in
	// Heartbeat is the refresh period; TTL how long an entry outlives its
	// last refresh.
	Heartbeat, TTL time.Duration
	// Load samples this node's load at each beat; nil reports zeros.
	Load func() Load
	// Beat, when set, runs after each successful heartbeat: it records the
	// rooms this node hosts (ClaimRooms), which brings them back after
	// Redis lost its data. Only once it returned nil in an epoch does this
	// node confirm that epoch, opening it for placements.
	Beat   func(ctx context.Context) error
	Logger *slog.Logger
}

// Registry keeps this node's entry alive and reads the others'.
type Registry struct {
	cfg Config
	log *slog.Logger

	mu       sync.Mutex
	draining bool
	known    map[string]bool // live nodes at the last beat, for join/loss logs
	healthy  bool            // the last beat reached Redis
	// confirmed is the epoch in which Beat last recorded this node's
	// rooms; published in the entry as Node.Epoch.
	confirmed string
}

// New returns a registry; Run starts the heartbeat.
func New(cfg Config) *Registry {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return &Registry{cfg: cfg, log: cfg.Logger.With("component", "cluster", "node", cfg.Self.ID), known: map[string]bool{}}
}

// Self returns this node's id.
func (r *Registry) Self() string { return r.cfg.Self.ID }

func (r *Registry) nodeKey(id string) string { return r.cfg.Prefix + ":node:" + id }
func (r *Registry) nodesKey() string         { return r.cfg.Prefix + ":nodes" }
func (r *Registry) epochKey() string         { return r.cfg.Prefix + ":epoch" }

// Run beats until ctx ends, then removes this node's entry (a graceful
// exit; a killed node's entry simply expires).
func (r *Registry) Run(ctx context.Context) {
	t := time.NewTicker(r.cfg.Heartbeat)
	defer t.Stop()
	for {
		r.beat(ctx)
		select {
		case <-ctx.Done():
			leaveCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
			r.leave(leaveCtx)
			cancel()
			return
		case <-t.C:
		}
	}
}

// SetDraining announces that this node takes no new rooms, at once.
func (r *Registry) SetDraining(ctx context.Context) error {
	r.mu.Lock()
	r.draining = true
	r.mu.Unlock()
	_, err := r.publish(ctx)
	return err
}

// Draining tells whether SetDraining was called.
func (r *Registry) Draining() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.draining
}

// Healthy tells whether the last heartbeat reached Redis.
func (r *Registry) Healthy() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.healthy
}

// publish writes this node's entry and returns the registry's current
// epoch, starting one when Redis has none (a new deployment, or one that
// lost its data).
func (r *Registry) publish(ctx context.Context) (epoch string, err error) {
	self := r.cfg.Self
	if r.cfg.Load != nil {
		self.Load = r.cfg.Load()
	}
	r.mu.Lock()
	self.Draining = r.draining
	self.Epoch = cmp.Or(r.confirmed, noEpoch)
	r.mu.Unlock()
	self.Seen = time.Now().UTC()
	raw, err := json.Marshal(self)
	if err != nil {
		return "", fmt.Errorf("encode node: %w", err)
	}
	epoch, err = beatScript.Run(ctx, r.cfg.Redis, []string{r.nodeKey(self.ID), r.nodesKey(), r.epochKey()},
		raw, r.cfg.TTL.Milliseconds(), self.ID, newEpochID()).Text()
	if err != nil {
		return "", fmt.Errorf("%w: heartbeat: %w", ErrUnavailable, err)
	}
	return epoch, nil
}

func (r *Registry) beat(ctx context.Context) {
	epoch, err := r.publish(ctx)
	r.mu.Lock()
	was := r.healthy
	r.healthy = err == nil
	r.mu.Unlock()
	if err != nil {
		if was || ctx.Err() == nil {
			r.log.Warn("cluster heartbeat failed; hosted rooms go on, new cross-node work is refused until Redis answers", "err", err)
		}
		return
	}
	if !was {
		r.log.Info("cluster heartbeat reaches Redis")
	}
	r.confirm(ctx, epoch)
	nodes, err := r.Nodes(ctx)
	if err != nil {
		return
	}
	live := make(map[string]bool, len(nodes))
	for _, n := range nodes {
		live[n.ID] = true
	}
	r.mu.Lock()
	prev := r.known
	r.known = live
	r.mu.Unlock()
	for id := range live {
		if !prev[id] && id != r.cfg.Self.ID {
			r.log.Info("cluster node joined", "peer", id)
		}
	}
	for id := range prev {
		if !live[id] {
			r.log.Warn("cluster node lost (no heartbeat within the TTL)", "peer", id)
		}
	}
}

func (r *Registry) leave(ctx context.Context) {
	_, err := r.cfg.Redis.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.Del(ctx, r.nodeKey(r.cfg.Self.ID))
		p.SRem(ctx, r.nodesKey(), r.cfg.Self.ID)
		return nil
	})
	if err != nil {
		r.log.Warn("could not remove this node from the registry; it expires on its own", "err", err)
	}
}

// Nodes returns the live nodes, sorted by id. Entries whose heartbeat
// expired are dropped from the index on the way.
func (r *Registry) Nodes(ctx context.Context) ([]Node, error) {
	ids, err := r.cfg.Redis.SMembers(ctx, r.nodesKey()).Result()
	if err != nil {
		return nil, fmt.Errorf("%w: list nodes: %w", ErrUnavailable, err)
	}
	if len(ids) == 0 {
		return nil, nil
	}
	slices.Sort(ids)
	keys := make([]string, len(ids))
	for i, id := range ids {
		keys[i] = r.nodeKey(id)
	}
	vals, err := r.cfg.Redis.MGet(ctx, keys...).Result()
	if err != nil {
		return nil, fmt.Errorf("%w: read nodes: %w", ErrUnavailable, err)
	}
	var out []Node
	var dead []any
	for i, v := range vals {
		s, ok := v.(string)
		if !ok {
			dead = append(dead, ids[i])
			continue
		}
		var n Node
		if err := json.Unmarshal([]byte(s), &n); err != nil {
			r.log.Warn("unreadable registry entry", "peer", ids[i], "err", err)
			continue
		}
		out = append(out, n)
	}
	if len(dead) > 0 {
		// Only the index entry goes; a node that beats again re-adds itself.
		_ = r.cfg.Redis.SRem(ctx, r.nodesKey(), dead...).Err()
	}
	return out, nil
}

// Node returns one live node.
func (r *Registry) Node(ctx context.Context, id string) (Node, bool, error) {
	raw, err := r.cfg.Redis.Get(ctx, r.nodeKey(id)).Bytes()
	if errors.Is(err, redis.Nil) {
		return Node{}, false, nil
	}
	if err != nil {
		return Node{}, false, fmt.Errorf("%w: read node %s: %w", ErrUnavailable, id, err)
	}
	var n Node
	if err := json.Unmarshal(raw, &n); err != nil {
		return Node{}, false, fmt.Errorf("registry entry of %s: %w", id, err)
	}
	return n, true, nil
}
