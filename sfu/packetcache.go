package sfu

import "sync"

// packetCache keeps the most recent packets of one received RTP stream so
// NACKs from any subscriber are answered from a single copy. Slots are
// preallocated; Store copies into them, so the hot path does not allocate.
type packetCache struct {
	mu    sync.Mutex
	slots []cacheSlot
	mask  uint16
}

type cacheSlot struct {
	seq   uint16
	valid bool
	n     int
	buf   [maxPacketSize]byte
}

const maxPacketSize = 1500

// newPacketCache returns a cache of size packets; size must be a power of two
// no larger than 32768 so that sequence numbers index slots directly.
func newPacketCache(size int) *packetCache {
	return &packetCache{slots: make([]cacheSlot, size), mask: uint16(size - 1)}
}

// Store copies pkt (a full RTP packet) under seq. Oversized packets are not
// cached; a NACK for them simply goes unanswered.
func (c *packetCache) Store(seq uint16, pkt []byte) {
	if len(pkt) > maxPacketSize {
		return
	}
	c.mu.Lock()
	s := &c.slots[seq&c.mask]
	s.seq, s.valid, s.n = seq, true, copy(s.buf[:], pkt)
	c.mu.Unlock()
}

// Get copies the packet stored under seq into dst and returns its length, or
// 0 when it is no longer cached.
func (c *packetCache) Get(seq uint16, dst []byte) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := &c.slots[seq&c.mask]
	if !s.valid || s.seq != seq || len(dst) < s.n {
		return 0
	}
	return copy(dst, s.buf[:s.n])
}
