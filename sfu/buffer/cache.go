package buffer

import "sync"

// Cache keeps the most recent packets of one received RTP stream so
// NACKs from any subscriber are answered from a single copy. Slots are
// preallocated; Store copies into them, so the hot path does not allocate.
type Cache struct {
	mu    sync.Mutex
	slots []cacheSlot
	mask  uint16
}

type cacheSlot struct {
	seq   uint16
	valid bool
	n     int
	buf   [MaxPacketSize]byte
}

// MaxPacketSize is the largest packet cached, and the buffer size readers
// use: one Ethernet MTU.
const MaxPacketSize = 1500

// NewCache returns a cache of size packets; size must be a power of two
// no larger than 32768 so that sequence numbers index slots directly.
func NewCache(size int) *Cache {
	if size <= 0 || size > 32768 || size&(size-1) != 0 {
		panic("buffer: cache size must be a power of two up to 32768")
	}
	return &Cache{slots: make([]cacheSlot, size), mask: uint16(size - 1)}
}

// Store copies pkt (a full RTP packet) under seq. Oversized packets are not
// cached; a NACK for them simply goes unanswered.
func (c *Cache) Store(seq uint16, pkt []byte) {
	if len(pkt) > MaxPacketSize {
		return
	}
	c.mu.Lock()
	s := &c.slots[seq&c.mask]
	s.seq, s.valid, s.n = seq, true, copy(s.buf[:], pkt)
	c.mu.Unlock()
}

// Get copies the packet stored under seq into dst and returns its length, or
// 0 when it is no longer cached.
func (c *Cache) Get(seq uint16, dst []byte) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := &c.slots[seq&c.mask]
	if !s.valid || s.seq != seq || len(dst) < s.n {
		return 0
	}
	return copy(dst, s.buf[:s.n])
}
