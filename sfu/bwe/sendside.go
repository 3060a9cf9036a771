package bwe

import (
	"math"
	"sync"
	"time"
)

// PacketResult is what transport-wide feedback says about one sent packet.
type PacketResult struct {
	Seq       uint16
	Received  bool
	ArrivalNs int64 // receiver's clock; only differences matter
}

// SendSide estimates the bandwidth toward one subscriber from
// transport-wide congestion control feedback: every packet sent to the
// subscriber is stamped with one sequence (Stamp), the subscriber reports
// when each arrived (OnFeedback), and the estimate follows the delay trend
// (a filling queue cuts it to 85 % of what got through), the loss (above
// 10 % it drops in proportion, between 2 % and 10 % it holds) and probes
// (a burst sent at a higher rate that arrives at that rate raises it at
// once). Stamp is safe for concurrent use and does not allocate; the rest
// is serialised by a lock.
type SendSide struct {
	hist history

	mu          sync.Mutex
	min, max    uint64
	rate        float64 // current estimate, bit/s
	detector    *delayDetector
	usage       Usage
	lastChange  time.Time // last increase or decrease of rate
	lastDecr    time.Time
	acked       ackedRate
	lastFeedExt uint32 // highest extended seq reported so far
	seenFeed    bool
	received    uint64 // since the last TakeLoss
	lost        uint64
	probe       probeState
	nextCluster uint32
	results     []PacketResult // scratch for feedback parsing
}

// Rate controller constants (Google congestion control's AIMD): cut to
// 85 % of the acknowledged rate at most once per 200 ms, grow by 8 % per
// second, never more than 1.5 times what is acknowledged as delivered
// (an application-limited sender learns nothing above that without
// probing).
const (
	decreaseFactor  = 0.85
	minDecreaseGap  = 200 * time.Millisecond
	increasePerSec  = 0.08
	ackedHeadroom   = 1.5
	ackedHeadroomBp = 10_000
)

// NewSendSide starts at start bit/s and never leaves [min, max].
func NewSendSide(start, min, max uint64) *SendSide {
	return &SendSide{min: min, max: max, rate: float64(clamp(start, min, max)), detector: newDelayDetector()}
}

// Stamp numbers one outgoing packet of size bytes (RTP header, payload
// and padding) sent at nowNs and returns its transport-wide sequence
// number.
func (s *SendSide) Stamp(size int, nowNs int64) uint16 { return s.hist.stamp(size, nowNs) }

// Estimate is the current estimate in bit/s.
func (s *SendSide) Estimate() uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return uint64(s.rate)
}

// Usage is the latest delay signal.
func (s *SendSide) Usage() Usage {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.usage
}

// AckedRate is the rate the subscriber reported receiving over the last
// second, in bit/s.
func (s *SendSide) AckedRate(now time.Time) uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return uint64(s.acked.rate(now.UnixNano()))
}

// TakeLoss returns the fraction of packets reported lost since the last
// call, and how many were reported.
func (s *SendSide) TakeLoss() (float64, uint64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	total := s.received + s.lost
	loss := 0.0
	if total > 0 {
		loss = float64(s.lost) / float64(total)
	}
	s.received, s.lost = 0, 0
	return loss, total
}

// OnLoss applies the loss share measured since the previous call: heavy
// loss cuts the estimate in proportion (but not below 85 % of what was
// delivered), moderate loss stops it growing.
func (s *SendSide) OnLoss(loss float64, now time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if loss > congestedLoss {
		// Loss measured over the last interval may stem from a rate the
		// delay signal already cut; what got through is the floor.
		floor := decreaseFactor * s.acked.rate(now.UnixNano())
		s.rate = s.bound(min(s.rate, max(s.rate*(1-0.5*loss), floor)))
		s.lastChange, s.lastDecr = now, now
	} else if loss >= cleanLoss {
		s.lastChange = now // hold: the next increase starts from here
	}
}

// OnPackets applies feedback about sent packets, in the order the
// receiver reported them (ascending sequence).
func (s *SendSide) OnPackets(results []PacketResult, now time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.onPacketsLocked(results, now)
}

