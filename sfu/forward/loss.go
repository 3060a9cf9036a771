package forward

import (
	"sync/atomic"
	"time"
)

// lossMeter counts received and expected packets of one RTP stream from its
// sequence numbers; take returns the loss since the previous take. observe
// runs on the stream's reader only and publishes its running totals with
// plain atomic stores (no locked read-modify-write on the packet path);
// take is called by one goroutine at a time.
type lossMeter struct {
	started  bool   // reader only
	highest  uint16 // reader only
	expected uint64 // reader only
	received uint64 // reader only
	pubExp   atomic.Uint64
	pubRec   atomic.Uint64
	takenExp uint64 // take only
	takenRec uint64 // take only
}

func (m *lossMeter) observe(seq uint16) {
	if !m.started {
		m.started, m.highest = true, seq
		m.expected++
		m.pubExp.Store(m.expected)
	} else if d := int16(seq - m.highest); d > 0 {
		m.expected += uint64(d)
		m.highest = seq
		m.pubExp.Store(m.expected)
	}
	m.received++
	m.pubRec.Store(m.received)
}

func (m *lossMeter) take() float64 {
	// Received first: a packet observed in between then counts as
	// expected but not received until the next take, never the reverse.
	totalRec := m.pubRec.Load()
	totalExp := m.pubExp.Load()
	exp, rec := totalExp-m.takenExp, totalRec-m.takenRec
	m.takenExp, m.takenRec = totalExp, totalRec
	if exp == 0 || rec >= exp {
		return 0
	}
	return float64(exp-rec) / float64(exp)
}

// ntpMiddle is the middle 32 bits of the current NTP time, the unit of the
// LSR and DLSR fields of receiver reports (1/65536 s).
func ntpMiddle(now time.Time) uint32 { return uint32(ntpTime(now) >> 16) }

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
