package downlink

import (
	"sync/atomic"
	"time"

	"souk/sfu/bwe"
)

// Probing: when a subscriber wants a better layer than its estimate
// allows, padding is sent on one of its video tracks for probeDuration at
// probeMargin times the rate the upgrade needs. The send-side estimate
// measures the rate the probe arrived at and rises to it when the path
// carries it; the allocator then upgrades on its next tick. A probe that
// fails is retried after probeBackoffMin, doubling up to probeBackoffMax,
// so a narrow link is not flooded; one that succeeds lets the next step
// probe at once.
const (
	probeDuration   = 300 * time.Millisecond
	probePace       = 5 * time.Millisecond
	probeMargin     = 1.25
	probeMinExtra   = 64_000
	probeTimeout    = 3 * time.Second
	probeBackoffMin = 2 * time.Second
	probeBackoffMax = 4 * time.Second
	probePacketSize = 255
)

// probeState tracks one subscriber's probing; the room's ticker only,
// but for the counters.
type probeState struct {
	cluster   uint32 // probe awaiting its result, 0 for none
	need      uint64 // estimate the awaited probe must reach
	startedAt time.Time
	nextAt    time.Time
	backoff   time.Duration
	sent      atomic.Uint64 // probes started
	succeeded atomic.Uint64 // probes whose result allowed the upgrade
}

// maybeProbe checks the awaited probe's outcome and starts the next one
// when a track wants more than the estimate allows; the pacer sends its
// padding.
func (c *Controller) maybeProbe(now time.Time, tracks []bwe.Track, grants []bwe.Grant, downs []DownTrack) {
	ss, pr, totals := c.sendSide, &c.probe, c.totals
	if pr.cluster != 0 {
		rate, done := ss.ProbeResult(pr.cluster)
		if !done && now.Sub(pr.startedAt) < probeTimeout {
			return
		}
		pr.cluster = 0
		if done && rate >= pr.need {
			pr.succeeded.Add(1)
			totals.ProbesSucceeded.Add(1)
			pr.backoff, pr.nextAt = 0, now
		} else {
			pr.backoff = min(max(2*pr.backoff, probeBackoffMin), probeBackoffMax)
			pr.nextAt = now.Add(pr.backoff)
		}
	}
	if now.Before(pr.nextAt) || !ss.Settled(now) {
		return
	}
	i, extra, ok := bwe.NextStep(tracks, grants)
	if !ok {
		return
	}
	var used uint64
	for _, g := range grants {
		used += g.Bitrate
	}
	need := used + extra + c.audioRate
	est := ss.Estimate()
	if need <= est {
		return // fits already; the allocator takes it next tick
	}
	dt := downs[i]
	if !dt.CanPad() {
		dt = nil
		for _, o := range downs {
			if o.CanPad() {
				dt = o
				break
			}
		}
		if dt == nil {
			return // nothing forwarded to carry padding
		}
	}
	target := uint64(float64(need) * probeMargin)
	padRate := target - min(target, ss.AckedRate(now))
	padRate = max(padRate, probeMinExtra)
	pr.cluster, pr.need, pr.startedAt = ss.StartProbe(), need, now
	pr.sent.Add(1)
	totals.Probes.Add(1)
	c.pacer.start(ss, dt, padRate, now)
}
