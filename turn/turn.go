package turn

import (
	"context"
	"crypto/hmac"
	"crypto/sha1" //nolint:gosec // TURN REST credentials are defined with HMAC-SHA1
	"crypto/tls"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pion/stun/v3"
	pturn "github.com/pion/turn/v5"

	"souk/pionlog"
)

// Server is a running TURN server.
type Server struct {
	cfg    Config
	srv    *pturn.Server
	relay  net.IP
	policy peerPolicy
	relays *relays
	ended  *revocations
	certs  *certReloader // nil without TLS
	log    *slog.Logger
	logged *logLimiter

	udpAddr, tcpAddr, tlsAddr net.Addr

	refusals, quotaRefusals, authFailures atomic.Uint64

	stop context.CancelFunc
	wg   sync.WaitGroup
}

// Stats is a snapshot of the server's counters.
type Stats struct {
	// Allocations is the number of live allocations.
	Allocations int
	// PeerRefusals counts CreatePermission/ChannelBind requests refused
	// by the peer policy; QuotaRefusals counts allocations refused by
	// the quotas.
	PeerRefusals, QuotaRefusals uint64
	// AuthFailures counts requests with an unknown, wrong or expired
	// credential.
	AuthFailures uint64
	// DroppedPackets counts packets dropped by the byte rate limit.
	DroppedPackets uint64
}

// New starts the listeners. Close stops them.
func New(ctx context.Context, cfg Config, log *slog.Logger) (*Server, error) {
	cfg = cfg.withDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	listen := net.ParseIP(cfg.ListenIP)
	if listen == nil {
		return nil, fmt.Errorf("turn: listen ip %q is not an IP address", cfg.ListenIP)
	}
	relay, err := relayIP(cfg.RelayIP, listen)
	if err != nil {
		return nil, err
	}
	bind, err := relayBindIP(cfg.RelayBindIP, relay, listen)
	if err != nil {
		return nil, err
	}
	log = log.With("component", "turn")
	local := interfaceIPs()
	own := append(append([]net.IP{}, local...), listen, relay)
	var natIPs []net.IP
	for _, s := range cfg.OwnIPs {
		ip := net.ParseIP(s)
		if ip == nil {
			continue
		}
		own = append(own, ip)
		if !slices.ContainsFunc(local, ip.Equal) && !ip.IsLoopback() {
			natIPs = append(natIPs, ip)
		}
	}
	policy := newPeerPolicy(cfg.AllowPeers, own, cfg.SelfPorts)
	s := &Server{
		cfg: cfg, relay: relay, log: log, policy: policy,
		relays: newRelays(relay, bind, policy, natIPs, cfg),
		ended:  newRevocations(cfg.CredentialTTL),
		logged: newLogLimiter(cfg.LogInterval),
	}
	if err := s.start(ctx, listen); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *Server) start(ctx context.Context, listen net.IP) (err error) {
	var closers []func() error
	defer func() {
		if err != nil {
			for _, c := range closers {
				_ = c()
			}
		}
	}()
	var lc net.ListenConfig
	host := listen.String()
	// Bind to the listen address's family only: on a dual-stack socket
	// pion would answer IPv4 clients with IPv6 relays.
	udp, tcp := "udp4", "tcp4"
	if listen.To4() == nil {
		udp, tcp = "udp6", "tcp6"
	}
	sc := pturn.ServerConfig{
		Realm:         s.cfg.Realm,
		AuthHandler:   s.authenticate,
		QuotaHandler:  s.admit,
		LoggerFactory: pionlog.New(s.log),
		EventHandler: pturn.EventHandler{OnAuth: func(src, _ net.Addr, _, username, _, _ string, ok bool) {
			if !ok {
				s.refuseAuth(src, "wrong password", username)
			}
		}},
	}
	if s.cfg.UDPPort != 0 {
		pc, err := lc.ListenPacket(ctx, udp, net.JoinHostPort(host, strconv.Itoa(listenPort(s.cfg.UDPPort))))
		if err != nil {
			return fmt.Errorf("turn: listen udp port %d: %w", s.cfg.UDPPort, err)
		}
		closers = append(closers, pc.Close)
		s.udpAddr = pc.LocalAddr()
		if listen.IsUnspecified() {
			pc = s.answerFromAddressReached(pc.(*net.UDPConn), udp == "udp6", &sc.EventHandler)
		}
		sc.PacketConnConfigs = append(sc.PacketConnConfigs, pturn.PacketConnConfig{
			PacketConn: pc, RelayAddressGenerator: s.relays, PermissionHandler: s.permit,
		})
	}
	if s.cfg.TCPPort != 0 {
		ln, err := lc.Listen(ctx, tcp, net.JoinHostPort(host, strconv.Itoa(listenPort(s.cfg.TCPPort))))
		if err != nil {
			return fmt.Errorf("turn: listen tcp port %d: %w", s.cfg.TCPPort, err)
		}
		closers = append(closers, ln.Close)
		s.tcpAddr = ln.Addr()
		sc.ListenerConfigs = append(sc.ListenerConfigs, pturn.ListenerConfig{
			Listener: ln, RelayAddressGenerator: s.relays, PermissionHandler: s.permit,
		})
	}
	if s.cfg.TLSPort != 0 {
		certs, err := newCertReloader(s.cfg.CertFile, s.cfg.KeyFile, s.log)
		if err != nil {
			return err
		}
		s.certs = certs
		ln, err := lc.Listen(ctx, tcp, net.JoinHostPort(host, strconv.Itoa(listenPort(s.cfg.TLSPort))))
		if err != nil {
			return fmt.Errorf("turn: listen tls port %d: %w", s.cfg.TLSPort, err)
		}
		closers = append(closers, ln.Close)
		s.tlsAddr = ln.Addr()
		tl := tls.NewListener(ln, &tls.Config{MinVersion: tls.VersionTLS12, GetCertificate: certs.getCertificate})
		sc.ListenerConfigs = append(sc.ListenerConfigs, pturn.ListenerConfig{
			Listener: tl, RelayAddressGenerator: s.relays, PermissionHandler: s.permit,
		})
	}
	srv, err := pturn.NewServer(sc)
	if err != nil {
		return fmt.Errorf("turn: start: %w", err)
	}
	s.srv = srv
	bg, stop := context.WithCancel(context.Background())
	s.stop = stop
	s.wg.Add(1)
	go func() { defer s.wg.Done(); s.expireIdle(bg) }()
	if s.certs != nil {
		s.wg.Add(1)
		go func() { defer s.wg.Done(); s.certs.watch(bg, s.cfg.CertCheckInterval) }()
	}
	s.log.Info("turn server listening", "udp", addrString(s.udpAddr), "tcp", addrString(s.tcpAddr),
		"tls", addrString(s.tlsAddr), "relay_ip", s.relay.String(), "relay_bind_ip", s.relays.bindIP, "realm", s.cfg.Realm)
	return nil
}

