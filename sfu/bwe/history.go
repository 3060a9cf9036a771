package bwe

import "sync"

// historySize is how many sent packets are remembered for feedback: at
// 2,000 packets/s (a few HD tracks plus probes) that is two seconds, far
// longer than feedback takes to come back.
const historySize = 4096

// sentPacket is one remembered packet.
type sentPacket struct {
	seq     uint32 // extended transport sequence number + 1; 0 = empty
	size    uint32
	cluster uint32 // probe cluster the packet belongs to, 0 for none
	sendNs  int64
}

// history numbers a subscriber's outgoing packets with one transport-wide
// sequence and remembers when each was sent and how big it was.
//
// One mutex guards it, rather than an atomic per field: every stamp
// writes a slot not touched for 4,096 packets, so its cache line is cold,
// and a plain store waits for it in the store buffer while an atomic one
// (an XCHG on x86) stalls the sender until the line arrives. The down
// tracks of one subscriber rarely stamp at the same moment.
type history struct {
	mu      sync.Mutex
	next    uint32 // next extended sequence number
	cluster uint32 // probe cluster being sent, 0 for none
	ring    [historySize]sentPacket
}

// stamp takes the next sequence number for a packet of size bytes sent at
// nowNs. Safe for concurrent use; does not allocate.
func (h *history) stamp(size int, nowNs int64) uint16 {
	h.mu.Lock()
	ext := h.next
	h.next++
	h.ring[ext%historySize] = sentPacket{seq: ext + 1, size: uint32(size), cluster: h.cluster, sendNs: nowNs}
	h.mu.Unlock()
	return uint16(ext)
}

// setCluster makes the packets stamped from now on members of probe
// cluster c (0: none).
func (h *history) setCluster(c uint32) {
	h.mu.Lock()
	h.cluster = c
	h.mu.Unlock()
}

// nextExt is the extended sequence number the next packet will get.
func (h *history) nextExt() uint32 {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.next
}

// unwrap turns a 16-bit sequence number from feedback into the extended
// one, assuming it is within half the sequence space of the latest sent.
func (h *history) unwrap(seq uint16) uint32 {
	latest := h.nextExt() - 1
	return latest - uint32(uint16(latest)-seq)
}

// lookup finds a sent packet by extended sequence number.
func (h *history) lookup(ext uint32) (sendNs int64, size int, cluster uint32, ok bool) {
	h.mu.Lock()
	p := h.ring[ext%historySize]
	h.mu.Unlock()
	if p.seq != ext+1 {
		return 0, 0, 0, false
	}
	return p.sendNs, int(p.size), p.cluster, true
}
