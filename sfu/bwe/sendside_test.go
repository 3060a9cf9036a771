package bwe

import (
	"math/rand"
	"testing"
	"time"
)

// link is a simulated bottleneck: a FIFO drained at capacity bit/s that
// drops what would wait longer than maxQueue, then random loss and a fixed
// propagation delay.
type link struct {
	capacity  float64
	maxQueue  time.Duration
	loss      float64
	propagate time.Duration
	rng       *rand.Rand
	lastOutNs int64
}

// carry returns when a packet sent at sendNs arrives, false when dropped.
func (l *link) carry(sendNs int64, size int) (int64, bool) {
	start := max(sendNs, l.lastOutNs)
	if time.Duration(start-sendNs) > l.maxQueue {
		return 0, false
	}
	l.lastOutNs = start + int64(float64(size*8)/l.capacity*1e9)
	if l.rng.Float64() < l.loss {
		return 0, false
	}
	return l.lastOutNs + int64(l.propagate), true
}

type simPacket struct {
	seq       uint16
	arrivalNs int64
	received  bool
}

// sim runs a sender that sends what the estimate allows, capped at demand
// bit/s, through a link, with feedback every 50 ms and a loss update every
// second, like a subscriber's feedback loop.
type sim struct {
	t        *testing.T
	s        *SendSide
	l        *link
	nowNs    int64
	demand   float64
	credit   float64
	inflight []simPacket
	// probeUntilNs, while in the future, adds padding at probeRate.
	probeUntilNs int64
	probeRate    float64
	probeCredit  float64
	queueMaxMs   float64 // worst queue delay seen since reset
}

const (
	simStep     = 5 * time.Millisecond
	simPacketSz = 1200
	feedbackGap = 50 * time.Millisecond
)

func newSim(t *testing.T, start uint64, l *link, demand float64) *sim {
	l.rng = rand.New(rand.NewSource(1))
	return &sim{t: t, s: NewSendSide(start, 50_000, 20_000_000), l: l, demand: demand, nowNs: int64(time.Hour)}
}

func (m *sim) now() time.Time { return time.Unix(0, m.nowNs) }

func (m *sim) send(size int) {
	seq := m.s.Stamp(size, m.nowNs)
	at, ok := m.l.carry(m.nowNs, size)
	if ok {
		m.queueMaxMs = max(m.queueMaxMs, float64(at-m.nowNs-int64(m.l.propagate))/1e6)
	}
	m.inflight = append(m.inflight, simPacket{seq: seq, arrivalNs: at, received: ok})
}

// run advances the simulation by d.
func (m *sim) run(d time.Duration) {
	end := m.nowNs + int64(d)
	for m.nowNs < end {
		m.nowNs += int64(simStep)
		rate := min(float64(m.s.Estimate()), m.demand)
		m.credit += rate * simStep.Seconds() / 8
		for m.credit >= simPacketSz {
			m.send(simPacketSz)
			m.credit -= simPacketSz
		}
		if m.nowNs < m.probeUntilNs {
			m.probeCredit += m.probeRate * simStep.Seconds() / 8
			for m.probeCredit >= 250 {
				m.send(250)
				m.probeCredit -= 250
			}
		}
		if m.nowNs%int64(feedbackGap) == 0 {
			m.feedback()
		}
		if m.nowNs%int64(time.Second) == 0 {
			loss, _ := m.s.TakeLoss()
			m.s.OnLoss(loss, m.now())
		}
	}
}

// feedback reports every packet up to the last one that has arrived, as a
// receiver does: a gap before an arrived packet is a loss.
func (m *sim) feedback() {
	last := -1
	for i, p := range m.inflight {
		if p.received && p.arrivalNs <= m.nowNs {
			last = i
		}
	}
	if last < 0 {
		return
	}
	results := make([]PacketResult, 0, last+1)
	for _, p := range m.inflight[:last+1] {
		results = append(results, PacketResult{Seq: p.seq, Received: p.received, ArrivalNs: p.arrivalNs})
	}
	m.inflight = m.inflight[last+1:]
	m.s.OnPackets(results, m.now())
}

func (m *sim) probe(rate float64, d time.Duration) uint32 {
	id := m.s.StartProbe()
	m.probeRate, m.probeUntilNs = rate, m.nowNs+int64(d)
	m.run(d)
	m.s.StopProbe()
	return id
}

