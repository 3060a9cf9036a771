package metrics

import (
	"souk/platform/realtime"
	"souk/roomservice/webhook"
	"souk/sfu"
	"souk/turn"
)

// Each source is the one method the collectors call on a service, so the
// services satisfy them as they are: *sfu.Manager, *turn.Server,
// *realtime.Service and *webhook.Notifier. A collector reads the
// service's own Stats struct; there is no copy of its fields to keep in
// step.

// MediaSource is the SFU.
type MediaSource interface{ Stats() sfu.Stats }

// TURNSource is the embedded TURN server.
type TURNSource interface{ Stats() turn.Stats }

// RealtimeSource is the realtime channels' service.
type RealtimeSource interface{ Stats() realtime.Stats }

// WebhookSource is the webhook notifier (deliveries per endpoint and event).
type WebhookSource interface{ Stats() webhook.Stats }

// StatsFunc adapts a function to any of the sources.
type StatsFunc[S any] func() S

func (f StatsFunc[S]) Stats() S { return f() }
