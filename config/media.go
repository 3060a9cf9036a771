package config

import (
	"errors"
	"fmt"
	"net"
	"strings"
	"time"

	"souk/config/mediadefaults"
)

// Media holds what operators tune for the media server (SFU, signalling and
// embedded TURN). It is embedded in the top-level Config under `media:`.
// Zero values are not meaningful; start from DefaultMedia.
type Media struct {
	// Keys maps API key to secret. Access tokens must be signed with one of
	// these. Required: at least one pair.
	Keys map[string]string `yaml:"keys"`

	// NodeIPs are the addresses advertised in ICE candidates. One the
	// host holds is advertised as itself, on its own socket; the host's
	// other addresses of that family then stand for the node IPs it does
	// not hold (1:1 NAT, a cloud VM's public address), or are left out
	// when the host holds every node IP of the family. Loopback keeps its
	// own address. Empty means STUN discovery, the named interface, or the
	// host's own interface addresses, in that order.
	NodeIPs []string `yaml:"node_ips"`
	// STUNDiscovery asks the first of STUNServers for this host's public
	// address at start and advertises it (NAT 1:1). Default false.
	STUNDiscovery bool `yaml:"stun_discovery"`
	// NodeIPInterface advertises the addresses of this interface (e.g.
	// "eth0") when NodeIPs is empty.
	NodeIPInterface string `yaml:"node_ip_interface"`
	// Interfaces, when set, restricts ICE candidates to these interfaces.
	Interfaces []string `yaml:"interfaces"`
	// IPs, when set, restricts ICE candidates to addresses in these CIDRs.
	IPs []string `yaml:"ips"`
	// IPv6 gathers and advertises IPv6 candidates (UDP and TCP) besides
	// IPv4 ones. It is on by itself when NodeIPs lists an IPv6 address;
	// otherwise only IPv4 is offered, so that a host's unroutable IPv6
	// addresses (ULA, link-local) never reach browsers. Default false.
	IPv6 bool `yaml:"ipv6"`
	// IncludeLoopback adds loopback candidates (always on in development
	// mode, where browser and server share the machine). Default false.
	IncludeLoopback bool `yaml:"include_loopback"`
	// TCPPort carries ICE over TCP for clients whose UDP is blocked, all
	// peers on one port. 0 turns it off. Default 7881.
	TCPPort int `yaml:"tcp_port"`
	// UDPPort, when non-zero, makes all WebRTC traffic share one UDP socket
	// on this port (UDP mux). Default 7882.
	UDPPort int `yaml:"udp_port"`
	// UDPSegmentation sends the packets of one video frame to one
	// subscriber on the shared UDP port as one segmented write (UDP GSO)
	// where the kernel and the network device support it; the kernel cuts
	// it back into the same datagrams. Default true.
	UDPSegmentation bool `yaml:"udp_segmentation"`
	// DirectSRTP handles the media of every connection whose ICE pair is
	// on the shared UDP port in Souk's own code, skipping pion's
	// per-packet paths: forwarded RTP is encrypted and queued there,
	// publishers' media and subscribers' RTCP are read and decrypted
	// there, and consent checks answered. Default true.
	DirectSRTP bool `yaml:"direct_srtp"`
	// PortRangeStart/End restrict ephemeral ICE ports when UDPPort is 0.
	// Both zero means any port.
	PortRangeStart int `yaml:"port_range_start"`
	PortRangeEnd   int `yaml:"port_range_end"`

	// STUNServers are advertised to clients in addition to the embedded
	// TURN server (e.g. "stun:stun.example.org:3478").
	STUNServers []string `yaml:"stun_servers"`

	TURN TURN `yaml:"turn"`

	Codecs Codecs `yaml:"codecs"`

	// EmptyTimeout closes a room this long after its last participant left.
	// Default 5m.
	EmptyTimeout time.Duration `yaml:"empty_timeout"`
	// MaxParticipants per room, publishers and subscribers alike (a
	// livestream viewer is a participant). Default 500, so one room can
	// carry a livestream to hundreds of viewers; what a machine can
	// actually forward is measured with `souk bench --scenario sweep`.
	MaxParticipants int `yaml:"max_participants"`
	// MaxTracksPerParticipant caps published tracks. Default 8.
	MaxTracksPerParticipant int `yaml:"max_tracks_per_participant"`
	// MaxDataPacketBytes caps one DataPacket received from a client.
	// Default 65536 (livekit-client caps its own at 64000).
	MaxDataPacketBytes int `yaml:"max_data_packet_bytes"`

	// AdvertiseClientProtocol shows each client's client_protocol to the
	// others in ParticipantInfo. livekit-client then sends RPC between
	// such peers over data streams, without the 15 KiB payload limit.
	// Default false: every RPC keeps the v1 limit (payloads over it fail
	// with REQUEST_PAYLOAD_TOO_LARGE), which all client versions
	// understand the same way.
	AdvertiseClientProtocol bool `yaml:"advertise_client_protocol"`

	// PingInterval and PingTimeout are sent to clients in the JoinResponse;
	// the server closes a signal connection silent for PingTimeout.
	// Defaults 5s and 15s.
	PingInterval time.Duration `yaml:"ping_interval"`
	PingTimeout  time.Duration `yaml:"ping_timeout"`
	// ReconnectWindow keeps a participant whose signal connection dropped
	// without a leave, so the client can resume. Default 45s.
	ReconnectWindow time.Duration `yaml:"reconnect_window"`

	Webhook Webhook `yaml:"webhook"`
}

