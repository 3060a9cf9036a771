package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/redis/go-redis/v9"

	"souk/cluster"
	"souk/config"
	"souk/platform/httpapi"
	"souk/platform/realtime"
	"souk/platform/realtime/bus"
	"souk/platform/store"
	"souk/signal"
)

// realtimeChannels is the mounted realtime service and the bus it owns.
type realtimeChannels struct {
	service   *realtime.Service
	bus       bus.Bus
	crossNode bool
	node      string
	slotsDB   *redis.Client // the shared connection count's; nil on one node
	accounts  *store.AccountService
}

// sessionChecker is what signalling asks whether a media token's sign-in
// session is live; nil (no store on this node) leaves it to the ended
// sessions the bus delivers.
func (c *realtimeChannels) sessionChecker() signal.SessionChecker {
	if c == nil {
		return nil
	}
	return c.accounts
}

// connectionSlotTTL is how long a socket's slot in the shared per-user
// connection count outlives its node: a node that dies frees its users'
// slots within this time.
const connectionSlotTTL = 30 * time.Second

// wireRealtime builds the Socket.IO channels; mount them once the API
// server exists. With redis.url set, broadcasts, held invitations and
// ended sessions are shared through Redis so several souk processes serve
// the same rooms; otherwise they stay in this process. The service also
// closes the sockets of sessions that end (apiOpts.Sessions).
//
// On a cluster node (node set), the requests of a long-polling session
// that reach another node are relayed to the node holding the session,
// which its id names: the load balancer in front needs no stickiness.
func wireRealtime(ctx context.Context, cfg config.Config, db *store.DB, node *clusterNode, log *slog.Logger) (*realtimeChannels, error) {
	host, _ := os.Hostname()
	name := fmt.Sprintf("%s-%d", host, os.Getpid())
	var (
		b       bus.Bus
		mailbox bus.Mailbox
		slots   realtime.ConnectionSlots
		slotsDB *redis.Client
	)
	if cfg.Redis.URL != "" {
		r, err := bus.NewRedis(ctx, cfg.Redis.URL, cfg.Realtime.RedisPrefix, name, log)
		if err != nil {
			return nil, err
		}
		b, mailbox = r, r
		opts, err := redis.ParseURL(cfg.Redis.URL)
		if err != nil {
			r.Close()
			return nil, fmt.Errorf("redis.url: %w", err)
		}
		slotsDB = redis.NewClient(opts)
		slots = cluster.NewConnectionSlots(slotsDB, cfg.Realtime.RedisPrefix, connectionSlotTTL)
	} else {
		l := bus.NewLocal()
		b, mailbox = l, l
	}
	// Authentication and user look-ups do not depend on token lifetimes,
	// so this service needs no account options of its own.
	accounts := store.NewAccountService(db, store.AccountOptions{})
	var forwarder realtime.SessionForwarder
	if node != nil {
		forwarder = cluster.NewRelay(ctx, node.reg, relaySecret(cfg.Media.Keys), false, nil)
	}
	svc, err := realtime.New(realtime.Options{
		Config:    cfg.Realtime,
		Auth:      accounts,
		Users:     accounts,
		Calls:     store.NewCallService(db),
		Bus:       b,
		Mailbox:   mailbox,
		Node:      name,
		Logger:    log,
		Slots:     slots,
		Forwarder: forwarder,
	})
	if err != nil {
		b.Close()
		if slotsDB != nil {
			slotsDB.Close()
		}
		return nil, fmt.Errorf("realtime: %w", err)
	}
	return &realtimeChannels{service: svc, bus: b, crossNode: cfg.Redis.URL != "", node: name, slotsDB: slotsDB, accounts: accounts}, nil
}

// mount serves the channels at /socket.io/ below the site middleware.
func (c *realtimeChannels) mount(api *httpapi.Server, log *slog.Logger) {
	api.Router().Handle("/socket.io/", c.service)
	log.Info("realtime channels mounted", "path", "/socket.io/", "cross_node", c.crossNode, "node", c.node)
}

// Close disconnects every client, then the bus.
func (c *realtimeChannels) Close(ctx context.Context) error {
	err := errors.Join(c.service.Close(ctx), c.bus.Close())
	if c.slotsDB != nil {
		err = errors.Join(err, c.slotsDB.Close())
	}
	return err
}
