package main

import (
	"log/slog"
	"net/http"

	"souk/config"
	"souk/metrics"
	"souk/sfu"
)

// wireMetrics wraps the server's handler with HTTP request metrics and
// serves /metrics (outside the site middleware, so a scraper may use the
// bare address). With metrics.enabled false the handler is returned as is.
func wireMetrics(cfg config.Config, next http.Handler, rt *realtimeChannels, media *mediaServer, log *slog.Logger) http.Handler {
	if !cfg.Metrics.Enabled {
		return next
	}
	opts := metrics.Options{Token: cfg.Metrics.Token}
	if media != nil && media.rooms != nil {
		opts.Media = metrics.MediaFunc(func() metrics.MediaSnapshot { return mediaSnapshot(media.rooms.Stats()) })
	}
	if media != nil && media.turn != nil {
		opts.TURN = metrics.TURNFunc(func() metrics.TURNSnapshot {
			s := media.turn.Stats()
			return metrics.TURNSnapshot{Allocations: s.Allocations, PeerRefusals: s.PeerRefusals,
				QuotaRefusals: s.QuotaRefusals, AuthFailures: s.AuthFailures, DroppedPackets: s.DroppedPackets}
		})
	}
	if rt != nil && rt.service != nil {
		opts.Realtime = metrics.RealtimeFunc(func() metrics.RealtimeSnapshot {
			s := rt.service.Stats()
			return metrics.RealtimeSnapshot{Sockets: s.Sockets, MessagesReceived: s.MessagesReceived, MessagesDelivered: s.MessagesDelivered}
		})
	}
	m, err := metrics.New(opts)
	if err != nil {
		// Registration fails only on duplicate metric names, a programming
		// error; serve without metrics rather than not at all.
		log.Error("metrics disabled", "err", err)
		return next
	}
	log.Info("metrics served", "path", metrics.Path, "token_required", cfg.Metrics.Token != "")
	return m.Wrap(next)
}

func mediaSnapshot(s sfu.Stats) metrics.MediaSnapshot {
	return metrics.MediaSnapshot{
		Rooms: s.Rooms, Participants: s.Participants, PublishedTracks: s.PublishedTracks, SubscribedTracks: s.SubscribedTracks,
		PacketsForwarded: s.PacketsForwarded, BytesForwarded: s.BytesForwarded,
		NACKsReceived: s.NACKsReceived, PLIsSent: s.PLIsSent, PacketsRetransmitted: s.PacketsRetransmitted,
		PacketsDropped: s.PacketsDropped, LayerSwitches: s.LayerSwitches, Pauses: s.Pauses, PaddingBytes: s.PaddingBytes,
	}
}
