package downlink

import (
	"time"

	"souk/sfu/bwe"
)

// Quality is what the subscriber's side of its connection looks like:
// the worst loss, round trip and jitter its receiver reports show, and
// how much the last allocation held its video back (a subscriber that
// gets less than it wants counts as a worse connection, as in LiveKit).
type Quality struct {
	Loss    float64 // 0–1
	RTT     time.Duration
	Jitter  time.Duration
	Squeeze bwe.Squeeze
}

// Quality measures subs now; the room's ticker only.
func (c *Controller) Quality(subs []Subscription) Quality {
	q := Quality{Squeeze: c.squeeze}
	for _, s := range subs {
		st := s.Down.Stats()
		q.Loss = max(q.Loss, float64(st.FractionLost)/256)
		q.RTT = max(q.RTT, time.Duration(st.RTTMillis)*time.Millisecond)
		clock := 48000.0
		if s.Video {
			clock = 90000
		}
		q.Jitter = max(q.Jitter, time.Duration(float64(st.Jitter)/clock*float64(time.Second)))
	}
	return q
}
