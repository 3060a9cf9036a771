package downlink

import (
	"time"

	"github.com/pion/rtcp"

	"souk/sfu/bwe"
	"souk/sfu/forward"
)

// Bounds of a subscriber's downlink estimate: start where three simulcast
// layers of a camera fit, never pause a whole call for a blip, never
// assume more than a fast home link.
const (
	startBitrate = 3_000_000
	minBitrate   = 100_000
	maxBitrate   = 20_000_000
)

// DownTrack is what the controller needs of one subscription's sending
// side (a *forward.DownTrack).
type DownTrack interface {
	// Wanted is the best quality the subscriber asked for, negative when
	// it disabled the track.
	Wanted() int
	Stats() forward.TrackStats
	// SetBandwidthQuality caps the track's layer for bandwidth.
	SetBandwidthQuality(q int, bitrate uint64)
	// CanPad and WritePadding carry a probe's padding.
	CanPad() bool
	WritePadding(size int) int
}

// Subscription is one of the subscriber's tracks at a tick.
type Subscription struct {
	// ID orders the video tracks for the allocator (the track's sid), so
	// equal priorities are served in a stable order.
	ID       string
	Down     DownTrack
	Video    bool
	Priority int
	// Bitrates is what each layer the publisher sends now costs (by
	// quality); nil when unknown, and the allocator leaves the track
	// alone.
	Bitrates []uint64
}

// Clock tells the time of feedback and statistics; tests set their own.
type Clock interface{ Now() time.Time }

// systemClock is the wall clock.
type systemClock struct{}

func (systemClock) Now() time.Time { return time.Now() }

// Config is what a Controller is made with.
type Config struct {
	// Pacer sends the padding of the probes; shared by a room's
	// controllers.
	Pacer *Pacer
	// Totals counts the probes started and succeeded (may be nil).
	Totals *forward.Counters
	// Clock defaults to the wall clock.
	Clock Clock
}

// Controller is one subscriber's downlink: the send-side estimate from
// transport-wide feedback when the subscriber's client sends it (most do),
// else the loss-only estimate from receiver reports; its share across the
// subscriber's video tracks; and the probes that test whether a better
// layer fits. The estimate is stamped and fed concurrently by the down
// tracks; Tick runs on the room's ticker only.
type Controller struct {
	sendSide *bwe.SendSide
	pacer    *Pacer
	totals   *forward.Counters
	clock    Clock

	// Below: the room's ticker only.
	loss       *bwe.Estimator
	lossAt     time.Time // previous loss-only estimate
	videoBytes uint64    // video bytes forwarded by then

	twccLossAt time.Time // previous loss update of the send-side estimate
	audioAt    time.Time
	audioBytes uint64
	audioRate  uint64 // bit/s of audio forwarded, measured between ticks

	probe probeState

	// squeeze is how much the last allocation held video back; connection
	// quality reports it.
	squeeze bwe.Squeeze
}

// New makes a subscriber's controller.
func New(cfg Config) *Controller {
	c := &Controller{sendSide: bwe.NewSendSide(startBitrate, minBitrate, maxBitrate), pacer: cfg.Pacer, totals: cfg.Totals, clock: cfg.Clock}
	if c.clock == nil {
		c.clock = systemClock{}
	}
	if c.pacer == nil {
		c.pacer = NewPacer(nil)
	}
	if c.totals == nil {
		c.totals = &forward.Counters{}
	}
	return c
}

// Transport is the send-side estimate the subscriber's down tracks stamp
// their packets for (forward.DownTrackConfig.Transport).
func (c *Controller) Transport() *bwe.SendSide { return c.sendSide }

