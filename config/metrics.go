package config

// Metrics configures the Prometheus endpoint at /metrics.
type Metrics struct {
	// Enabled serves /metrics. Default true.
	Enabled bool `yaml:"enabled"`
	// Token, when set, is required as "Authorization: Bearer <token>" on
	// /metrics. Empty means anyone who reaches the port may scrape.
	Token string `yaml:"token"`
}

// DefaultMetrics returns the documented defaults.
func DefaultMetrics() Metrics { return Metrics{Enabled: true} }
