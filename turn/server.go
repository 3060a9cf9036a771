package turn

import (
	"crypto/x509"
	"fmt"
	"net"
	"time"

	"github.com/livekit/protocol/livekit"
)

// UDPAddr, TCPAddr and TLSAddr are the listening addresses; nil when that
// listener is off.
func (s *Server) UDPAddr() net.Addr { return s.udpAddr }
func (s *Server) TCPAddr() net.Addr { return s.tcpAddr }
func (s *Server) TLSAddr() net.Addr { return s.tlsAddr }

// RelayIP is the address relayed candidates carry.
func (s *Server) RelayIP() net.IP { return s.relay }

// Realm of the credentials.
func (s *Server) Realm() string { return s.cfg.Realm }

// Certificate is the leaf currently served on TLS; nil without TLS.
func (s *Server) Certificate() *x509.Certificate {
	if s.certs == nil {
		return nil
	}
	return s.certs.current().Leaf
}

// Credentials returns a username and password valid for CredentialTTL.
func (s *Server) Credentials(identity string) (username, password string) {
	return MintCredentials(s.cfg.Secret, identity, s.cfg.CredentialTTL)
}

// URLs lists one URL per enabled listener, in the order clients should try
// them: UDP, TCP, TLS.
func (s *Server) URLs() []string {
	host := s.cfg.Domain
	if host == "" {
		host = s.relay.String()
	}
	var urls []string
	add := func(scheme string, a net.Addr, transport string) {
		if a == nil {
			return
		}
		_, port, _ := net.SplitHostPort(a.String())
		urls = append(urls, fmt.Sprintf("%s:%s?transport=%s", scheme, net.JoinHostPort(host, port), transport))
	}
	add("turn", s.udpAddr, "udp")
	add("turn", s.tcpAddr, "tcp")
	add("turns", s.tlsAddr, "tcp")
	return urls
}

// ICEServers lists this server with fresh credentials; it fits
// sfu.Config.ICEServers.
func (s *Server) ICEServers(identity string) []*livekit.ICEServer {
	u, p := s.Credentials(identity)
	return []*livekit.ICEServer{{Urls: s.URLs(), Username: u, Credential: p}}
}

// SessionICEServers lists this server with credentials for the user's
// sign-in session (sessionRef from SessionRef) that expire at expires.
func (s *Server) SessionICEServers(user, sessionRef string, expires time.Time) []*livekit.ICEServer {
	u, p := MintSessionCredentials(s.cfg.Secret, user, sessionRef, expires)
	return []*livekit.ICEServer{{Urls: s.URLs(), Username: u, Credential: p}}
}

// Stats is a snapshot of the counters, for metrics.
func (s *Server) Stats() Stats {
	return Stats{
		Allocations:    s.relays.active(),
		PeerRefusals:   s.refusals.Load() + s.relays.refused.Load(),
		QuotaRefusals:  s.quotaRefusals.Load(),
		AuthFailures:   s.authFailures.Load(),
		DroppedPackets: s.relays.dropped.Load(),
	}
}

// Close stops the listeners, the relays and the background work.
func (s *Server) Close() error {
	s.stop()
	err := s.srv.Close()
	s.wg.Wait()
	if err != nil {
		return fmt.Errorf("turn: close: %w", err)
	}
	return nil
}
