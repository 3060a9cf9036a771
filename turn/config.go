package turn

import (
	"errors"
	"net/netip"
	"time"

	"souk/config/mediadefaults"
)

// Config of the embedded TURN server. Ports: 0 turns a listener off, -1
// picks an ephemeral port (tests). Settings that are also keys of the
// media.turn section of the configuration take, when left at zero, that
// section's defaults (config/mediadefaults), the one place they are
// written.
type Config struct {
	// ListenIP to bind; default media.turn.listen_ip's.
	ListenIP string
	// UDPPort and TCPPort serve plain TURN (usually both 3478).
	UDPPort, TCPPort int
	// TLSPort serves TURN over TLS (5349, or 443 to pass strict
	// firewalls). It needs CertFile and KeyFile.
	TLSPort           int
	CertFile, KeyFile string
	// CertCheckInterval is how often the certificate files are checked
	// for changes; default 10s.
	CertCheckInterval time.Duration

	// RelayIP is the address relay sockets bind to and that is written
	// into relayed candidates. Empty means ListenIP when it is specific,
	// else the first non-loopback IPv4 of the host.
	RelayIP string
	// RelayBindIP is the local address relay sockets bind to. Empty means
	// RelayIP when it belongs to this host (otherwise it is a public
	// address in front of a NAT), else ListenIP when it is specific, else
	// the first non-loopback IPv4 of the host.
	RelayBindIP string
	// Domain, when set, is the host name put into the advertised URLs
	// (needed for turns: so that the certificate's name matches).
	Domain string
	// Realm of the long-term credentials; default media.turn.realm's.
	Realm string
	// CredentialTTL is how long handed-out credentials stay valid;
	// default media.turn.credential_ttl's.
	CredentialTTL time.Duration
	// Secret signs credentials (TURN REST shared secret). Required.
	Secret string

	// AllowPeers opens otherwise refused peer ranges (LAN deployments,
	// tests). Everything in them is allowed, including loopback.
	AllowPeers []netip.Prefix
	// OwnIPs are extra addresses of this deployment (e.g. the public
	// node IPs behind NAT) that peers may not be; interface addresses,
	// ListenIP and RelayIP are always included.
	OwnIPs []string
	// SelfPorts are UDP ports of this host that relays may reach on its
	// own (non-loopback) addresses: the SFU's media port, so that a
	// browser forced to relay can still reach the SFU next door. The
	// permission is granted for the address; packets to any other port
	// of it are dropped and counted as refusals.
	SelfPorts []int

	// MaxAllocationsPerUser and MaxAllocations cap live allocations;
	// defaults those of media.turn.max_allocations_per_user and
	// max_allocations.
	MaxAllocationsPerUser, MaxAllocations int
	// MaxAllocationsPerNetwork caps live allocations per client network
	// (one IPv4 address, or one IPv6 /64), whatever the identities: a
	// host holding many accounts cannot take the whole total. Default 100.
	MaxAllocationsPerNetwork int
	// BytesPerSecond caps relayed bytes per allocation and direction;
	// default media.turn.bytes_per_second's. Excess packets are dropped.
	BytesPerSecond int
	// IdleTimeout closes allocations that relayed nothing for this long;
	// default media.turn.idle_timeout's.
	IdleTimeout time.Duration
	// LogInterval is the minimum time between two refusal or
	// authentication failure lines for one client address; default 1m.
	LogInterval time.Duration
}

func (c Config) withDefaults() Config {
	if c.ListenIP == "" {
		c.ListenIP = mediadefaults.TURNListenIP
	}
	if c.Realm == "" {
		c.Realm = mediadefaults.TURNRealm
	}
	if c.CredentialTTL <= 0 {
		c.CredentialTTL = mediadefaults.TURNCredentialTTL
	}
	if c.CertCheckInterval <= 0 {
		c.CertCheckInterval = 10 * time.Second
	}
	if c.MaxAllocationsPerUser <= 0 {
		c.MaxAllocationsPerUser = mediadefaults.TURNMaxAllocationsPerUser
	}
	if c.MaxAllocationsPerNetwork <= 0 {
		c.MaxAllocationsPerNetwork = mediadefaults.TURNMaxAllocationsPerNetwork
	}
	if c.MaxAllocations <= 0 {
		c.MaxAllocations = mediadefaults.TURNMaxAllocations
	}
	if c.BytesPerSecond <= 0 {
		c.BytesPerSecond = mediadefaults.TURNBytesPerSecond
	}
	if c.IdleTimeout <= 0 {
		c.IdleTimeout = mediadefaults.TURNIdleTimeout
	}
	if c.LogInterval <= 0 {
		c.LogInterval = time.Minute
	}
	return c
}

func (c Config) validate() error {
	var errs []error
	if c.Secret == "" {
		errs = append(errs, errors.New("turn: a shared secret is required"))
	}
	if c.UDPPort == 0 && c.TCPPort == 0 && c.TLSPort == 0 {
		errs = append(errs, errors.New("turn: no listener enabled (udp, tcp and tls ports are all 0)"))
	}
	if c.TLSPort != 0 && (c.CertFile == "" || c.KeyFile == "") {
		errs = append(errs, errors.New("turn: the tls listener needs a certificate and key file"))
	}
	return errors.Join(errs...)
}

func listenPort(p int) int {
	if p < 0 {
		return 0
	}
	return p
}