// TURN configures the embedded TURN server.
type TURN struct {
	// Enabled turns the embedded TURN server on. Default true.
	Enabled bool `yaml:"enabled"`
	// UDPPort and TCPPort serve plain TURN; 0 turns one off. Default 3478.
	UDPPort int `yaml:"udp_port"`
	TCPPort int `yaml:"tcp_port"`
	// TLSPort serves TURN over TLS (turns:) when CertFile and KeyFile are
	// set; 443 passes the strictest firewalls. Default 5349.
	TLSPort int `yaml:"tls_port"`
	// CertFile and KeyFile are PEM files, re-read when they change.
	CertFile string `yaml:"cert_file"`
	KeyFile  string `yaml:"key_file"`
	// Domain is the host name in the advertised URLs; needed for turns:
	// so that the certificate's name matches. Empty means the relay IP.
	Domain string `yaml:"domain"`
	// Secret is the TURN REST shared secret credentials are signed with;
	// an external coturn with static-auth-secret set to the same value
	// accepts them. Empty means one generated once into the data
	// directory.
	Secret string `yaml:"secret"`
	// ExternalURLs are other TURN servers (turn:/turns: URLs) sharing
	// Secret, advertised beside or, with the embedded server disabled,
	// instead of it.
	ExternalURLs []string `yaml:"external_urls"`
	// AllowPeers are CIDRs a relay may reach although they are loopback,
	// private, link-local or this server (LAN deployments, tests).
	AllowPeers []string `yaml:"allow_peers"`
	// MaxAllocationsPerUser and MaxAllocations cap live relays. Defaults
	// 10 and 1000.
	MaxAllocationsPerUser int `yaml:"max_allocations_per_user"`
	MaxAllocations        int `yaml:"max_allocations"`
	// MaxAllocationsPerNetwork caps live relays per client network (one
	// IPv4 address or IPv6 /64), whatever the accounts. Default 100.
	MaxAllocationsPerNetwork int `yaml:"max_allocations_per_network"`
	// BytesPerSecond caps one relay's traffic per direction. Default 5000000.
	BytesPerSecond int `yaml:"bytes_per_second"`
	// IdleTimeout closes relays that carried nothing this long. Default 5m.
	IdleTimeout time.Duration `yaml:"idle_timeout"`
	// ListenIP to bind. Default "0.0.0.0".
	ListenIP string `yaml:"listen_ip"`
	// RelayIP is the address put in relayed candidates; empty means the
	// first of media.node_ips, else ListenIP when it is not a wildcard.
	RelayIP string `yaml:"relay_ip"`
	// Realm of the long-term credentials. Default "souk".
	Realm string `yaml:"realm"`
	// CredentialTTL is the longest a credential handed out in a
	// JoinResponse may allocate relays; it ends earlier, with the media
	// token it was handed out for. Default 24h.
	CredentialTTL time.Duration `yaml:"credential_ttl"`
}

