package sfu

import (
	"net/netip"
	"time"

	"github.com/livekit/protocol/livekit"
	"github.com/pion/logging"
	piontransport "github.com/pion/transport/v4"

	"souk/config/mediadefaults"
)

// Config tunes the SFU. Zero values are replaced by defaults (see
// withDefaults), so Config{} is usable in tests. The limits an operator
// sets in the media section of the configuration take their defaults from
// config/mediadefaults, the one place those numbers are written.
type Config struct {
	// EmptyTimeout closes a room this long after its last participant
	// left. Zero means media.empty_timeout's default.
	EmptyTimeout time.Duration
	// ReconnectWindow keeps a participant whose signal connection dropped
	// without a leave, so that the client can resume. Zero means
	// media.reconnect_window's default.
	ReconnectWindow time.Duration
	// MaxParticipants per room. Zero means media.max_participants's
	// default.
	MaxParticipants int
	// MaxTracksPerParticipant caps published media tracks. Zero means
	// media.max_tracks_per_participant's default.
	MaxTracksPerParticipant int
	// MaxDataPacketBytes caps a DataPacket received from a client. Zero
	// means media.max_data_packet_bytes's default.
	MaxDataPacketBytes int

	// ServerVersion is reported in JoinResponse.server_info. livekit-client
	// needs a numeric version >= 1.8.0 for RPC. Default "1.9.0".
	ServerVersion string

	// AdvertiseClientProtocol mirrors each client's client_protocol in
	// ParticipantInfo. livekit-client then switches RPC to data streams and
	// lifts the 15 KiB RPC payload limit between such peers. Off by default:
	// the product keeps the v1 RPC limit (REQUEST_PAYLOAD_TOO_LARGE) and
	// chunked data streams, which every client version understands.
	AdvertiseClientProtocol bool

	// WebRTC transport settings.
	WebRTC WebRTCConfig

	// ICEServers, when set, is called per join to list the ICE servers
	// (e.g. the embedded TURN server with fresh credentials) handed to the
	// client.
	ICEServers func(identity string) []*livekit.ICEServer

	// OnEvent, when set, hears room, participant and track lifecycle events
	// (webhooks). See Observer.
	OnEvent Observer

	// afterFanout sends the datagrams queued on the shared media socket
	// at the end of a frame; set by NewManager, called by the receivers
	// after each fan-out.
	afterFanout func(endOfFrame bool)
}

// WebRTCConfig configures the pion transport shared by all peer connections.
type WebRTCConfig struct {
	// UDPPort, when non-zero, multiplexes every peer connection over one UDP
	// socket on that port. Zero uses ephemeral ports.
	UDPPort int
	// DisableUDP leaves UDP out of ICE entirely (TCP-only deployments and
	// tests of clients whose UDP is blocked).
	DisableUDP bool
	// TCPPort, when non-zero, accepts ICE over TCP for every peer
	// connection on this port (pion's TCP mux); -1 picks a free port.
	TCPPort int
	// TCPListenIP binds the TCP port to one address; empty means all.
	TCPListenIP string
	// PortRangeStart/End bound ephemeral ports when UDPPort is zero.
	PortRangeStart, PortRangeEnd uint16
	// NodeIPs are the addresses advertised in host candidates. One that
	// is an address of this host is advertised as itself, on its own
	// socket, and the host's other addresses of its family are then not
	// offered; the others stand for the host's addresses (1:1 NAT).
	// Loopback candidates keep their address (nodeip.NewPlan). nodeip.Resolve
	// fills it from STUN discovery or a named interface.
	NodeIPs []string
	// Interfaces and IPs, when set, restrict candidates to these
	// interface names and address ranges.
	Interfaces []string
	IPs        []netip.Prefix
	// IPv6 also gathers IPv6 candidates (UDP6, TCP6); off, ICE offers
	// IPv4 only, whatever addresses the host has.
	IPv6 bool
	// IncludeLoopback adds 127.0.0.1 candidates; needed when client and
	// server share a host without another interface (tests, development).
	IncludeLoopback bool
	// NoSegmentation keeps the shared UDP port from sending a subscriber's
	// queued datagrams as one segmented write (UDP GSO), which it does by
	// default where the kernel supports it.
	NoSegmentation bool
	// NoDirectSRTP keeps every packet on pion's paths. By default a
	// connection whose ICE pair is on the shared UDP port gets its
	// forwarded packets encrypted and queued there directly
	// (sfu/direct), and its media, RTCP and consent checks read there.
	NoDirectSRTP bool

	// Codecs rooms allow; the zero value allows every codec we forward.
	Codecs CodecConfig

	// Net, when set, replaces the host's network for every peer
	// connection (pion's virtual network in tests of bandwidth limits and
	// loss); nil in production. UDPPort and TCPPort must then be zero.
	Net piontransport.Net

	// LoggerFactory receives pion's log lines (ICE, DTLS, SCTP, ...);
	// nil routes them to slog.Default.
	LoggerFactory logging.LoggerFactory
}

func (c Config) withDefaults() Config {
	if c.EmptyTimeout <= 0 {
		c.EmptyTimeout = mediadefaults.EmptyTimeout
	}
	if c.ReconnectWindow <= 0 {
		c.ReconnectWindow = mediadefaults.ReconnectWindow
	}
	if c.MaxParticipants <= 0 {
		c.MaxParticipants = mediadefaults.MaxParticipants
	}
	if c.MaxTracksPerParticipant <= 0 {
		c.MaxTracksPerParticipant = mediadefaults.MaxTracksPerParticipant
	}
	if c.MaxDataPacketBytes <= 0 {
		c.MaxDataPacketBytes = mediadefaults.MaxDataPacketBytes
	}
	if c.ServerVersion == "" {
		c.ServerVersion = "1.9.0"
	}
	return c
}

// Event names, spelled as LiveKit's webhooks spell them.
const (
	EventRoomStarted       = "room_started"
	EventRoomFinished      = "room_finished"
	EventParticipantJoined = "participant_joined"
	EventParticipantLeft   = "participant_left"
	EventTrackPublished    = "track_published"
	EventTrackUnpublished  = "track_unpublished"
)

// Event is a change in a room's life that operators' tools (webhooks) care
// about. Every field is a snapshot the receiver may keep.
type Event struct {
	Name        string
	Room        *livekit.Room
	Participant *livekit.ParticipantInfo // participant and track events
	Track       *livekit.TrackInfo       // track events
}

// Observer receives events through Config.OnEvent. It is called
// synchronously, in the order things happened to one room, sometimes with
// the manager's lock held: it must not block and must not call back into
// the Manager (queue the event and return).
type Observer func(Event)

func (c Config) emit(e Event) {
	if c.OnEvent != nil {
		c.OnEvent(e)
	}
}