// answerFromAddressReached makes the wildcard UDP socket answer each
// client from the address the client sent to (replySourceConn); where the
// platform cannot tell, the plain socket stays and a warning says what
// that means.
func (s *Server) answerFromAddressReached(uc *net.UDPConn, v6 bool, events *pturn.EventHandler) net.PacketConn {
	rc, err := newReplySourceConn(uc, v6)
	if err != nil {
		s.log.Warn("turn over udp answers from the address the kernel picks; on a host with several addresses set media.turn.listen_ip to the advertised one",
			"err", err)
		return uc
	}
	events.OnAllocationCreated = func(src, _ net.Addr, _, _, _ string, _ net.Addr, _ int) { rc.pin(src) }
	events.OnAllocationDeleted = func(src, _ net.Addr, _, _, _ string) { rc.unpin(src) }
	return rc
}

func addrString(a net.Addr) string {
	if a == nil {
		return "off"
	}
	return a.String()
}

func (s *Server) expireIdle(ctx context.Context) {
	t := time.NewTicker(min(s.cfg.IdleTimeout/4+time.Millisecond, 30*time.Second))
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			if n := s.relays.expireIdle(now); n > 0 {
				s.log.Debug("idle turn allocations expired", "count", n)
			}
			s.ended.prune(now)
		}
	}
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
	for _, ip := range interfaceIPs() {
		if !ip.IsLoopback() && !ip.IsLinkLocalUnicast() && ip.To4() != nil {
			return ip, nil
		}
	}
	return nil, errors.New("turn: no relay ip configured and no non-loopback IPv4 address found")
}

func relayBindIP(configured string, relay, listen net.IP) (net.IP, error) {
	if configured != "" {
		ip := net.ParseIP(configured)
		if ip == nil {
			return nil, fmt.Errorf("turn: relay bind ip %q is not an IP address", configured)
		}
		return ip, nil
	}
	for _, ip := range interfaceIPs() {
		if ip.Equal(relay) {
			return relay, nil
		}
	}
	return relayIP("", listen)
}