// DefaultMedia returns the documented defaults. Keys is empty: operators must
// supply at least one key pair. The room, signalling and TURN limits come
// from config/mediadefaults, which is also what a zero sfu.Config,
// signal.Config or turn.Config falls back to.
func DefaultMedia() Media {
	return Media{
		Keys:            map[string]string{},
		UDPPort:         7882,
		UDPSegmentation: true,
		DirectSRTP:      true,
		TCPPort:         7881,
		TURN: TURN{Enabled: true, UDPPort: 3478, TCPPort: 3478, TLSPort: 5349,
			ListenIP:                 mediadefaults.TURNListenIP,
			Realm:                    mediadefaults.TURNRealm,
			CredentialTTL:            mediadefaults.TURNCredentialTTL,
			MaxAllocationsPerUser:    mediadefaults.TURNMaxAllocationsPerUser,
			MaxAllocations:           mediadefaults.TURNMaxAllocations,
			MaxAllocationsPerNetwork: mediadefaults.TURNMaxAllocationsPerNetwork,
			BytesPerSecond:           mediadefaults.TURNBytesPerSecond,
			IdleTimeout:              mediadefaults.TURNIdleTimeout},
		Codecs:                  DefaultCodecs(),
		EmptyTimeout:            mediadefaults.EmptyTimeout,
		MaxParticipants:         mediadefaults.MaxParticipants,
		MaxTracksPerParticipant: mediadefaults.MaxTracksPerParticipant,
		MaxDataPacketBytes:      mediadefaults.MaxDataPacketBytes,
		PingInterval:            mediadefaults.PingInterval,
		PingTimeout:             mediadefaults.PingTimeout,
		ReconnectWindow:         mediadefaults.ReconnectWindow,
	}
}

