package sharedport

import (
	"net/netip"
	"sync"
	"sync/atomic"
)

// Peer is what handles a peer's packets past pion (sfu/direct's Conn).
// Each method says whether it took the packet; what it does not take the
// socket returns to pion. They run on the socket's reader goroutine.
type Peer interface {
	// ReceiveRTP is offered an SRTP packet.
	ReceiveRTP(b []byte) bool
	// ReceiveRTCP is offered an SRTCP packet.
	ReceiveRTCP(b []byte) bool
	// AnswerSTUN is offered a STUN binding request from from.
	AnswerSTUN(b []byte, from netip.AddrPort) bool
}

// router maps a peer's address to what handles its packets past pion; a
// Net owns one, its sockets consult it on every read.
type router struct {
	mu       sync.RWMutex
	by       map[netip.AddrPort]Peer
	taken    atomic.Uint64 // RTCP packets handled by peers
	received atomic.Uint64 // media packets handled by peers
	answered atomic.Uint64 // consent checks answered by peers
}

func (r *router) set(addr netip.AddrPort, p Peer) {
	r.mu.Lock()
	if r.by == nil {
		r.by = map[netip.AddrPort]Peer{}
	}
	r.by[addr] = p
	r.mu.Unlock()
}

// remove forgets addr if it still belongs to p.
func (r *router) remove(addr netip.AddrPort, p Peer) {
	r.mu.Lock()
	if r.by[addr] == p {
		delete(r.by, addr)
	}
	r.mu.Unlock()
}

// take offers b to the peer registered for from when it is RTP, RTCP or a
// binding request, and says whether the peer took it; the socket then
// reads on instead of giving b to pion.
func (r *router) take(b []byte, from netip.AddrPort) bool {
	rtcp, media := IsRTCP(b), IsRTP(b)
	if !rtcp && !media && !IsBindingRequest(b) {
		return false
	}
	from = netip.AddrPortFrom(from.Addr().Unmap(), from.Port())
	r.mu.RLock()
	p := r.by[from]
	r.mu.RUnlock()
	switch {
	case p == nil:
		return false
	case media:
		if !p.ReceiveRTP(b) {
			return false
		}
		r.received.Add(1)
		return true
	case rtcp:
		if !p.ReceiveRTCP(b) {
			return false
		}
		r.taken.Add(1)
		return true
	case p.AnswerSTUN(b, from):
		r.answered.Add(1)
		return true
	}
	return false
}

// IsRTP tells an RTP packet from the others sharing the port (RFC 7983:
// STUN and DTLS by the first byte; RTCP by its packet type 192–223 where
// RTP has the marker bit and payload type).
func IsRTP(b []byte) bool {
	return len(b) >= 12 && b[0] >= 128 && b[0] <= 191 && (b[1] < 192 || b[1] > 223)
}

// IsRTCP tells RTCP from the rest of the port's traffic (RFC 5761 4,
// RFC 7983): an RTP version byte and a packet type of 192–223.
func IsRTCP(b []byte) bool {
	return len(b) >= 8 && b[0] >= 128 && b[0] <= 191 && b[1] >= 192 && b[1] <= 223
}

// IsBindingRequest tells a STUN binding request from the rest of the
// port's traffic by its first bytes (RFC 7983: STUN starts with 0–3) and
// the magic cookie.
func IsBindingRequest(b []byte) bool {
	return len(b) >= 20 && b[0] == 0 && b[1] == 1 &&
		b[4] == 0x21 && b[5] == 0x12 && b[6] == 0xA4 && b[7] == 0x42
}
