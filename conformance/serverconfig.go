package conformance

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// livekitArgs writes livekit-server's YAML into the server's folder and
// returns the command line that loads it.
func (s *Server) livekitArgs() ([]string, error) {
	o := s.Opts
	var b strings.Builder
	fmt.Fprintf(&b, "port: %d\nbind_addresses: [%q]\n", s.HTTPPort, o.BindIP)
	fmt.Fprintf(&b, "keys:\n  %q: %q\n", o.APIKey, o.APISecret)
	fmt.Fprintf(&b, "logging:\n  level: %s\n", o.LogLevel)
	b.WriteString("rtc:\n  use_external_ip: false\n")
	fmt.Fprintf(&b, "  udp_port: %d\n  tcp_port: %d\n", s.UDPPort, s.TCPPort)
	if len(o.NodeIPs) > 0 {
		fmt.Fprintf(&b, "  node_ip: %q\n", o.NodeIPs[0])
		// livekit-server leaves loopback out of its candidates unless
		// told; Souk in development mode offers it. Both offer it here so
		// that a client on the same host may use either path.
		if ip := net.ParseIP(o.NodeIPs[0]); ip != nil && ip.IsLoopback() {
			b.WriteString("  enable_loopback_candidate: true\n")
		}
	}
	if len(o.MediaIPs) > 0 {
		b.WriteString("  ips:\n    includes:\n")
		for _, c := range o.MediaIPs {
			fmt.Fprintf(&b, "      - %q\n", c)
		}
	}
	if t := o.TURN; t != nil {
		if s.TURNTCPPort != 0 {
			return nil, fmt.Errorf("TURN over plain TCP: %w", ErrUnsupported)
		}
		b.WriteString("turn:\n  enabled: true\n")
		fmt.Fprintf(&b, "  udp_port: %d\n", s.TURNUDPPort)
		if t.CertFile != "" {
			fmt.Fprintf(&b, "  tls_port: %d\n  cert_file: %q\n  key_file: %q\n", s.TURNTLSPort, t.CertFile, t.KeyFile)
		}
		fmt.Fprintf(&b, "  domain: %q\n", turnDomain(o))
		fmt.Fprintf(&b, "  bind_addresses: [%q]\n", turnListenIP(o))
		if len(t.AllowPeers) > 0 {
			b.WriteString("  allow_restricted_peer_cidrs:\n")
			for _, c := range t.AllowPeers {
				fmt.Fprintf(&b, "    - %q\n", c)
			}
		}
	}
	if r := o.Redis; r != nil {
		fmt.Fprintf(&b, "redis:\n  address: %q\n", r.Addr)
	}
	if o.Extra != "" {
		b.WriteString(o.Extra)
		b.WriteString("\n")
	}
	path := filepath.Join(o.Dir, "livekit.yaml")
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		return nil, err
	}
	return []string{"--config", path}, nil
}

// soukArgs returns `serve` and the SOUK_* variables of the options.
func (s *Server) soukArgs() ([]string, []string, error) {
	o := s.Opts
	data := filepath.Join(o.Dir, "data")
	if err := os.MkdirAll(data, 0o700); err != nil {
		return nil, nil, err
	}
	env := []string{
		"SOUK_SERVER_ADDR=" + net.JoinHostPort(o.BindIP, strconv.Itoa(s.HTTPPort)),
		"SOUK_DATA_DIR=" + data,
		"SOUK_LOG_LEVEL=" + o.LogLevel,
		"SOUK_MEDIA_KEYS=" + o.APIKey + ":" + o.APISecret,
		"SOUK_MEDIA_UDP_PORT=" + strconv.Itoa(s.UDPPort),
		"SOUK_MEDIA_TCP_PORT=" + strconv.Itoa(s.TCPPort),
		"SOUK_MEDIA_NODE_IPS=" + strings.Join(o.NodeIPs, ","),
		"SOUK_MEDIA_TURN_ENABLED=" + strconv.FormatBool(o.TURN != nil),
	}
	if len(o.MediaIPs) > 0 {
		env = append(env, "SOUK_MEDIA_IPS="+strings.Join(o.MediaIPs, ","))
	}
	if t := o.TURN; t != nil {
		env = append(env,
			"SOUK_MEDIA_TURN_UDP_PORT="+strconv.Itoa(s.TURNUDPPort),
			"SOUK_MEDIA_TURN_TCP_PORT="+strconv.Itoa(s.TURNTCPPort),
			"SOUK_MEDIA_TURN_TLS_PORT="+strconv.Itoa(s.TURNTLSPort),
			"SOUK_MEDIA_TURN_LISTEN_IP="+turnListenIP(o),
			"SOUK_MEDIA_TURN_DOMAIN="+turnDomain(o),
		)
		if t.CertFile != "" {
			env = append(env, "SOUK_MEDIA_TURN_CERT_FILE="+t.CertFile, "SOUK_MEDIA_TURN_KEY_FILE="+t.KeyFile)
		}
		if len(t.AllowPeers) > 0 {
			env = append(env, "SOUK_MEDIA_TURN_ALLOW_PEERS="+strings.Join(t.AllowPeers, ","))
		}
		if t.Secret != "" {
			env = append(env, "SOUK_MEDIA_TURN_SECRET="+t.Secret)
		}
	}
	if r := o.Redis; r != nil {
		env = append(env,
			"SOUK_REDIS_URL=redis://"+r.Addr+"/0",
			"SOUK_CLUSTER_PREFIX="+r.Prefix,
			"SOUK_REALTIME_REDIS_PREFIX="+r.Prefix+"-rt",
			"SOUK_CLUSTER_NODE_ID="+r.NodeID,
			// Media nodes only: no database to share between them.
			"SOUK_CLUSTER_ROLES=sfu,turn",
			"SOUK_CLUSTER_HEARTBEAT=300ms",
			"SOUK_CLUSTER_NODE_TTL=2s",
			"SOUK_CLUSTER_DRAIN_TIMEOUT=15s",
		)
	}
	return []string{"serve"}, append(env, o.Env...), nil
}

func turnListenIP(o ServerOptions) string {
	if o.TURN.ListenIP != "" {
		return o.TURN.ListenIP
	}
	return o.BindIP
}

func turnDomain(o ServerOptions) string {
	if o.TURN.Domain != "" {
		return o.TURN.Domain
	}
	if len(o.NodeIPs) > 0 {
		return o.NodeIPs[0]
	}
	return turnListenIP(o)
}
