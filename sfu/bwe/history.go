package bwe

import "sync/atomic"

// historySize is how many sent packets are remembered for feedback: at
// 2,000 packets/s (a few HD tracks plus probes) that is two seconds, far
// longer than feedback takes to come back.
const historySize = 4096

// sentPacket is one remembered packet. Fields are atomics so that the down
// tracks of one subscriber stamp concurrently without a lock; seq is
// written last and checked again after reading, so a reader never mixes
// two packets that shared a slot.
type sentPacket struct {
	seq     atomic.Uint32 // extended transport sequence number + 1; 0 = empty
	sendNs  atomic.Int64
	size    atomic.Uint32
	cluster atomic.Uint32 // probe cluster the packet belongs to, 0 for none
}

// history numbers a subscriber's outgoing packets with one transport-wide
// sequence and remembers when each was sent and how big it was.
type history struct {
	next    atomic.Uint32 // next extended sequence number
	cluster atomic.Uint32 // probe cluster being sent, 0 for none
	ring    [historySize]sentPacket
}

// stamp takes the next sequence number for a packet of size bytes sent at
// nowNs. Safe for concurrent use; does not allocate.
func (h *history) stamp(size int, nowNs int64) uint16 {
	ext := h.next.Add(1) - 1
	slot := &h.ring[ext%historySize]
	slot.seq.Store(0)
	slot.sendNs.Store(nowNs)
	slot.size.Store(uint32(size))
	slot.cluster.Store(h.cluster.Load())
	slot.seq.Store(ext + 1)
	return uint16(ext)
}

// unwrap turns a 16-bit sequence number from feedback into the extended
// one, assuming it is within half the sequence space of the latest sent.
func (h *history) unwrap(seq uint16) uint32 {
	latest := h.next.Load() - 1
	return latest - uint32(uint16(latest)-seq)
}

// lookup finds a sent packet by extended sequence number.
func (h *history) lookup(ext uint32) (sendNs int64, size int, cluster uint32, ok bool) {
	slot := &h.ring[ext%historySize]
	if slot.seq.Load() != ext+1 {
		return 0, 0, 0, false
	}
	sendNs, size, cluster = slot.sendNs.Load(), int(slot.size.Load()), slot.cluster.Load()
	if slot.seq.Load() != ext+1 {
		return 0, 0, 0, false
	}
	return sendNs, size, cluster, true
}
