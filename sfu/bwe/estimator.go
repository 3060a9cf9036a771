package bwe

import "time"

// Estimator follows the available bandwidth toward one subscriber from the
// loss it reports: above 10 % loss the link is congested and the estimate
// drops in proportion, and at least to what actually got through (the
// rate sent times the share delivered, which is what the link carries);
// below 2 % it grows by 8 % per second; in between it holds (the
// loss-based half of Google congestion control).
type Estimator struct {
	min, max uint64
	estimate uint64
	last     time.Time
}

// Loss thresholds and growth of the loss-based controller.
const (
	congestedLoss = 0.10
	cleanLoss     = 0.02
	growthPerSec  = 0.08
)

// NewEstimator starts at start bit/s, never leaving [min, max].
func NewEstimator(start, min, max uint64) *Estimator {
	return &Estimator{min: min, max: max, estimate: clamp(start, min, max)}
}

// Update takes the fraction of packets lost (0–1) and the rate sent (bit/s,
// 0 when unknown) since the previous update and returns the new estimate
// in bit/s.
func (e *Estimator) Update(loss float64, sent uint64, now time.Time) uint64 {
	elapsed := 1.0
	if !e.last.IsZero() {
		elapsed = now.Sub(e.last).Seconds()
	}
	e.last = now
	est := float64(e.estimate)
	switch {
	case loss > congestedLoss:
		est *= 1 - 0.5*loss
		if sent > 0 {
			est = min(est, float64(sent)*(1-loss))
		}
	case loss < cleanLoss:
		est *= 1 + growthPerSec*min(elapsed, 2)
	}
	e.estimate = clamp(uint64(est), e.min, e.max)
	return e.estimate
}

// Estimate is the current estimate in bit/s.
func (e *Estimator) Estimate() uint64 { return e.estimate }

func clamp(v, lo, hi uint64) uint64 { return min(max(v, lo), hi) }
