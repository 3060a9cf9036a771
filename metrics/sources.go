package metrics

// MediaSnapshot is the media server's state and totals at one instant.
// Counters only grow for the lifetime of the process.
type MediaSnapshot struct {
	Rooms, Participants, PublishedTracks, SubscribedTracks int

	PacketsForwarded, BytesForwarded uint64
	NACKsReceived, PLIsSent          uint64
	PacketsRetransmitted             uint64
	PacketsDropped                   uint64
	LayerSwitches, Pauses            uint64
	PaddingBytes                     uint64
	// RTXSent counts NACK answers sent over subscribers' RTX streams,
	// RTXReceived retransmissions publishers sent over RTX.
	RTXSent, RTXReceived uint64
	// EstimatedBitrate is what the downlink allocator gives all
	// subscriptions that flow (bit/s); PausedTracks those that do not.
	EstimatedBitrate        uint64
	PausedTracks            int
	Probes, ProbesSucceeded uint64
	// UDPDatagrams and UDPWrites count datagrams sent on the shared UDP
	// port and the kernel writes that carried them.
	UDPDatagrams, UDPWrites uint64
	// UDPDirect counts RTP packets encrypted and queued on the shared UDP
	// port without passing through pion (media.direct_srtp).
	UDPDirect uint64
	// UDPDirectIn counts publishers' RTP packets read the same way.
	UDPDirectIn uint64
	// UDPDirectRTCP counts subscribers' RTCP packets read the same way.
	UDPDirectRTCP uint64
	// UDPDirectSTUN counts peers' consent checks answered the same way.
	UDPDirectSTUN uint64
	// DownlinkEstimates is the send-side bandwidth estimate (bit/s) of
	// each subscriber with transport-wide feedback.
	DownlinkEstimates []uint64
}

// MediaSource is what the media collector needs from the SFU.
type MediaSource interface {
	MediaSnapshot() MediaSnapshot
}

// MediaFunc adapts a function to MediaSource.
type MediaFunc func() MediaSnapshot

func (f MediaFunc) MediaSnapshot() MediaSnapshot { return f() }

// TURNSnapshot is the embedded TURN server's state and totals.
type TURNSnapshot struct {
	// Allocations alive now.
	Allocations int
	// PeerRefusals: permissions refused by the relay policy; QuotaRefusals:
	// allocations refused by a quota; AuthFailures: requests with a wrong
	// or expired credential; DroppedPackets: relayed packets over the byte
	// rate.
	PeerRefusals, QuotaRefusals, AuthFailures, DroppedPackets uint64
}

// TURNSource is what the TURN collector needs.
type TURNSource interface {
	TURNSnapshot() TURNSnapshot
}

// TURNFunc adapts a function to TURNSource.
type TURNFunc func() TURNSnapshot

func (f TURNFunc) TURNSnapshot() TURNSnapshot { return f() }

// RealtimeSnapshot is the realtime channels' state and totals.
type RealtimeSnapshot struct {
	// Sockets connected to this node now.
	Sockets int
	// MessagesReceived from clients, MessagesDelivered as room
	// deliveries handed to this node's sockets.
	MessagesReceived, MessagesDelivered uint64
}

// RealtimeSource is what the realtime collector needs.
type RealtimeSource interface {
	RealtimeSnapshot() RealtimeSnapshot
}

// RealtimeFunc adapts a function to RealtimeSource.
type RealtimeFunc func() RealtimeSnapshot

func (f RealtimeFunc) RealtimeSnapshot() RealtimeSnapshot { return f() }

// WebhookSnapshot counts webhook deliveries (per endpoint and event).
type WebhookSnapshot struct {
	// Delivered: accepted by the endpoint; Dropped: refused because the
	// endpoint's queue was full; Failed: every attempt failed.
	Delivered, Dropped, Failed uint64
}

// WebhookSource is what the webhook collector needs.
type WebhookSource interface {
	WebhookSnapshot() WebhookSnapshot
}

// WebhookFunc adapts a function to WebhookSource.
type WebhookFunc func() WebhookSnapshot

func (f WebhookFunc) WebhookSnapshot() WebhookSnapshot { return f() }
