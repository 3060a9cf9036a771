package bwe

import "math"

// Usage is what the delay signal says about the path's queue.
type Usage int

const (
	// Normal: queues are stable; the rate may grow.
	Normal Usage = iota
	// Overusing: a queue is building; the rate must drop.
	Overusing
	// Underusing: a queue is draining; hold the rate until it is empty.
	Underusing
)

func (u Usage) String() string {
	switch u {
	case Overusing:
		return "overusing"
	case Underusing:
		return "underusing"
	}
	return "normal"
}

// Constants of the arrival-time filter, as in Google congestion control:
// packets sent within 5 ms form one group (a frame's burst), the delay
// trend is a least-squares slope over 20 groups of smoothed accumulated
// delay, amplified by the number of groups seen (up to 60) and a gain of 4,
// and compared with a threshold that adapts to the trend's own noise.
const (
	burstNs          = 5_000_000
	trendWindow      = 20
	smoothing        = 0.9
	trendGain        = 4.0
	maxDeltas        = 60
	overuseTimeMs    = 10.0
	initialThreshold = 12.5
	thresholdUp      = 0.0087
	thresholdDown    = 0.039
	minThreshold     = 6.0
	maxThreshold     = 600.0
)

// packetGroup is a burst of packets sent close together.
type packetGroup struct {
	firstSendNs, lastSendNs, lastArrivalNs int64
	started                                bool
}

// delayDetector turns send and arrival times of packets, in send order,
// into a usage signal: the one-way delay variation between groups is
// accumulated and smoothed, and a rising trend of it means a queue is
// filling somewhere on the path.
type delayDetector struct {
	cur, prev packetGroup

	firstArrivalNs int64
	accumulated    float64
	smoothed       float64
	points         [trendWindow]struct{ x, y float64 }
	n              int // points filled (≤ trendWindow), then a ring
	deltas         int

	threshold   float64
	lastTrend   float64
	overuseMs   float64
	overuseHits int
	lastUpdate  int64
	usage       Usage
}

func newDelayDetector() *delayDetector {
	return &delayDetector{threshold: initialThreshold}
}

// add takes one received packet in send order and returns the usage.
func (d *delayDetector) add(sendNs, arrivalNs int64) Usage {
	if !d.cur.started {
		d.cur = packetGroup{firstSendNs: sendNs, lastSendNs: sendNs, lastArrivalNs: arrivalNs, started: true}
		return d.usage
	}
	if sendNs-d.cur.firstSendNs <= burstNs && sendNs >= d.cur.firstSendNs {
		d.cur.lastSendNs = max(d.cur.lastSendNs, sendNs)
		d.cur.lastArrivalNs = max(d.cur.lastArrivalNs, arrivalNs)
		return d.usage
	}
	if sendNs < d.cur.firstSendNs {
		return d.usage // reordered across groups: ignore
	}
	if d.prev.started {
		sendDelta := float64(d.cur.lastSendNs-d.prev.lastSendNs) / 1e6
		arrDelta := float64(d.cur.lastArrivalNs-d.prev.lastArrivalNs) / 1e6
		if arrDelta >= 0 {
			d.update(arrDelta-sendDelta, d.cur.lastArrivalNs)
		}
	}
	d.prev = d.cur
	d.cur = packetGroup{firstSendNs: sendNs, lastSendNs: sendNs, lastArrivalNs: arrivalNs, started: true}
	return d.usage
}

// update feeds one inter-group delay variation (ms) observed at arrivalNs.
func (d *delayDetector) update(variationMs float64, arrivalNs int64) {
	if d.deltas == 0 {
		d.firstArrivalNs = arrivalNs
	}
	d.deltas = min(d.deltas+1, maxDeltas)
	d.accumulated += variationMs
	d.smoothed = smoothing*d.smoothed + (1-smoothing)*d.accumulated
	x := float64(arrivalNs-d.firstArrivalNs) / 1e6
	d.points[d.n%trendWindow] = struct{ x, y float64 }{x, d.smoothed}
	d.n++
	if d.n < trendWindow {
		return
	}
	trend := float64(d.deltas) * slope(d.points[:]) * trendGain
	d.detect(trend, arrivalNs)
}

// slope is the least-squares slope of y over x.
func slope(pts []struct{ x, y float64 }) float64 {
	var sx, sy float64
	for _, p := range pts {
		sx += p.x
		sy += p.y
	}
	mx, my := sx/float64(len(pts)), sy/float64(len(pts))
	var num, den float64
	for _, p := range pts {
		num += (p.x - mx) * (p.y - my)
		den += (p.x - mx) * (p.x - mx)
	}
	if den == 0 {
		return 0
	}
	return num / den
}

// detect compares the trend with the adaptive threshold. Overuse needs the
// trend above the threshold for a while and not falling, so that one late
// group does not cut the rate.
func (d *delayDetector) detect(trend float64, nowNs int64) {
	dtMs := 0.0
	if d.lastUpdate != 0 {
		dtMs = float64(nowNs-d.lastUpdate) / 1e6
	}
	switch {
	case trend > d.threshold:
		d.overuseMs += dtMs
		d.overuseHits++
		if d.overuseMs > overuseTimeMs && d.overuseHits > 1 && trend >= d.lastTrend {
			d.overuseMs, d.overuseHits = 0, 0
			d.usage = Overusing
		}
	case trend < -d.threshold:
		d.overuseMs, d.overuseHits = 0, 0
		d.usage = Underusing
	default:
		d.overuseMs, d.overuseHits = 0, 0
		d.usage = Normal
	}
	d.lastTrend = trend
	d.adapt(trend, min(dtMs, 100))
	d.lastUpdate = nowNs
}

// adapt moves the threshold toward the trend's magnitude: slowly up, so
// that a competing flow does not starve us, faster down, so that real
// congestion is still seen. Spikes far beyond it are ignored.
func (d *delayDetector) adapt(trend, dtMs float64) {
	abs := math.Abs(trend)
	if abs > d.threshold+15 {
		return
	}
	k := thresholdUp
	if abs < d.threshold {
		k = thresholdDown
	}
	d.threshold = min(max(d.threshold+k*(abs-d.threshold)*dtMs, minThreshold), maxThreshold)
}
