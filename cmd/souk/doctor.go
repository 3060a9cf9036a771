package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
	"gopkg.in/yaml.v3"

	"souk/config"
	"souk/platform/store"
	"souk/turn"
)

// doctorReport prints one line per check and remembers failures.
type doctorReport struct {
	w     io.Writer
	fails int
}

func (r *doctorReport) ok(check, msg string)   { fmt.Fprintf(r.w, "OK    %-14s %s\n", check, msg) }
func (r *doctorReport) warn(check, msg string) { fmt.Fprintf(r.w, "WARN  %-14s %s\n", check, msg) }
func (r *doctorReport) fail(check, msg string) {
	r.fails++
	fmt.Fprintf(r.w, "FAIL  %-14s %s\n", check, msg)
}

// doctor checks a configuration from the server's side: ports, advertised
// addresses, the TURN listeners, the certificate, the media keys, the
// database, Redis and, with redis.url, the cluster. On a host where a
// Souk already runs with this configuration, its ports count as the
// node's own and the TURN self-test runs against it. It returns an error
// when any check failed.
func doctor(ctx context.Context, path string, environ []string, stdout io.Writer) error {
	r := &doctorReport{w: stdout}
	cfg, err := config.Load(path, environ)
	if err != nil {
		r.fail("config", fmt.Sprintf("%v — fix the setting named above", err))
		return fmt.Errorf("doctor: %d check(s) failed", r.fails)
	}
	keysKnown := doctorKeys(r, &cfg)
	if err := cfg.Validate(); err != nil {
		for _, line := range strings.Split(err.Error(), "\n") {
			r.fail("config", line)
		}
	} else {
		r.ok("config", "every setting is valid")
	}
	turnSecretKnown := cfg.Media.TURN.Secret != ""
	if !turnSecretKnown {
		if secret, err := os.ReadFile(cfg.DataDir + "/turn-secret"); err == nil {
			cfg.Media.TURN.Secret, turnSecretKnown = strings.TrimSpace(string(secret)), true
		} else {
			cfg.Media.TURN.Secret = "doctor-self-test-" + strconv.FormatInt(time.Now().UnixNano(), 36)
		}
	}
	m := cfg.Media
	turnOn := m.TURN.Enabled && cfg.Cluster.HasRole(config.RoleTURN)
	certOK := false
	if turnOn {
		certOK = doctorCertificate(r, m.TURN)
	}
	running := findRunningNode(ctx, cfg, keysKnown)
	doctorPorts(ctx, r, cfg, certOK, running)
	nodeIPs := doctorAddresses(ctx, r, cfg)
	switch {
	case turnOn:
		doctorTURN(ctx, r, m, nodeIPs, certOK, turnSecretKnown, running)
	case len(m.TURN.ExternalURLs) == 0:
		r.warn("turn", "no TURN server: browsers behind strict firewalls cannot connect — set media.turn.enabled or media.turn.external_urls")
	}
	doctorDatabase(ctx, r, cfg)
	if rdb := doctorRedis(ctx, r, cfg); rdb != nil {
		doctorCluster(ctx, r, cfg, rdb, running, turnSecretKnown)
		_ = rdb.Close()
	}
	if r.fails > 0 {
		return fmt.Errorf("doctor: %d check(s) failed", r.fails)
	}
	return nil
}

// doctorKeys reports the media keys; it reports whether cfg now holds
// the keys the server uses (configured, or the development pair already
// generated into the data directory).
func doctorKeys(r *doctorReport, cfg *config.Config) bool {
	switch {
	case len(cfg.Media.Keys) > 0:
		r.ok("media keys", fmt.Sprintf("%d API key(s) configured", len(cfg.Media.Keys)))
		return true
	case cfg.Mode == config.Production:
		r.fail("media keys", "none configured — set media.keys (key: secret of 32+ characters); production refuses generated keys")
		cfg.Media.Keys = map[string]string{"placeholder": strings.Repeat("x", 32)} // lets Validate report the rest
		return false
	}
	if keys := generatedKeys(cfg.DataDir); len(keys) > 0 {
		r.warn("media keys", "none configured — development uses the pair generated into the data directory (media-keys.yaml); set media.keys for production")
		cfg.Media.Keys = keys
		return true
	}
	r.warn("media keys", "none configured — development generates a pair into the data directory; set media.keys for production")
	cfg.Media.Keys = map[string]string{"placeholder": strings.Repeat("x", 32)}
	return false
}

// generatedKeys reads the development pair serve generated, if any,
// without generating one.
func generatedKeys(dataDir string) map[string]string {
	raw, err := os.ReadFile(filepath.Join(dataDir, "media-keys.yaml"))
	if err != nil {
		return nil
	}
	keys := map[string]string{}
	if yaml.Unmarshal(raw, &keys) != nil {
		return nil
	}
	return keys
}