func TestSendSideFollowsABottleneck(t *testing.T) {
	cases := []struct {
		name       string
		start      uint64
		capacity   float64
		loss       float64
		demand     float64
		settle     time.Duration
		lo, hi     float64 // estimate bounds after settling, in capacity shares
		maxQueueMs float64 // worst queue delay allowed after settling
	}{
		{"start far above a 400 kbit/s link", 3_000_000, 400_000, 0, 10_000_000, 5 * time.Second, 0.7, 1.15, 300},
		{"start far above a 1 Mbit/s link", 3_000_000, 1_000_000, 0, 10_000_000, 5 * time.Second, 0.5, 1.15, 400},
		{"start below a 1 Mbit/s link: grows", 300_000, 1_000_000, 0, 10_000_000, 20 * time.Second, 0.5, 1.15, 400},
		{"1 % random loss is not congestion", 1_500_000, 10_000_000, 0.01, 1_500_000, 10 * time.Second, 0.15, 0.5, 50},
		{"400 kbit/s with 2 % random loss", 3_000_000, 400_000, 0.02, 10_000_000, 5 * time.Second, 0.7, 1.15, 300},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := newSim(t, tc.start, &link{capacity: tc.capacity, maxQueue: 500 * time.Millisecond, loss: tc.loss, propagate: 20 * time.Millisecond}, tc.demand)
			m.run(tc.settle)
			m.queueMaxMs = 0
			var lo, hi float64 = 1e18, 0
			for i := 0; i < 20; i++ {
				m.run(500 * time.Millisecond)
				e := float64(m.s.Estimate())
				lo, hi = min(lo, e), max(hi, e)
			}
			t.Logf("estimate %.0f–%.0f bit/s on %.0f; worst queue %.0f ms", lo, hi, tc.capacity, m.queueMaxMs)
			if lo < tc.lo*tc.capacity || hi > tc.hi*tc.capacity {
				t.Fatalf("estimate %.0f–%.0f, want within %.2f–%.2f of %.0f", lo, hi, tc.lo, tc.hi, tc.capacity)
			}
			if m.queueMaxMs > tc.maxQueueMs {
				t.Fatalf("queue delay reached %.0f ms after settling", m.queueMaxMs)
			}
		})
	}
}

func TestSendSideReactsToACapacityDrop(t *testing.T) {
	l := &link{capacity: 3_000_000, maxQueue: 500 * time.Millisecond, propagate: 20 * time.Millisecond}
	m := newSim(t, 2_000_000, l, 2_000_000)
	m.run(5 * time.Second)
	if e := m.s.Estimate(); e < 2_000_000 {
		t.Fatalf("estimate %d below a demand the link carries", e)
	}
	m.l.capacity = 500_000
	var took time.Duration
	for took = 0; took < 5*time.Second && m.s.Estimate() > 550_000; took += 100 * time.Millisecond {
		m.run(100 * time.Millisecond)
	}
	t.Logf("estimate %d after %v", m.s.Estimate(), took)
	if took > 2*time.Second {
		t.Fatalf("took %v to follow the drop (estimate %d)", took, m.s.Estimate())
	}
}

func TestProbing(t *testing.T) {
	cases := []struct {
		name     string
		capacity float64
		probe    float64
		lo, hi   uint64
	}{
		{"room to grow: the estimate jumps to the probe", 5_000_000, 1_500_000, 1_300_000, 1_700_000},
		{"narrow link: the probe finds the capacity, not more", 400_000, 1_500_000, 250_000, 480_000},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			l := &link{capacity: tc.capacity, maxQueue: 500 * time.Millisecond, propagate: 20 * time.Millisecond}
			// An application-limited sender: 250 kbit/s of media.
			m := newSim(t, 300_000, l, 250_000)
			m.run(5 * time.Second)
			before := m.s.Estimate()
			if before > 500_000 {
				t.Fatalf("an application-limited sender's estimate grew to %d", before)
			}
			id := m.probe(tc.probe-250_000, 300*time.Millisecond)
			var rate uint64
			done := false
			for i := 0; i < 20 && !done; i++ {
				m.run(50 * time.Millisecond)
				rate, done = m.s.ProbeResult(id)
			}
			after := m.s.Estimate()
			t.Logf("estimate %d → %d, probe measured %d", before, after, rate)
			if !done {
				t.Fatal("probe result never came")
			}
			if after < tc.lo || after > tc.hi {
				t.Fatalf("estimate after probe %d, want %d–%d", after, tc.lo, tc.hi)
			}
		})
	}
}
