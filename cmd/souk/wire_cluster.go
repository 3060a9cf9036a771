package main

import (
	"context"
	"crypto/sha256"
	"fmt"
	"log/slog"
	"maps"
	"net"
	"net/url"
	"os"
	"slices"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"

	"souk/cluster"
	"souk/config"
	"souk/sfu"
)

// clusterNode is this process's membership of a multi-node deployment:
// its registry entry, the signalling relay and the drain on SIGTERM. It
// exists only when redis.url is set; a lone node has none.
type clusterNode struct {
	cfg   config.Cluster
	rdb   *redis.Client
	reg   *cluster.Registry
	relay *cluster.Relay
	rooms *sfu.Manager // nil without the sfu role
	log   *slog.Logger
	cpu   cluster.CPUSampler
	id    string
	// facts are published beside the registry entry for `souk doctor`.
	facts nodeFacts

	mu     sync.Mutex
	hosted map[string]bool // rooms hosted here at the last beat
	lastTx uint64          // bytes forwarded at the last beat
	lastAt time.Time

	cancel   context.CancelFunc
	done     chan struct{}
	stopOnce sync.Once
}

// newClusterNode connects to Redis (without requiring it to answer yet:
// a node starts, and keeps its rooms, while Redis is down) and prepares
// the registry entry. addr is the listener's address.
func newClusterNode(ctx context.Context, cfg config.Config, addr net.Addr, log *slog.Logger) (*clusterNode, error) {
	if cfg.Redis.URL == "" {
		return nil, nil
	}
	opts, err := redis.ParseURL(cfg.Redis.URL)
	if err != nil {
		return nil, fmt.Errorf("redis.url: %w", err)
	}
	// Short timeouts: a request that finds Redis gone answers 503 in
	// about a second instead of hanging.
	opts.DialTimeout, opts.ReadTimeout, opts.WriteTimeout = time.Second, time.Second, time.Second
	opts.MaxRetries = 1
	c := cfg.Cluster
	id := c.NodeID
	if id == "" {
		host, _ := os.Hostname()
		id = fmt.Sprintf("%s-%d", host, os.Getpid())
	}
	signalURL, err := advertiseURL(c.AdvertiseURL, addr, cfg.Media.NodeIPs)
	if err != nil {
		return nil, err
	}
	n := &clusterNode{cfg: c, rdb: redis.NewClient(opts), log: log, hosted: map[string]bool{}, id: id, facts: factsOf(cfg, newInstanceID())}
	n.reg = cluster.New(cluster.Config{
		Redis: n.rdb, Prefix: c.Prefix,
		Self:      cluster.Node{ID: id, Roles: c.Roles, SignalURL: signalURL, MediaIPs: cfg.Media.NodeIPs},
		Heartbeat: c.Heartbeat, TTL: c.NodeTTL,
		Load: n.load, Beat: n.beat, Logger: log,
	})
	log.Info("cluster member", "node", id, "roles", c.Roles, "signal_url", signalURL)
	return n, nil
}

// advertiseURL is cluster.advertise_url, or the listener's address with a
// concrete host: other nodes must be able to dial it.
func advertiseURL(configured string, addr net.Addr, nodeIPs []string) (string, error) {
	if configured != "" {
		return configured, nil
	}
	host, port, err := net.SplitHostPort(addr.String())
	if err != nil {
		return "", fmt.Errorf("listener address %s: %w", addr, err)
	}
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		switch {
		case len(nodeIPs) > 0:
			host = nodeIPs[0]
		default:
			if host, err = os.Hostname(); err != nil {
				return "", fmt.Errorf("cluster.advertise_url is unset and the host name is unknown: %w", err)
			}
		}
	}
	return (&url.URL{Scheme: "http", Host: net.JoinHostPort(host, port)}).String(), nil
}

// attach gives the node its media rooms (nil without the sfu role) and
// builds the signalling relay; keys are the media keys every node shares.
func (n *clusterNode) attach(ctx context.Context, rooms *sfu.Manager, keys map[string]string) *cluster.Relay {
	n.rooms = rooms
	var local func(string) bool
	if rooms != nil {
		local = func(room string) bool { return len(rooms.ListRooms([]string{room})) > 0 }
	}
	n.relay = cluster.NewRelay(ctx, n.reg, relaySecret(keys), rooms != nil, local)
	return n.relay
}

// relaySecret derives the relay-mark key from the media keys, which every
// node of a deployment must share anyway (any node verifies any token).
func relaySecret(keys map[string]string) []byte {
	h := sha256.New()
	h.Write([]byte("souk cluster relay\n"))
	for _, k := range slices.Sorted(maps.Keys(keys)) {
		h.Write([]byte(k + "\x00" + keys[k] + "\n"))
	}
	return h.Sum(nil)
}

