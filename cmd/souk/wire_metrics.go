package main

import (
	"log/slog"
	"net/http"

	"souk/config"
	"souk/metrics"
	"souk/platform/httpapi"
)

// wireMetrics wraps the server's handler with HTTP request metrics and
// serves /metrics (outside the site middleware, so a scraper may use the
// bare address, but with the security headers every other response
// carries). With metrics.enabled false the handler is returned as is.
func wireMetrics(cfg config.Config, next http.Handler, rt *realtimeChannels, media *mediaServer, log *slog.Logger) http.Handler {
	if !cfg.Metrics.Enabled {
		return next
	}
	opts := metrics.Options{
		Token:            cfg.Metrics.Token,
		ScrapeMiddleware: httpapi.SecurityHeaders(cfg.Mode == config.Production),
	}
	// A nil pointer in an interface is not a nil source: set only the
	// services this node runs.
	if media != nil && media.rooms != nil {
		opts.Media = media.rooms
	}
	if media != nil && media.turn != nil {
		opts.TURN = media.turn
	}
	if media != nil && media.ops != nil && media.ops.hooks != nil {
		opts.Webhooks = media.ops.hooks
	}
	if rt != nil && rt.service != nil {
		opts.Realtime = rt.service
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
