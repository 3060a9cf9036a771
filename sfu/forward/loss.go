package forward

import (
	"sync/atomic"
	"time"
)

// lossMeter counts received and expected packets of one RTP stream from its
// sequence numbers; take returns the loss since the previous take. observe
// runs on the stream's reader only; take may run anywhere.
type lossMeter struct {
	started  bool   // reader only
	highest  uint16 // reader only
	expected atomic.Uint64
	received atomic.Uint64
}

func (m *lossMeter) observe(seq uint16) {
	if !m.started {
		m.started, m.highest = true, seq
		m.expected.Add(1)
	} else if d := int16(seq - m.highest); d > 0 {
		m.expected.Add(uint64(d))
		m.highest = seq
	}
	m.received.Add(1)
}

func (m *lossMeter) take() float64 {
	exp, rec := m.expected.Swap(0), m.received.Swap(0)
	if exp == 0 || rec >= exp {
		return 0
	}
	return float64(exp-rec) / float64(exp)
}

// ntpMiddle is the middle 32 bits of the current NTP time, the unit of the
// LSR and DLSR fields of receiver reports (1/65536 s).
func ntpMiddle(now time.Time) uint32 {
	const ntpEpochOffset = 2208988800
	secs := uint64(now.Unix()) + ntpEpochOffset
	frac := uint64(now.Nanosecond()) << 32 / 1e9
	return uint32((secs<<32 | frac) >> 16)
}

// rttFromReport computes the round trip from a report block's LSR and DLSR;
// ok is false when the peer has not seen a sender report yet.
func rttFromReport(now time.Time, lsr, dlsr uint32) (time.Duration, bool) {
	if lsr == 0 {
		return 0, false
	}
	d := ntpMiddle(now) - lsr - dlsr
	if int32(d) < 0 {
		return 0, false
	}
	return time.Duration(uint64(d) * uint64(time.Second) >> 16), true
}
