package turn

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strconv"
	"time"

	"github.com/livekit/protocol/livekit"
	"github.com/pion/logging"
	pturn "github.com/pion/turn/v5"
)

// Config of the embedded TURN server.
type Config struct {
	// ListenIP to bind; default "0.0.0.0".
	ListenIP string
	// UDPPort to listen on; default 3478. Tests use -1 for an ephemeral port.
	UDPPort int
	// RelayIP is the address written into relayed candidates. Empty means
	// ListenIP when it is specific, else the first non-loopback IPv4 of the
	// host.
	RelayIP string
	// Realm of the long-term credentials; default "souk".
	Realm string
	// CredentialTTL is how long handed-out credentials stay valid; default 24h.
	CredentialTTL time.Duration
	// Secret signs credentials; empty means a random per-process secret
	// (credentials then die with the process, which is what we want).
	Secret string
}

func (c Config) withDefaults() Config {
	if c.ListenIP == "" {
		c.ListenIP = "0.0.0.0"
	}
	if c.UDPPort == 0 {
		c.UDPPort = 3478
	}
	if c.UDPPort < 0 {
		c.UDPPort = 0
	}
	if c.Realm == "" {
		c.Realm = "souk"
	}
	if c.CredentialTTL <= 0 {
		c.CredentialTTL = 24 * time.Hour
	}
	return c
}

// Server is a running TURN server.
type Server struct {
	cfg   Config
	srv   *pturn.Server
	addr  *net.UDPAddr
	relay net.IP
	log   *slog.Logger
}

// New starts listening. Close stops it.
func New(ctx context.Context, cfg Config, log *slog.Logger) (*Server, error) {
	cfg = cfg.withDefaults()
	listen := net.ParseIP(cfg.ListenIP)
	if listen == nil {
		return nil, fmt.Errorf("turn: listen ip %q is not an IP address", cfg.ListenIP)
	}
	relay, err := relayIP(cfg.RelayIP, listen)
	if err != nil {
		return nil, err
	}
	if cfg.Secret == "" {
		b := make([]byte, 32)
		if _, err := rand.Read(b); err != nil {
			return nil, fmt.Errorf("turn: secret: %w", err)
		}
		cfg.Secret = hex.EncodeToString(b)
	}
	var lc net.ListenConfig
	pc, err := lc.ListenPacket(ctx, "udp4", net.JoinHostPort(listen.String(), strconv.Itoa(cfg.UDPPort)))
	if err != nil {
		return nil, fmt.Errorf("turn: listen udp %s:%d: %w", listen, cfg.UDPPort, err)
	}
	lf := logging.NewDefaultLoggerFactory()
	lf.DefaultLogLevel = logging.LogLevelWarn
	srv, err := pturn.NewServer(pturn.ServerConfig{
		Realm:         cfg.Realm,
		AuthHandler:   pturn.LongTermTURNRESTAuthHandler(cfg.Secret, lf.NewLogger("turn-auth")),
		LoggerFactory: lf,
		PacketConnConfigs: []pturn.PacketConnConfig{{
			PacketConn:            pc,
			RelayAddressGenerator: &pturn.RelayAddressGeneratorStatic{RelayAddress: relay, Address: listen.String()},
		}},
	})
	if err != nil {
		_ = pc.Close()
		return nil, fmt.Errorf("turn: start: %w", err)
	}
	s := &Server{cfg: cfg, srv: srv, addr: pc.LocalAddr().(*net.UDPAddr), relay: relay, log: log.With("component", "turn")}
	s.log.Info("turn server listening", "addr", s.addr.String(), "relay_ip", relay.String(), "realm", cfg.Realm)
	return s, nil
}

func relayIP(configured string, listen net.IP) (net.IP, error) {
	if configured != "" {
		ip := net.ParseIP(configured)
		if ip == nil {
			return nil, fmt.Errorf("turn: relay ip %q is not an IP address", configured)
		}
		return ip, nil
	}
	if !listen.IsUnspecified() {
		return listen, nil
	}
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return nil, fmt.Errorf("turn: interface addresses: %w", err)
	}
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && !n.IP.IsLoopback() && n.IP.To4() != nil {
			return n.IP, nil
		}
	}
	return nil, errors.New("turn: no relay ip configured and no non-loopback IPv4 address found")
}

// Addr is the UDP address the server listens on.
func (s *Server) Addr() *net.UDPAddr { return s.addr }

// Realm of the credentials.
func (s *Server) Realm() string { return s.cfg.Realm }

// Credentials returns a username and password valid for CredentialTTL.
func (s *Server) Credentials(identity string) (username, password string, err error) {
	u, p, err := pturn.GenerateLongTermTURNRESTCredentials(s.cfg.Secret, identity, s.cfg.CredentialTTL)
	if err != nil {
		return "", "", fmt.Errorf("turn credentials: %w", err)
	}
	return u, p, nil
}

// ICEServers lists this server with fresh credentials; it fits
// sfu.Config.ICEServers.
func (s *Server) ICEServers(identity string) []*livekit.ICEServer {
	u, p, err := s.Credentials(identity)
	if err != nil {
		s.log.Warn("no turn credentials", "err", err)
		return nil
	}
	host := s.relay.String()
	if s.relay.To4() == nil {
		host = "[" + host + "]"
	}
	return []*livekit.ICEServer{{
		Urls:       []string{fmt.Sprintf("turn:%s:%d?transport=udp", host, s.addr.Port)},
		Username:   u,
		Credential: p,
	}}
}

// Close stops the server and its relays.
func (s *Server) Close() error {
	if err := s.srv.Close(); err != nil {
		return fmt.Errorf("turn: close: %w", err)
	}
	return nil
}
