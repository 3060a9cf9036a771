package forward

import (
	"sync"
	"sync/atomic"
)

// TrackCounts counts what forwarding did for one down track. A down track
// keeps its own, as plain integers under the lock its packet path holds
// anyway, so counting costs no atomic operation and no cache line shared
// between readers; Counters adds them up when read.
type TrackCounts struct {
	PacketsForwarded, BytesForwarded uint64
	NACKsReceived                    uint64
	// PacketsRetransmitted counts NACK answers; RTXSent the ones of them
	// sent on the subscriber's RTX SSRC.
	PacketsRetransmitted, RTXSent uint64
	// PacketsDropped counts packets the munger refused (older than a
	// layer switch).
	PacketsDropped uint64
	LayerSwitches  uint64
	Pauses         uint64
	PaddingBytes   uint64
}

func (c *TrackCounts) add(o TrackCounts) {
	c.PacketsForwarded += o.PacketsForwarded
	c.BytesForwarded += o.BytesForwarded
	c.NACKsReceived += o.NACKsReceived
	c.PacketsRetransmitted += o.PacketsRetransmitted
	c.RTXSent += o.RTXSent
	c.PacketsDropped += o.PacketsDropped
	c.LayerSwitches += o.LayerSwitches
	c.Pauses += o.Pauses
	c.PaddingBytes += o.PaddingBytes
}

// Counters adds up the forwarding of a whole server (or of whatever set
// of receivers shares it): the counts of every down track added to one of
// its receivers, live or closed, and the receivers' own events.
type Counters struct {
	// Receivers' events: rare, so atomics are fine.
	PLIsSent    atomic.Uint64
	RTXReceived atomic.Uint64
	// Probes counts bandwidth probes started toward subscribers and
	// ProbesSucceeded those that showed the upgrade sought fits.
	Probes          atomic.Uint64
	ProbesSucceeded atomic.Uint64

	mu      sync.Mutex
	live    map[*DownTrack]struct{}
	retired TrackCounts // of closed down tracks
}

// Totals is a consistent reading of Counters.
type Totals struct {
	TrackCounts
	PLIsSent, RTXReceived   uint64
	Probes, ProbesSucceeded uint64
	// EstimatedBitrate adds up the bitrate the downlink allocator gives
	// the live down tracks (bit/s); PausedTracks counts those forwarding
	// nothing now.
	EstimatedBitrate uint64
	PausedTracks     int
}

func (c *Counters) register(d *DownTrack) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.live == nil {
		c.live = map[*DownTrack]struct{}{}
	}
	d.mu.Lock()
	closed := d.closed
	d.mu.Unlock()
	if !closed {
		c.live[d] = struct{}{}
	}
}

// retire closes d and moves its counts to the closed tracks' sum, in one
// step as far as Read can tell, so totals never go backwards.
func (c *Counters) retire(d *DownTrack) {
	c.mu.Lock()
	defer c.mu.Unlock()
	d.mu.Lock()
	d.closed = true
	counts := d.counts
	d.mu.Unlock()
	if _, ok := c.live[d]; ok {
		delete(c.live, d)
		c.retired.add(counts)
	}
}

// Read adds everything up. It takes each live down track's lock briefly.
func (c *Counters) Read() Totals {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := Totals{TrackCounts: c.retired, PLIsSent: c.PLIsSent.Load(), RTXReceived: c.RTXReceived.Load(),
		Probes: c.Probes.Load(), ProbesSucceeded: c.ProbesSucceeded.Load()}
	for d := range c.live {
		d.mu.Lock()
		t.add(d.counts)
		paused := d.paused || d.target == QualityOff
		d.mu.Unlock()
		if paused {
			t.PausedTracks++
		} else {
			t.EstimatedBitrate += d.bitrate.Load()
		}
	}
	return t
}

// TrackStats is a snapshot of one down track.
type TrackStats struct {
	TrackCounts
	// Layer is the simulcast quality being forwarded, QualityOff for none.
	Layer int
	// Temporal is the highest VP8 temporal layer forwarded (TemporalAll
	// when not limited).
	Temporal int
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