// Validate reports the first invalid setting, naming its key.
func (m Media) Validate() error {
	var errs []error
	bad := func(key, msg string) { errs = append(errs, fmt.Errorf("media.%s: %s", key, msg)) }
	if len(m.Keys) == 0 {
		bad("keys", "at least one API key is required")
	}
	for k, s := range m.Keys {
		if k == "" {
			bad("keys", "empty API key")
		}
		if len(s) < 32 {
			bad("keys", fmt.Sprintf("secret of key %q must be at least 32 characters", k))
		}
	}
	for _, ip := range m.NodeIPs {
		if net.ParseIP(ip) == nil {
			bad("node_ips", fmt.Sprintf("%q is not an IP address", ip))
		}
	}
	if m.UDPPort < 0 || m.UDPPort > 65535 {
		bad("udp_port", "must be between 0 and 65535")
	}
	if m.TCPPort < 0 || m.TCPPort > 65535 {
		bad("tcp_port", "must be between 0 and 65535")
	}
	if m.TCPPort != 0 && m.TCPPort == m.UDPPort {
		// Different protocols may share a number, but operators mix them
		// up in firewalls; keeping them apart is clearer.
		bad("tcp_port", "must differ from udp_port")
	}
	if m.STUNDiscovery && len(m.STUNServers) == 0 {
		bad("stun_discovery", "needs at least one entry in media.stun_servers")
	}
	if m.STUNDiscovery && len(m.NodeIPs) > 0 {
		bad("stun_discovery", "conflicts with media.node_ips; set one of them")
	}
	for _, c := range m.IPs {
		if _, _, err := net.ParseCIDR(c); err != nil {
			bad("ips", fmt.Sprintf("%q is not a CIDR like 203.0.113.0/24", c))
		}
	}
	for _, u := range m.STUNServers {
		if !strings.HasPrefix(u, "stun:") {
			bad("stun_servers", fmt.Sprintf("%q must start with stun:", u))
		}
	}
	errs = append(errs, m.Codecs.validate()...)
	if m.PortRangeStart < 0 || m.PortRangeEnd > 65535 || m.PortRangeStart > m.PortRangeEnd {
		bad("port_range_start", "must satisfy 0 <= port_range_start <= port_range_end <= 65535")
	}
	if m.TURN.Enabled {
		for key, p := range map[string]int{"turn.udp_port": m.TURN.UDPPort, "turn.tcp_port": m.TURN.TCPPort, "turn.tls_port": m.TURN.TLSPort} {
			if p < 0 || p > 65535 {
				bad(key, "must be between 0 (off) and 65535")
			}
		}
		if m.TURN.UDPPort == 0 && m.TURN.TCPPort == 0 && (m.TURN.TLSPort == 0 || m.TURN.CertFile == "") {
			bad("turn.udp_port", "the embedded TURN server needs at least one listener")
		}
		if (m.TURN.CertFile == "") != (m.TURN.KeyFile == "") {
			bad("turn.cert_file", "cert_file and key_file must be set together")
		}
		if m.TURN.MaxAllocationsPerUser <= 0 {
			bad("turn.max_allocations_per_user", "must be > 0")
		}
		if m.TURN.MaxAllocationsPerNetwork <= 0 {
			bad("turn.max_allocations_per_network", "must be > 0")
		}
		if m.TURN.MaxAllocations < m.TURN.MaxAllocationsPerUser {
			bad("turn.max_allocations", "must be >= max_allocations_per_user")
		}
		if m.TURN.BytesPerSecond < 10_000 {
			bad("turn.bytes_per_second", "must be at least 10000 (a video call needs far more)")
		}
		if m.TURN.IdleTimeout < 10*time.Second {
			bad("turn.idle_timeout", "must be at least 10s")
		}
		if net.ParseIP(m.TURN.ListenIP) == nil {
			bad("turn.listen_ip", "must be an IP address")
		}
		if m.TURN.RelayIP != "" && net.ParseIP(m.TURN.RelayIP) == nil {
			bad("turn.relay_ip", "must be an IP address")
		}
		if m.TURN.Realm == "" {
			bad("turn.realm", "must not be empty")
		}
		if m.TURN.CredentialTTL < time.Minute {
			bad("turn.credential_ttl", "must be at least 1m")
		}
	}
	for _, c := range m.TURN.AllowPeers {
		if _, _, err := net.ParseCIDR(c); err != nil {
			bad("turn.allow_peers", fmt.Sprintf("%q is not a CIDR like 192.168.1.0/24", c))
		}
	}
	if len(m.TURN.ExternalURLs) > 0 && m.TURN.Secret == "" {
		bad("turn.secret", "external_urls need the shared secret the external servers are configured with")
	}
	for _, u := range m.TURN.ExternalURLs {
		if !strings.HasPrefix(u, "turn:") && !strings.HasPrefix(u, "turns:") {
			bad("turn.external_urls", fmt.Sprintf("%q must start with turn: or turns:", u))
		}
	}
	if m.EmptyTimeout <= 0 {
		bad("empty_timeout", "must be > 0")
	}
	if m.MaxParticipants <= 0 {
		bad("max_participants", "must be > 0")
	}
	if m.MaxTracksPerParticipant <= 0 {
		bad("max_tracks_per_participant", "must be > 0")
	}
	if m.MaxDataPacketBytes <= 0 {
		bad("max_data_packet_bytes", "must be > 0")
	}
	if m.PingInterval <= 0 {
		bad("ping_interval", "must be > 0")
	}
	if m.PingTimeout <= m.PingInterval {
		bad("ping_timeout", "must be greater than ping_interval")
	}
	if m.ReconnectWindow < 0 {
		bad("reconnect_window", "must be >= 0")
	}
	m.Webhook.validate(m.Keys, bad)
	return errors.Join(errs...)
}
