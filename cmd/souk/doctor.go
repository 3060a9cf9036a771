package main

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	pturn "github.com/pion/turn/v5"
	"github.com/redis/go-redis/v9"

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
// database and Redis. It returns an error when any check failed.
func doctor(ctx context.Context, path string, environ []string, stdout io.Writer) error {
	r := &doctorReport{w: stdout}
	cfg, err := config.Load(path, environ)
	if err != nil {
		r.fail("config", fmt.Sprintf("%v — fix the setting named above", err))
		return fmt.Errorf("doctor: %d check(s) failed", r.fails)
	}
	doctorKeys(r, &cfg)
	if err := cfg.Validate(); err != nil {
		for _, line := range strings.Split(err.Error(), "\n") {
			r.fail("config", line)
		}
	} else {
		r.ok("config", "every setting is valid")
	}
	m := cfg.Media
	if m.TURN.Enabled && m.TURN.Secret == "" {
		if secret, err := os.ReadFile(cfg.DataDir + "/turn-secret"); err == nil {
			m.TURN.Secret = strings.TrimSpace(string(secret))
		} else {
			m.TURN.Secret = "doctor-self-test-" + strconv.FormatInt(time.Now().UnixNano(), 36)
		}
	}
	doctorPorts(ctx, r, cfg)
	nodeIPs := doctorAddresses(ctx, r, cfg)
	if m.TURN.Enabled {
		certOK := doctorCertificate(r, m.TURN)
		doctorTURN(ctx, r, m, nodeIPs, certOK)
	} else if len(m.TURN.ExternalURLs) == 0 {
		r.warn("turn", "no TURN server: browsers behind strict firewalls cannot connect — set media.turn.enabled or media.turn.external_urls")
	}
	doctorDatabase(ctx, r, cfg)
	doctorRedis(ctx, r, cfg)
	if r.fails > 0 {
		return fmt.Errorf("doctor: %d check(s) failed", r.fails)
	}
	return nil
}

func doctorKeys(r *doctorReport, cfg *config.Config) {
	switch {
	case len(cfg.Media.Keys) > 0:
		r.ok("media keys", fmt.Sprintf("%d API key(s) configured", len(cfg.Media.Keys)))
	case cfg.Mode == config.Production:
		r.fail("media keys", "none configured — set media.keys (key: secret of 32+ characters); production refuses generated keys")
		cfg.Media.Keys = map[string]string{"placeholder": strings.Repeat("x", 32)} // lets Validate report the rest
	default:
		r.warn("media keys", "none configured — development generates a pair into the data directory; set media.keys for production")
		cfg.Media.Keys = map[string]string{"placeholder": strings.Repeat("x", 32)}
	}
}

type portCheck struct {
	key, network, addr string
}

func doctorPorts(ctx context.Context, r *doctorReport, cfg config.Config) {
	m := cfg.Media
	checks := []portCheck{{"server.addr", "tcp", cfg.Server.Addr}}
	if m.UDPPort > 0 {
		checks = append(checks, portCheck{"media.udp_port", "udp", ":" + strconv.Itoa(m.UDPPort)})
	}
	if m.TCPPort > 0 {
		checks = append(checks, portCheck{"media.tcp_port", "tcp", ":" + strconv.Itoa(m.TCPPort)})
	}
	for _, c := range checks {
		err := canBind(ctx, c.network, c.addr)
		switch {
		case err == nil:
			r.ok("port", fmt.Sprintf("%s %s/%s is free", c.key, c.addr, c.network))
		case c.key == "server.addr" && soukAnswers(ctx, c.addr):
			r.warn("port", fmt.Sprintf("%s %s is in use by a running Souk (it answers /healthz) — the remaining port checks describe that server", c.key, c.addr))
		default:
			r.fail("port", fmt.Sprintf("%s %s/%s cannot be bound: %v — stop the program holding it or change %s", c.key, c.addr, c.network, err, c.key))
		}
	}
}

func canBind(ctx context.Context, network, addr string) error {
	var lc net.ListenConfig
	if network == "udp" {
		pc, err := lc.ListenPacket(ctx, "udp", addr)
		if err != nil {
			return err
		}
		return pc.Close()
	}
	ln, err := lc.Listen(ctx, "tcp", addr)
	if err != nil {
		return err
	}
	return ln.Close()
}

