package main

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/livekit/protocol/livekit"
	"github.com/redis/go-redis/v9"

	"souk/config"
	"souk/platform"
	"souk/roomservice"
	"souk/roomservice/webhook"
	"souk/sfu"
)

// operatorAPI is what operators' tools use: the Twirp RoomService and the
// webhooks fed by the SFU's events.
type operatorAPI struct {
	hooks *webhook.Notifier // nil without media.webhook.urls
	redis *redis.Client     // nil without redis.url
}

// newOperatorAPI starts the webhook notifier when endpoints are
// configured. With redis.url set, each event is claimed in Redis so that
// only one node delivers it.
func newOperatorAPI(cfg config.Config, log *slog.Logger) (*operatorAPI, error) {
	ops := &operatorAPI{}
	w := cfg.Media.Webhook
	if len(w.URLs) == 0 {
		return ops, nil
	}
	key := w.APIKey
	if key == "" {
		keys := make([]string, 0, len(cfg.Media.Keys))
		for k := range cfg.Media.Keys {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		if len(keys) == 0 {
			return nil, fmt.Errorf("media.webhook: no media key to sign events with")
		}
		key = keys[0]
	}
	wcfg := webhook.Config{URLs: w.URLs, APIKey: key, APISecret: cfg.Media.Keys[key]}
	if cfg.Redis.URL != "" {
		opts, err := redis.ParseURL(cfg.Redis.URL)
		if err != nil {
			return nil, fmt.Errorf("redis.url: %w", err)
		}
		ops.redis = redis.NewClient(opts)
		wcfg.Claims = webhook.RedisClaims{Client: ops.redis, Prefix: "souk:webhook"}
	}
	hooks, err := webhook.New(wcfg, log)
	if err != nil {
		ops.closeRedis(log)
		return nil, fmt.Errorf("media.webhook: %w", err)
	}
	ops.hooks = hooks
	log.Info("webhooks enabled", "urls", len(w.URLs), "api_key", key, "claims_in_redis", ops.redis != nil)
	return ops, nil
}

// observe is the SFU's event hook.
func (o *operatorAPI) observe(e sfu.Event) {
	if o.hooks == nil {
		return
	}
	o.hooks.Notify(&livekit.WebhookEvent{Event: e.Name, Room: e.Room, Participant: e.Participant, Track: e.Track})
}

// mount serves the RoomService next to signalling, authorized by the same
// media keys. In a cluster (elsewhere not nil) it answers for every
// node's rooms.
func (o *operatorAPI) mount(r chi.Router, rooms *sfu.Manager, elsewhere roomservice.Cluster, keys map[string]string, log *slog.Logger) {
	svc := roomservice.New(roomservice.Config{}, rooms, roomservice.StaticKeys(keys), log)
	if elsewhere != nil {
		svc.WithCluster(elsewhere)
	}
	r.Handle(roomservice.PathPrefix+"*", svc)
}

// Close delivers what is queued until ctx ends.
func (o *operatorAPI) Close(ctx context.Context, log *slog.Logger) {
	if o.hooks != nil {
		if err := o.hooks.Close(ctx); err != nil {
			log.Warn("webhooks did not finish", "err", err)
		}
	}
	o.closeRedis(log)
}

func (o *operatorAPI) closeRedis(log *slog.Logger) {
	if o.redis != nil {
		if err := o.redis.Close(); err != nil {
			log.Warn("closing redis", "err", err)
		}
	}
}

// liveRooms shows the SFU's running rooms to the platform's admin listing.
type liveRooms struct{ rooms *sfu.Manager }

func (l liveRooms) LiveRooms(context.Context) []platform.LiveRoom {
	list := l.rooms.ListRooms(nil)
	out := make([]platform.LiveRoom, 0, len(list))
	for _, r := range list {
		out = append(out, platform.LiveRoom{Name: r.GetName(), Participants: int(r.GetNumParticipants()),
			CreatedAt: time.Unix(r.GetCreationTime(), 0)})
	}
	return out
}