func doctorAddresses(ctx context.Context, r *doctorReport, cfg config.Config) []string {
	ips, err := resolveNodeIPs(ctx, cfg.Media)
	if err != nil {
		r.fail("addresses", fmt.Sprintf("%v — check media.stun_servers / media.node_ip_interface, or set media.node_ips", err))
		return nil
	}
	source := "media.node_ips / discovery"
	if len(ips) == 0 {
		ips, source = hostAddresses(cfg.Media.IPv6), "interface addresses (media.node_ips is empty)"
	}
	if len(ips) == 0 {
		r.fail("addresses", "no address to advertise — set media.node_ips to this server's public address")
		return nil
	}
	problems := 0
	for _, ip := range ips {
		if why := addressProblem(ip); why != "" && cfg.Mode == config.Production {
			problems++
			r.warn("addresses", fmt.Sprintf("%s %s — set media.node_ips to the public address or turn on media.stun_discovery", ip, why))
		}
	}
	if problems == 0 {
		r.ok("addresses", fmt.Sprintf("browsers are told %s (from %s)", strings.Join(ips, ", "), source))
	}
	return ips
}

// doctorCertificate reports whether the TLS listener can start.
func doctorCertificate(r *doctorReport, t config.TURN) bool {
	if t.CertFile == "" {
		r.warn("certificate", "no media.turn.cert_file: TURN over TLS (turns:) is off, so browsers limited to HTTPS ports cannot connect")
		return false
	}
	c, err := turn.LoadCertificate(t.CertFile, t.KeyFile)
	if err != nil {
		r.fail("certificate", fmt.Sprintf("%v — point media.turn.cert_file and key_file at a matching PEM certificate and key", err))
		return false
	}
	leaf := c.Leaf
	names := append(append([]string{}, leaf.DNSNames...), ipStrings(leaf.IPAddresses)...)
	left := time.Until(leaf.NotAfter)
	switch {
	case left <= 0:
		r.fail("certificate", fmt.Sprintf("expired on %s — renew it; Souk reloads the files when they change", leaf.NotAfter.Format(time.DateOnly)))
		return false
	case t.Domain != "" && leaf.VerifyHostname(t.Domain) != nil:
		r.fail("certificate", fmt.Sprintf("names %s do not cover media.turn.domain %q — use a certificate for that name", strings.Join(names, ", "), t.Domain))
		return false
	case left < 14*24*time.Hour:
		r.warn("certificate", fmt.Sprintf("names %s, expires in %d days — renew it soon", strings.Join(names, ", "), int(left.Hours()/24)))
	default:
		r.ok("certificate", fmt.Sprintf("names %s, valid until %s", strings.Join(names, ", "), leaf.NotAfter.Format(time.DateOnly)))
	}
	if t.Domain == "" {
		r.warn("certificate", "media.turn.domain is empty: turns: URLs carry the IP address, which the certificate rarely names — set it to the certificate's name")
	}
	return true
}

func ipStrings(ips []net.IP) []string {
	var out []string
	for _, ip := range ips {
		out = append(out, ip.String())
	}
	return out
}

func doctorDatabase(ctx context.Context, r *doctorReport, cfg config.Config) {
	url := cfg.DatabaseURL()
	driver, _ := config.DatabaseDriver(url)
	if driver == "sqlite" {
		file := strings.TrimPrefix(url, "sqlite://")
		if _, err := os.Stat(file); errors.Is(err, os.ErrNotExist) {
			r.ok("database", fmt.Sprintf("SQLite file %s will be created at start", file))
			return
		}
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	db, err := store.Open(ctx, url, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err == nil {
		err = db.PingContext(ctx)
		db.Close()
	}
	if err != nil {
		r.fail("database", fmt.Sprintf("%s: %v — check database.url and that the server runs", driver, err))
		return
	}
	r.ok("database", driver+" answers")
}

// doctorRedis checks redis.url and returns a client for the cluster
// checks; nil when Redis is not configured or does not answer.
func doctorRedis(ctx context.Context, r *doctorReport, cfg config.Config) *redis.Client {
	if cfg.Redis.URL == "" {
		r.ok("redis", "not configured (single node, in-process events)")
		return nil
	}
	opts, err := redis.ParseURL(cfg.Redis.URL)
	if err != nil {
		r.fail("redis", fmt.Sprintf("%v — fix redis.url", err))
		return nil
	}
	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	// A plain dial first: the client library logs its own dial retries.
	var d net.Dialer
	conn, err := d.DialContext(pingCtx, opts.Network, opts.Addr)
	if err != nil {
		r.fail("redis", fmt.Sprintf("%v — check redis.url and that Redis runs", err))
		return nil
	}
	_ = conn.Close()
	client := redis.NewClient(opts)
	if err := client.Ping(pingCtx).Err(); err != nil {
		_ = client.Close()
		r.fail("redis", fmt.Sprintf("%v — check redis.url and that Redis runs", err))
		return nil
	}
	r.ok("redis", "answers PING")
	return client
}