func soukAnswers(ctx context.Context, addr string) bool {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "127.0.0.1"
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+net.JoinHostPort(host, port)+"/healthz", nil)
	if err != nil {
		return false
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return false
	}
	_ = resp.Body.Close()
	return resp.StatusCode == http.StatusOK
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

// doctorTURN starts the embedded TURN server on the configured ports and
// allocates a relay over each transport with a freshly minted credential.
func doctorTURN(ctx context.Context, r *doctorReport, m config.Media, nodeIPs []string, withTLS bool) {
	tc := turnConfig(m, nodeIPs)
	if !withTLS {
		tc.TLSPort = 0
	}
	srv, err := turn.New(ctx, tc, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		r.fail("turn", fmt.Sprintf("cannot start: %v — free the port or change media.turn.*_port", err))
		return
	}
	defer srv.Close()
	for _, c := range []struct {
		name string
		addr net.Addr
	}{{"udp", srv.UDPAddr()}, {"tcp", srv.TCPAddr()}, {"tls", srv.TLSAddr()}} {
		if c.addr == nil {
			continue
		}
		if err := selfAllocate(srv, c.name, c.addr); err != nil {
			r.fail("turn", fmt.Sprintf("%s on %s does not allocate a relay: %v — check media.turn.relay_ip and the firewall", c.name, c.addr, err))
			continue
		}
		r.ok("turn", fmt.Sprintf("%s on %s allocated a relay with a minted credential", c.name, c.addr))
	}
}

func selfAllocate(srv *turn.Server, transport string, addr net.Addr) error {
	_, port, _ := net.SplitHostPort(addr.String())
	host, _, _ := net.SplitHostPort(addr.String())
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	target := net.JoinHostPort(host, port)
	var conn net.PacketConn
	switch transport {
	case "udp":
		// The client's socket family decides the relay's family.
		network := "udp4"
		if ip := net.ParseIP(host); ip.To4() == nil {
			network = "udp6"
		}
		pc, err := net.ListenPacket(network, ":0")
		if err != nil {
			return err
		}
		conn = pc
	case "tcp":
		c, err := net.DialTimeout("tcp", target, 5*time.Second)
		if err != nil {
			return err
		}
		conn = pturn.NewSTUNConn(c)
	case "tls":
		// Only whether TURN answers is checked here; the certificate's
		// names and dates have their own check.
		c, err := tls.DialWithDialer(&net.Dialer{Timeout: 5 * time.Second}, "tcp", target, &tls.Config{InsecureSkipVerify: true}) //nolint:gosec // see above
		if err != nil {
			return err
		}
		conn = pturn.NewSTUNConn(c)
	}
	defer conn.Close()
	user, pass := srv.Credentials("souk-doctor")
	client, err := pturn.NewClient(&pturn.ClientConfig{
		STUNServerAddr: target, TURNServerAddr: target, Username: user, Password: pass,
		Realm: srv.Realm(), Conn: conn, RTO: time.Second,
	})
	if err != nil {
		return err
	}
	defer client.Close()
	if err := client.Listen(); err != nil {
		return err
	}
	relay, err := client.Allocate()
	if err != nil {
		return err
	}
	return relay.Close()
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

func doctorRedis(ctx context.Context, r *doctorReport, cfg config.Config) {
	if cfg.Redis.URL == "" {
		r.ok("redis", "not configured (single node, in-process events)")
		return
	}
	opts, err := redis.ParseURL(cfg.Redis.URL)
	if err != nil {
		r.fail("redis", fmt.Sprintf("%v — fix redis.url", err))
		return
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	// A plain dial first: the client library logs its own dial retries.
	var d net.Dialer
	conn, err := d.DialContext(ctx, opts.Network, opts.Addr)
	if err != nil {
		r.fail("redis", fmt.Sprintf("%v — check redis.url and that Redis runs", err))
		return
	}
	_ = conn.Close()
	client := redis.NewClient(opts)
	defer client.Close()
	if err := client.Ping(ctx).Err(); err != nil {
		r.fail("redis", fmt.Sprintf("%v — check redis.url and that Redis runs", err))
		return
	}
	r.ok("redis", "answers PING")
}
