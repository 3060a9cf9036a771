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
	if media != nil && media.ops != nil && media.ops.hooks != nil {
		hooks := media.ops.hooks
		opts.Webhooks = metrics.WebhookFunc(func() metrics.WebhookSnapshot {
			s := hooks.Stats()
			return metrics.WebhookSnapshot{Delivered: s.Delivered, Dropped: s.Dropped, Failed: s.Failed}
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
	var estimates []uint64
	for _, d := range s.Downlinks {
		if d.TransportCC {
			estimates = append(estimates, d.EstimatedBitrate)
		}
	}
	return metrics.MediaSnapshot{
		Probes: s.Probes, ProbesSucceeded: s.ProbesSucceeded, DownlinkEstimates: estimates,
		UDPDatagrams: s.UDPDatagrams, UDPWrites: s.UDPWrites, UDPDirect: s.UDPDirect, UDPDirectIn: s.UDPDirectIn, UDPDirectRTCP: s.UDPDirectRTCP, UDPDirectSTUN: s.UDPDirectSTUN,
		Rooms: s.Rooms, Participants: s.Participants, PublishedTracks: s.PublishedTracks, SubscribedTracks: s.SubscribedTracks,
		PacketsForwarded: s.PacketsForwarded, BytesForwarded: s.BytesForwarded,
		NACKsReceived: s.NACKsReceived, PLIsSent: s.PLIsSent, PacketsRetransmitted: s.PacketsRetransmitted,
		PacketsDropped: s.PacketsDropped, LayerSwitches: s.LayerSwitches, Pauses: s.Pauses, PaddingBytes: s.PaddingBytes,
		RTXSent: s.RTXSent, RTXReceived: s.RTXReceived, EstimatedBitrate: s.EstimatedBitrate, PausedTracks: s.PausedTracks,
	}
}