func (s *SendSide) onPacketsLocked(results []PacketResult, now time.Time) {
	nowNs := now.UnixNano()
	ackedBytes := 0
	for _, r := range results {
		ext := s.hist.unwrap(r.Seq)
		if s.seenFeed && int32(ext-s.lastFeedExt) <= 0 {
			continue // reported before (feedback repeats a window)
		}
		sendNs, size, cluster, ok := s.hist.lookup(ext)
		if !ok {
			continue
		}
		s.seenFeed, s.lastFeedExt = true, ext
		if !r.Received {
			s.lost++
			s.probe.lost(cluster)
			continue
		}
		s.received++
		ackedBytes += size
		s.usage = s.detector.add(sendNs, r.ArrivalNs)
		s.probe.received(cluster, sendNs, r.ArrivalNs, size)
	}
	s.acked.add(nowNs, ackedBytes)
	s.control(now)
	if result, ok := s.probe.finish(s.lastFeedExt, s.seenFeed); ok && s.usage != Overusing {
		s.rate = s.bound(max(s.rate, result))
		s.lastChange = now
	}
}

// control runs the rate controller on the latest delay signal.
func (s *SendSide) control(now time.Time) {
	acked := s.acked.rate(now.UnixNano())
	switch s.usage {
	case Overusing:
		if now.Sub(s.lastDecr) >= minDecreaseGap && acked > 0 {
			s.rate = s.bound(min(s.rate, decreaseFactor*acked))
			s.lastDecr = now
		}
		s.lastChange = now
	case Underusing:
		s.lastChange = now
	default:
		if s.lastChange.IsZero() {
			s.lastChange = now
			return
		}
		elapsed := min(now.Sub(s.lastChange).Seconds(), 1)
		grown := s.rate * math.Pow(1+increasePerSec, elapsed)
		if acked > 0 {
			grown = min(grown, max(s.rate, ackedHeadroom*acked+ackedHeadroomBp))
		}
		s.rate = s.bound(grown)
		s.lastChange = now
	}
}

func (s *SendSide) bound(v float64) float64 {
	return min(max(v, float64(s.min)), float64(s.max))
}

// ackedRate measures what the receiver reports as delivered over the last
// second of feedback.
type ackedRate struct {
	samples [64]struct {
		atNs  int64
		bytes int
	}
	n int
}

// ackedWindowNs is how far back the acknowledged rate looks; below
// minAckedSpan seconds of feedback (just after start) it is unknown, so
// that the first bursts do not pass for the path's rate.
const (
	ackedWindowNs = int64(time.Second)
	minAckedSpan  = 0.5
)

func (a *ackedRate) add(nowNs int64, bytes int) {
	a.samples[a.n%len(a.samples)] = struct {
		atNs  int64
		bytes int
	}{nowNs, bytes}
	a.n++
}

// rate is bit/s over the samples in the window; the first sample only
// marks the window's start, its bytes arrived before it.
func (a *ackedRate) rate(nowNs int64) float64 {
	oldest, oldestBytes, bytes, count := nowNs, 0, 0, 0
	for i := 0; i < min(a.n, len(a.samples)); i++ {
		s := a.samples[i]
		if nowNs-s.atNs > ackedWindowNs {
			continue
		}
		count++
		bytes += s.bytes
		if s.atNs < oldest {
			oldest, oldestBytes = s.atNs, s.bytes
		}
	}
	bytes -= oldestBytes
	span := float64(nowNs-oldest) / 1e9
	if count < 2 || span < minAckedSpan {
		return 0
	}
	return float64(bytes) * 8 / span
}

// HasFeedback reports whether any feedback arrived: until then the
// subscriber may not send it at all, and the estimate means nothing.
func (s *SendSide) HasFeedback() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.seenFeed
}

// Settled reports whether the estimate is steady enough to probe above it:
// the delay signal is normal and the last decrease is at least
// settleAfterDecrease old (a probe right after a cut would only refill
// the queue that caused it).
func (s *SendSide) Settled(now time.Time) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.usage == Normal && now.Sub(s.lastDecr) >= settleAfterDecrease
}

const settleAfterDecrease = 2 * time.Second
