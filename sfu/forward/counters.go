package forward

import "sync/atomic"

// Counters count what forwarding did. One set is kept per down track and
// one for the whole server; the hot path only adds to atomics.
type Counters struct {
	PacketsForwarded     atomic.Uint64
	BytesForwarded       atomic.Uint64
	NACKsReceived        atomic.Uint64
	PLIsSent             atomic.Uint64
	PacketsRetransmitted atomic.Uint64
	PacketsDropped       atomic.Uint64
	LayerSwitches        atomic.Uint64
	Pauses               atomic.Uint64
	PaddingBytes         atomic.Uint64
}

// TrackStats is a snapshot of one down track.
type TrackStats struct {
	PacketsForwarded, BytesForwarded, NACKsReceived, PacketsRetransmitted uint64
	PacketsDropped, LayerSwitches, Pauses, PaddingBytes                   uint64
	// Layer is the simulcast quality being forwarded, QualityOff for none.
	Layer int
	// Paused is true while the subscriber gets nothing of this track.
	Paused bool
	// EstimatedBitrate is the subscriber's send-side estimate in bit/s
	// applied to this track (0 when no estimate is available).
	EstimatedBitrate uint64
	// FractionLost (0–255 as in RTCP), Jitter (in RTP clock units) and
	// RTT are the subscriber's latest receiver report for this track.
	FractionLost uint8
	Jitter       uint32
	RTTMillis    uint32
}