// Tick updates the estimate and shares it across the video
// subscriptions: tracks whose publisher announced layer bit rates get the
// best layers that fit, by priority, or are paused when even the lowest
// does not fit; when a better layer is wanted but does not fit, the path
// is probed first. Audio is never limited: what it takes comes off the
// budget before video. slow marks the ticks (about every second) on which
// the loss-only estimate, which follows receiver reports, may move.
// subs' video tracks must be in ID order.
func (c *Controller) Tick(now time.Time, slow bool, subs []Subscription) {
	var tracks []bwe.Track
	var downs []DownTrack
	var audioBytes uint64
	for _, s := range subs {
		if !s.Video {
			audioBytes += s.Down.Stats().BytesForwarded
			continue
		}
		if s.Bitrates == nil {
			continue
		}
		tracks = append(tracks, bwe.Track{ID: s.ID, Priority: s.Priority, Bitrates: s.Bitrates, Wanted: s.Down.Wanted(), Current: s.Down.Stats().Layer})
		downs = append(downs, s.Down)
	}
	c.measureAudio(now, audioBytes)
	if len(tracks) == 0 {
		c.squeeze = bwe.None
		return
	}
	var budget uint64
	ss := c.sendSide
	twcc := ss.HasFeedback()
	switch {
	case twcc:
		if now.Sub(c.twccLossAt) >= time.Second {
			if loss, n := ss.TakeLoss(); n > 0 {
				ss.OnLoss(loss, now)
			}
			c.twccLossAt = now
		}
		budget = ss.Estimate()
	case slow:
		budget = c.lossEstimate(now, downs)
	default:
		return
	}
	budget -= min(budget, c.audioRate)
	grants := bwe.Allocate(budget, tracks)
	c.squeeze = bwe.Shortfall(tracks, grants)
	for i, g := range grants {
		q := g.Quality
		if q == bwe.Off && tracks[i].Wanted < 0 {
			// Disabled by the subscriber, not for bandwidth: leave the
			// bandwidth limit alone so that enabling resumes at once.
			q = forward.QualityHigh
		}
		downs[i].SetBandwidthQuality(q, g.Bitrate)
	}
	if twcc {
		c.maybeProbe(now, tracks, grants, downs)
	}
}

// lossEstimate runs the loss-only estimator on the worst loss the
// receiver reports show and the video rate sent since the last call.
func (c *Controller) lossEstimate(now time.Time, downs []DownTrack) uint64 {
	loss := 0.0
	var bytes uint64
	for _, dt := range downs {
		st := dt.Stats()
		loss = max(loss, float64(st.FractionLost)/256)
		bytes += st.BytesForwarded
	}
	var sent uint64
	if c.loss == nil {
		c.loss = bwe.NewEstimator(startBitrate, minBitrate, maxBitrate)
	} else if elapsed := now.Sub(c.lossAt).Seconds(); elapsed > 0 && bytes >= c.videoBytes {
		sent = uint64(float64(bytes-c.videoBytes) * 8 / elapsed)
	}
	c.lossAt, c.videoBytes = now, bytes
	return c.loss.Update(loss, sent, now)
}

// measureAudio updates the audio rate forwarded to the subscriber from
// the audio bytes forwarded so far.
func (c *Controller) measureAudio(now time.Time, bytes uint64) {
	if elapsed := now.Sub(c.audioAt).Seconds(); !c.audioAt.IsZero() && elapsed > 0 && bytes >= c.audioBytes {
		// RTP bytes, like what the send-side estimate counts.
		c.audioRate = uint64(float64(bytes-c.audioBytes) * 8 / elapsed)
	}
	c.audioAt, c.audioBytes = now, bytes
}

// Squeeze is how much the last Tick held video back for bandwidth; the
// room's ticker only.
func (c *Controller) Squeeze() bwe.Squeeze { return c.squeeze }

// OnFeedback hands the subscriber's transport-wide feedback to the
// estimate; called from any of its down tracks' RTCP readers.
func (c *Controller) OnFeedback(fb *rtcp.TransportLayerCC) {
	c.sendSide.OnFeedback(fb, c.clock.Now())
}

// OnFeedbackWire is OnFeedback for feedback read off the socket as bytes
// (sfu/direct).
func (c *Controller) OnFeedbackWire(b []byte) error {
	return c.sendSide.OnFeedbackWire(b, c.clock.Now())
}

// Stats is the downlink as the SFU sees it.
type Stats struct {
	TransportCC      bool
	EstimatedBitrate uint64
	AckedBitrate     uint64
	Delay            string
	Probes           uint64
	ProbesSucceeded  uint64
}

// Stats reads the estimate without the ticker's state: the send-side
// estimate locks itself, the counters are atomic.
func (c *Controller) Stats() Stats {
	ss, now := c.sendSide, c.clock.Now()
	return Stats{TransportCC: ss.HasFeedback(), EstimatedBitrate: ss.Estimate(), AckedBitrate: ss.AckedRate(now),
		Delay: ss.Usage().String(), Probes: c.probe.sent.Load(), ProbesSucceeded: c.probe.succeeded.Load()}
}
