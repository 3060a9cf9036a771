package config

import (
	"errors"
	"strings"
)

// Metrics configures the Prometheus endpoint at /metrics.
type Metrics struct {
	// Enabled serves /metrics. Default true.
	Enabled bool `yaml:"enabled"`
	// Token is required as "Authorization: Bearer <token>" on /metrics.
	// Production mode refuses to start with metrics enabled and no token,
	// because the endpoint shares the public listener; development may
	// leave it empty, and then anyone who reaches the port may scrape.
	Token string `yaml:"token"`
}

// DefaultMetrics returns the documented defaults.
func DefaultMetrics() Metrics { return Metrics{Enabled: true} }

// Validate checks the section for the given mode, naming the key.
func (m Metrics) Validate(mode Mode) error {
	if !m.Enabled {
		return nil
	}
	if m.Token != strings.TrimSpace(m.Token) {
		// The bearer token a scraper sends is read trimmed, so this one
		// could never match.
		return errors.New("metrics.token: must not start or end with white space")
	}
	if mode == Production && m.Token == "" {
		return errors.New("metrics.token: production mode serves /metrics on the public listener only behind a bearer token: " +
			"set metrics.token (SOUK_METRICS_TOKEN), or set metrics.enabled: false")
	}
	return nil
}