// rateCounter shares the per-IP rate limits through Redis.
// strikes keeps the login back-off in Redis for every node.
func (n *clusterNode) strikes() *cluster.Strikes { return cluster.NewStrikes(n.rdb, n.cfg.Prefix) }

func (n *clusterNode) rateCounter() *cluster.RateCounter {
	return cluster.NewRateCounter(n.rdb, n.cfg.Prefix)
}

// start runs the heartbeat until stop.
func (n *clusterNode) start(ctx context.Context) {
	ctx, n.cancel = context.WithCancel(context.WithoutCancel(ctx))
	n.done = make(chan struct{})
	go func() {
		defer close(n.done)
		n.reg.Run(ctx)
	}()
}

// stop ends the heartbeat (removing this node's entry) and closes Redis.
func (n *clusterNode) stop() {
	n.stopOnce.Do(func() {
		if n.cancel != nil {
			n.cancel()
			<-n.done
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			_ = withdrawFacts(ctx, n.rdb, n.cfg.Prefix, n.id, n.facts.Instance)
			cancel()
		}
		_ = n.rdb.Close()
	})
}

func (n *clusterNode) load() cluster.Load {
	l := cluster.Load{CPU: n.cpu.Sample()}
	if n.rooms == nil {
		return l
	}
	st := n.rooms.Stats()
	l.Rooms, l.Participants, l.Tracks = st.Rooms, st.Participants, st.PublishedTracks
	now := time.Now()
	n.mu.Lock()
	if !n.lastAt.IsZero() && st.BytesForwarded >= n.lastTx {
		l.BitsPerSecond = int64(float64(st.BytesForwarded-n.lastTx) * 8 / now.Sub(n.lastAt).Seconds())
	}
	n.lastTx, n.lastAt = st.BytesForwarded, now
	n.mu.Unlock()
	return l
}

// beat publishes this node's facts (nodeFacts) and keeps the room
// records true: rooms hosted here are claimed (they come back after Redis
// lost its data), rooms that closed here are released, and a room that
// turns out to be recorded on another live node is given up: its
// participants rejoin, and the join takes them to the recorded copy. It
// fails when the rooms could not be recorded, so this node does not
// confirm the registry epoch (cluster/epoch.go).
func (n *clusterNode) beat(ctx context.Context) error {
	if err := publishFacts(ctx, n.rdb, n.cfg.Prefix, n.id, n.facts, n.cfg.NodeTTL); err != nil {
		n.log.Warn("cluster: could not publish this node's facts for souk doctor", "err", err)
	}
	if n.rooms == nil {
		return nil
	}
	now := map[string]bool{}
	for _, r := range n.rooms.ListRooms(nil) {
		now[r.GetName()] = true
	}
	n.mu.Lock()
	prev := n.hosted
	n.hosted = now
	n.mu.Unlock()
	elsewhere, err := n.reg.ClaimRooms(ctx, slices.Collect(maps.Keys(now)))
	if err != nil {
		n.log.Warn("cluster: could not record hosted rooms", "err", err)
		return err
	}
	for room, owner := range elsewhere {
		moved := n.rooms.MoveRoom(room)
		n.log.Warn("cluster: room also hosted by the node it is recorded on; participants sent there",
			"room", room, "recorded_on", owner, "moved", moved)
	}
	for room := range prev {
		if !now[room] {
			if err := n.reg.ReleaseRoom(ctx, room); err != nil {
				n.log.Warn("cluster: could not release a closed room", "room", room, "err", err)
			}
		}
	}
	return nil
}

// drain runs on SIGTERM before the HTTP server stops: the node stops
// taking rooms, forgets its room records so the next join places each
// room elsewhere, and tells its participants to reconnect, which brings
// them to another node. It returns when they have all left or after
// cluster.drain_timeout.
func (n *clusterNode) drain(ctx context.Context) {
	if n.rooms == nil {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, n.cfg.DrainTimeout)
	defer cancel()
	start := time.Now()
	if err := n.reg.SetDraining(ctx); err != nil {
		n.log.Warn("drain: could not announce draining; participants are moved anyway", "err", err)
	}
	for _, r := range n.rooms.ListRooms(nil) {
		if err := n.reg.ReleaseRoom(ctx, r.GetName()); err != nil {
			n.log.Warn("drain: could not release room", "room", r.GetName(), "err", err)
		}
	}
	if err := n.rooms.Drain(ctx); err != nil {
		n.log.Warn("drain: participants still here at the deadline", "err", err)
		return
	}
	n.log.Info("drain: every participant moved", "took", time.Since(start).Round(time.Millisecond))
}
