package config

import (
	"errors"
	"fmt"
	"net"
	"time"
)

// Media holds what operators tune for the media server (SFU, signalling and
// embedded TURN). It is embedded in the top-level Config under `media:`.
// Zero values are not meaningful; start from DefaultMedia.
type Media struct {
	// Keys maps API key to secret. Access tokens must be signed with one of
	// these. Required: at least one pair.
	Keys map[string]string `yaml:"keys"`

	// NodeIPs are the public addresses advertised in ICE candidates (NAT
	// 1:1). Empty means the host's own interface addresses.
	NodeIPs []string `yaml:"node_ips"`
	// UDPPort, when non-zero, makes all WebRTC traffic share one UDP socket
	// on this port (UDP mux). Default 7882.
	UDPPort int `yaml:"udp_port"`
	// PortRangeStart/End restrict ephemeral ICE ports when UDPPort is 0.
	// Both zero means any port.
	PortRangeStart int `yaml:"port_range_start"`
	PortRangeEnd   int `yaml:"port_range_end"`

	// STUNServers are advertised to clients in addition to the embedded
	// TURN server (e.g. "stun:stun.example.org:3478").
	STUNServers []string `yaml:"stun_servers"`

	TURN TURN `yaml:"turn"`

	// EmptyTimeout closes a room this long after its last participant left.
	// Default 5m.
	EmptyTimeout time.Duration `yaml:"empty_timeout"`
	// MaxParticipants per room. Default 50.
	MaxParticipants int `yaml:"max_participants"`
	// MaxTracksPerParticipant caps published tracks. Default 8.
	MaxTracksPerParticipant int `yaml:"max_tracks_per_participant"`
	// MaxDataPacketBytes caps one DataPacket received from a client.
	// Default 65536 (livekit-client caps its own at 64000).
	MaxDataPacketBytes int `yaml:"max_data_packet_bytes"`

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
	// UDPPort to listen on. Default 3478.
	UDPPort int `yaml:"udp_port"`
	// ListenIP to bind. Default "0.0.0.0".
	ListenIP string `yaml:"listen_ip"`
	// RelayIP is the address put in relayed candidates; empty means the
	// first of media.node_ips, else ListenIP when it is not a wildcard.
	RelayIP string `yaml:"relay_ip"`
	// Realm of the long-term credentials. Default "souk".
	Realm string `yaml:"realm"`
	// CredentialTTL is how long a credential handed out in a JoinResponse
	// stays valid. Default 24h.
	CredentialTTL time.Duration `yaml:"credential_ttl"`
}

// DefaultMedia returns the documented defaults. Keys is empty: operators must
// supply at least one key pair.
func DefaultMedia() Media {
	return Media{
		Keys:                    map[string]string{},
		UDPPort:                 7882,
		TURN:                    TURN{Enabled: true, UDPPort: 3478, ListenIP: "0.0.0.0", Realm: "souk", CredentialTTL: 24 * time.Hour},
		EmptyTimeout:            5 * time.Minute,
		MaxParticipants:         50,
		MaxTracksPerParticipant: 8,
		MaxDataPacketBytes:      65536,
		PingInterval:            5 * time.Second,
		PingTimeout:             15 * time.Second,
		ReconnectWindow:         45 * time.Second,
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
	if m.PortRangeStart < 0 || m.PortRangeEnd > 65535 || m.PortRangeStart > m.PortRangeEnd {
		bad("port_range_start", "must satisfy 0 <= port_range_start <= port_range_end <= 65535")
	}
	if m.TURN.Enabled {
		if m.TURN.UDPPort <= 0 || m.TURN.UDPPort > 65535 {
			bad("turn.udp_port", "must be between 1 and 65535")
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
