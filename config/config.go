package config

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
	"time"
)

// Mode selects development or production behaviour. Development is lenient
// (unknown hosts get the default site, generated media keys are accepted);
// production is strict.
type Mode string

const (
	Development Mode = "development"
	Production  Mode = "production"
)

// Config is the whole configuration of one souk process. DefaultConfig
// returns values that run with no file; a YAML file and SOUK_* environment
// variables override them, in that order.
type Config struct {
	// Mode is "development" or "production".
	Mode Mode `yaml:"mode"`
	// DataDir holds the SQLite database, uploads and generated dev keys.
	DataDir string `yaml:"data_dir"`

	Server   Server   `yaml:"server"`
	Log      Log      `yaml:"log"`
	Database Database `yaml:"database"`
	Redis    Redis    `yaml:"redis"`
	Sites    Sites    `yaml:"sites"`
	Media    Media    `yaml:"media"`
	Platform Platform `yaml:"platform"`
	Realtime Realtime `yaml:"realtime"`
	Metrics  Metrics  `yaml:"metrics"`
	Cluster  Cluster  `yaml:"cluster"`
}

// Server is the HTTP listener shared by the web app, the API, signalling and
// realtime channels.
type Server struct {
	// Addr is host:port to listen on. Default ":7880".
	Addr string `yaml:"addr"`
	// ShutdownTimeout bounds how long in-flight requests may run after
	// SIGINT/SIGTERM. Default 15s.
	ShutdownTimeout time.Duration `yaml:"shutdown_timeout"`
	// ReadHeaderTimeout guards against slow-header clients. Default 10s.
	ReadHeaderTimeout time.Duration `yaml:"read_header_timeout"`
	// ReadTimeout bounds reading a whole request (uploads included),
	// WriteTimeout writing its response, IdleTimeout how long a kept-alive
	// connection may wait for its next request. WebSocket connections
	// manage their own deadlines once upgraded. Defaults 60s, 120s, 120s.
	ReadTimeout  time.Duration `yaml:"read_timeout"`
	WriteTimeout time.Duration `yaml:"write_timeout"`
	IdleTimeout  time.Duration `yaml:"idle_timeout"`
}

// Log configures structured logging.
type Log struct {
	// Format is "text" or "json". Default "text".
	Format string `yaml:"format"`
	// Level is "debug", "info", "warn" or "error". Default "info".
	// Each HTTP request is logged at debug; failed (5xx) and slow ones
	// at warn.
	Level string `yaml:"level"`
	// SlowRequest is the duration from which an HTTP request counts as
	// slow. Default 1s; 0 turns the warning off.
	SlowRequest time.Duration `yaml:"slow_request"`
}

// Database selects the store. A sqlite:// URL, a plain file path, or
// ":memory:" uses the embedded SQLite; postgres:// uses PostgreSQL.
type Database struct {
	// URL defaults to "" which means <data_dir>/souk.db.
	URL string `yaml:"url" secret:"userinfo"`
}

// Redis enables the cross-node event bus. Empty URL means in-process only.
type Redis struct {
	URL string `yaml:"url" secret:"userinfo"`
}

// Sites configures host-name based tenancy.
type Sites struct {
	// Default is the project name of the site served on localhost,
	// 127.0.0.1 and, in development mode, on unknown hosts.
	Default string `yaml:"default"`
	// Dir, when set, loads site files from this directory instead of the
	// ones built into the binary.
	Dir string `yaml:"dir"`
}

// DefaultConfig returns a configuration that runs on embedded defaults.
func DefaultConfig() Config {
	return Config{
		Mode:    Development,
		DataDir: "./data",
		Server: Server{
			Addr:              ":7880",
			ShutdownTimeout:   15 * time.Second,
			ReadHeaderTimeout: 10 * time.Second,
			ReadTimeout:       60 * time.Second,
			WriteTimeout:      120 * time.Second,
			IdleTimeout:       120 * time.Second,
		},
		Log:      Log{Format: "text", Level: "info", SlowRequest: time.Second},
		Sites:    Sites{Default: "desks"},
		Media:    DefaultMedia(),
		Platform: DefaultPlatform(),
		Realtime: DefaultRealtime(),
		Metrics:  DefaultMetrics(),
		Cluster:  DefaultCluster(),
	}
}