// authenticate checks a TURN REST credential: "<expiry>:<user>" or
// "<expiry>:<user>:<session ref>:<issued>" (unix seconds) signed with the
// shared secret. The
// allocation's owner (client network, user, session) is what quotas count
// and revocations match.
//
// Expiry bounds when an allocation may be created: a call outlives its
// credential, so refreshes, permissions and channel binds of an
// allocation made in time go on with it, until the session ends.
func (s *Server) authenticate(ra *pturn.RequestAttributes) (string, []byte, bool) {
	c, err := parseUsername(ra.Username, s.cfg.CredentialTTL)
	user, session, exp := c.user, c.session, c.expires.Unix()
	switch {
	case err != nil:
		s.refuseAuth(ra.SrcAddr, err.Error(), ra.Username)
		return "", nil, false
	case s.ended.refused(user, session, c.issued):
		s.refuseAuth(ra.SrcAddr, "session ended", ra.Username)
		return "", nil, false
	case exp < time.Now().Unix() && ra.Method == stun.MethodAllocate:
		s.refuseAuth(ra.SrcAddr, "credential expired", ra.Username)
		return "", nil, false
	}
	o := owner{network: networkOf(ra.SrcAddr), user: user, session: session}
	// A wrong password is found by the server's MESSAGE-INTEGRITY check
	// after this returns; OnAuth below counts it.
	return o.key(), pturn.GenerateAuthKey(ra.Username, ra.Realm, password(s.cfg.Secret, ra.Username)), true
}

// EndSessions refuses, from now on, the credentials of the user's session
// (those minted until now for every session of the user when sessionRef
// is "") and closes their allocations. It returns how many allocations it
// closed.
func (s *Server) EndSessions(user, sessionRef string) int {
	s.ended.revoke(user, sessionRef, time.Now())
	n := s.relays.closeSessions(user, sessionRef)
	if n > 0 {
		s.log.Info("turn allocations of an ended session closed", "user", user, "count", n)
	}
	return n
}

func (s *Server) refuseAuth(src net.Addr, why, user string) {
	s.authFailures.Add(1)
	if s.logged.allow("auth " + hostOf(src)) {
		s.log.Warn("turn authentication refused", "client", hostOf(src), "reason", why, "username", user)
	}
}

func (s *Server) admit(key, _ string, src net.Addr) bool {
	if s.relays.admit(key) {
		return true
	}
	s.quotaRefusals.Add(1)
	if s.logged.allow("quota " + hostOf(src)) {
		o := parseOwner(key)
		s.log.Warn("turn allocation refused: quota reached", "client", hostOf(src), "user", o.user, "network", o.network,
			"per_user", s.cfg.MaxAllocationsPerUser, "per_network", s.cfg.MaxAllocationsPerNetwork, "total", s.cfg.MaxAllocations)
	}
	return false
}

func (s *Server) permit(client net.Addr, peer net.IP) bool {
	why := s.policy.refusal(peer)
	if why == "" {
		return true
	}
	s.refusals.Add(1)
	if s.logged.allow("peer " + hostOf(client)) {
		s.log.Warn("turn relay refused", "client", hostOf(client), "peer", peer.String(), "reason", why,
			"hint", "add the range to media.turn.allow_peers if this is intended")
	}
	return false
}

func password(secret, username string) string {
	mac := hmac.New(sha1.New, []byte(secret))
	mac.Write([]byte(username))
	return base64.StdEncoding.EncodeToString(mac.Sum(nil))
}

// MintCredentials returns a TURN REST credential for identity valid for ttl
// under secret; external TURN servers with the same secret accept it.
func MintCredentials(secret, identity string, ttl time.Duration) (username, pass string) {
	return MintSessionCredentials(secret, identity, "", time.Now().Add(ttl))
}

// MintSessionCredentials returns a TURN REST credential for the user's
// sign-in session (sessionRef from SessionRef; "" for none) that expires
// at expires. Ending the session (Server.EndSessions) revokes it.
func MintSessionCredentials(secret, user, sessionRef string, expires time.Time) (username, pass string) {
	username = strconv.FormatInt(expires.Unix(), 10) + ":" + user
	if sessionRef != "" {
		username += ":" + sessionRef + ":" + strconv.FormatInt(time.Now().Unix(), 10)
	}
	return username, password(secret, username)
}

// credential is a parsed TURN username.
type credential struct {
	user, session   string
	issued, expires time.Time
}

// parseUsername reads "<expiry>:<user>" or "<expiry>:<user>:<session
// ref>:<issued>". Without an issue time, the credential counts as issued
// ttl before it expires (MintCredentials does that).
func parseUsername(username string, ttl time.Duration) (credential, error) {
	errFormat := errors.New("username is not <expiry>:<user>[:<session>:<issued>]")
	parts := strings.Split(username, ":")
	if (len(parts) != 2 && len(parts) != 4) || parts[1] == "" || strings.Contains(username, ownerSep) {
		return credential{}, errFormat
	}
	exp, err := strconv.ParseInt(parts[0], 10, 64)
	if err != nil {
		return credential{}, errFormat
	}
	c := credential{user: parts[1], expires: time.Unix(exp, 0)}
	c.issued = c.expires.Add(-ttl)
	if len(parts) == 4 {
		issued, err := strconv.ParseInt(parts[3], 10, 64)
		if err != nil || parts[2] == "" {
			return credential{}, errFormat
		}
		c.session, c.issued = parts[2], time.Unix(issued, 0)
	}
	return c, nil
}
