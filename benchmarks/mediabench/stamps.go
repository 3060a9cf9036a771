package mediabench

import (
	"hash/maphash"
	"math"
	"sync"
	"sync/atomic"
	"time"
)

// Forwarding delay without touching the media: every publisher notes when
// it handed each packet to its transport, keyed by a hash of the packet's
// last bytes (compressed media, which a forwarder does not rewrite; header
// extensions and VP8 descriptors may be rewritten or stripped). A
// subscriber in the same process looks the hash up on arrival: both read
// the same clock. Media loops repeat every few seconds, so a hash seen
// again within ambiguousWithin is marked ambiguous and not measured.

const (
	stampTail       = 32
	ambiguousWithin = 2 * time.Second
)

type stamp struct {
	ns        int64
	ambiguous bool
}

// stampTable is one published track's send times.
type stampTable struct {
	seed maphash.Seed
	mu   sync.RWMutex
	m    map[uint64]stamp
}

func newStampTable(seed maphash.Seed) *stampTable {
	return &stampTable{seed: seed, m: make(map[uint64]stamp, 4096)}
}

func payloadKey(seed maphash.Seed, payload []byte) uint64 {
	if len(payload) > stampTail {
		payload = payload[len(payload)-stampTail:]
	}
	return maphash.Bytes(seed, payload)
}

func (t *stampTable) sent(payload []byte, now time.Time) {
	k := payloadKey(t.seed, payload)
	ns := now.UnixNano()
	t.mu.Lock()
	old, ok := t.m[k]
	t.m[k] = stamp{ns: ns, ambiguous: ok && ns-old.ns < int64(ambiguousWithin)}
	t.mu.Unlock()
}

// delay returns arrival minus send time, or false when unknown.
func (t *stampTable) delay(payload []byte, arrival time.Time) (time.Duration, bool) {
	k := payloadKey(t.seed, payload)
	t.mu.RLock()
	s, ok := t.m[k]
	t.mu.RUnlock()
	if !ok || s.ambiguous {
		return 0, false
	}
	d := arrival.UnixNano() - s.ns
	if d < 0 || d > int64(ambiguousWithin) {
		return 0, false
	}
	return time.Duration(d), true
}

// histogram counts durations in logarithmic buckets (2 % wide) from 1 µs
// to about 20 s; safe for concurrent use.
type histogram struct {
	buckets [histBuckets]atomic.Uint64
	count   atomic.Uint64
	sumNs   atomic.Uint64
}

const (
	histBuckets = 860
	histGrowth  = 1.02
)

var logGrowth = math.Log(histGrowth)

func (h *histogram) add(d time.Duration) {
	us := float64(d) / float64(time.Microsecond)
	i := 0
	if us > 1 {
		i = int(math.Log(us) / logGrowth)
	}
	if i >= histBuckets {
		i = histBuckets - 1
	}
	h.buckets[i].Add(1)
	h.count.Add(1)
	h.sumNs.Add(uint64(d))
}

// merge adds o's counts to h.
func (h *histogram) merge(o *histogram) {
	for i := range o.buckets {
		if n := o.buckets[i].Load(); n > 0 {
			h.buckets[i].Add(n)
		}
	}
	h.count.Add(o.count.Load())
	h.sumNs.Add(o.sumNs.Load())
}

// quantile returns the upper edge of the bucket holding quantile q.
func (h *histogram) quantile(q float64) time.Duration {
	n := h.count.Load()
	if n == 0 {
		return 0
	}
	rank := uint64(math.Ceil(q * float64(n)))
	if rank == 0 {
		rank = 1
	}
	var seen uint64
	for i := range h.buckets {
		seen += h.buckets[i].Load()
		if seen >= rank {
			return time.Duration(math.Pow(histGrowth, float64(i+1)) * float64(time.Microsecond))
		}
	}
	return time.Duration(math.Pow(histGrowth, histBuckets) * float64(time.Microsecond))
}

func (h *histogram) reset() {
	for i := range h.buckets {
		h.buckets[i].Store(0)
	}
	h.count.Store(0)
	h.sumNs.Store(0)
}