// Validate reports every invalid value, each naming its key. Media keys are
// checked only when checkMediaKeys is set, because the caller may still
// generate development keys before start-up.
func (c Config) Validate() error {
	var errs []error
	bad := func(key, msg string) { errs = append(errs, fmt.Errorf("%s: %s", key, msg)) }
	switch c.Mode {
	case Development, Production:
	default:
		bad("mode", fmt.Sprintf("%q is not one of development, production", c.Mode))
	}
	if strings.TrimSpace(c.DataDir) == "" {
		bad("data_dir", "must not be empty")
	}
	if _, port, err := net.SplitHostPort(c.Server.Addr); err != nil {
		bad("server.addr", fmt.Sprintf("%q is not host:port (%v)", c.Server.Addr, err))
	} else if port == "" {
		bad("server.addr", "port is missing")
	}
	if c.Server.ShutdownTimeout <= 0 {
		bad("server.shutdown_timeout", "must be > 0")
	}
	for key, d := range map[string]time.Duration{"server.read_header_timeout": c.Server.ReadHeaderTimeout,
		"server.read_timeout": c.Server.ReadTimeout, "server.write_timeout": c.Server.WriteTimeout, "server.idle_timeout": c.Server.IdleTimeout} {
		if d <= 0 {
			bad(key, "must be > 0")
		}
	}
	switch c.Log.Format {
	case "text", "json":
	default:
		bad("log.format", fmt.Sprintf("%q is not one of text, json", c.Log.Format))
	}
	if c.Log.SlowRequest < 0 {
		bad("log.slow_request", "must be >= 0")
	}
	switch c.Log.Level {
	case "debug", "info", "warn", "error":
	default:
		bad("log.level", fmt.Sprintf("%q is not one of debug, info, warn, error", c.Log.Level))
	}
	if c.Database.URL != "" {
		if _, err := DatabaseDriver(c.Database.URL); err != nil {
			bad("database.url", err.Error())
		}
	}
	if c.Redis.URL != "" {
		u, err := url.Parse(c.Redis.URL)
		if err != nil || (u.Scheme != "redis" && u.Scheme != "rediss") || u.Host == "" {
			bad("redis.url", "must look like redis://host:6379/0")
		}
	}
	if c.Sites.Default == "" {
		bad("sites.default", "must name the default site's project")
	}
	if err := c.Media.Validate(); err != nil {
		errs = append(errs, err)
	}
	if err := c.Platform.Validate(); err != nil {
		errs = append(errs, err)
	}
	if err := c.Realtime.Validate(); err != nil {
		errs = append(errs, err)
	}
	if err := c.Metrics.Validate(c.Mode); err != nil {
		errs = append(errs, err)
	}
	if err := c.Cluster.Validate(c.Redis.URL); err != nil {
		errs = append(errs, err)
	}
	if c.Mode == Production && c.Redis.URL != "" && c.Cluster.HasRole(RoleTURN) && c.Media.TURN.Enabled && c.Media.TURN.Secret == "" {
		bad("media.turn.secret", "the nodes of a cluster (redis.url is set) must share one TURN secret: set it")
	}
	return errors.Join(errs...)
}

// DatabaseDriver tells which engine a database URL selects: "sqlite" or
// "postgres".
func DatabaseDriver(raw string) (string, error) {
	switch {
	case strings.HasPrefix(raw, "postgres://"), strings.HasPrefix(raw, "postgresql://"):
		u, err := url.Parse(raw)
		if err != nil || u.Host == "" {
			return "", fmt.Errorf("%q is not a valid postgres:// URL", redactURL(raw))
		}
		return "postgres", nil
	case strings.HasPrefix(raw, "sqlite://"), raw == ":memory:", !strings.Contains(raw, "://"):
		return "sqlite", nil
	default:
		return "", fmt.Errorf("unsupported scheme in %q: use sqlite://path, a file path, or postgres://", redactURL(raw))
	}
}

// DatabaseURL returns the configured database URL, defaulting to the SQLite
// file in the data directory.
func (c Config) DatabaseURL() string {
	if c.Database.URL != "" {
		return c.Database.URL
	}
	return strings.TrimSuffix(c.DataDir, "/") + "/souk.db"
}
