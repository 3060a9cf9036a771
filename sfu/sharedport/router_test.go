package sharedport

import (
	"net/netip"
	"testing"
)

// recordingPeer takes what its fields say and counts what it was offered.
type recordingPeer struct {
	takeRTP, takeRTCP, answer bool
	rtp, rtcp, stun           int
}

func (p *recordingPeer) ReceiveRTP([]byte) bool  { p.rtp++; return p.takeRTP }
func (p *recordingPeer) ReceiveRTCP([]byte) bool { p.rtcp++; return p.takeRTCP }
func (p *recordingPeer) AnswerSTUN([]byte, netip.AddrPort) bool {
	p.stun++
	return p.answer
}

// The router offers a registered peer its RTP, RTCP and binding requests,
// counts what the peer took, and leaves everything else (other peers,
// DTLS, what the peer declines) to pion.
func TestRouterTake(t *testing.T) {
	from := netip.MustParseAddrPort("192.0.2.1:5000")
	other := netip.MustParseAddrPort("192.0.2.2:5000")
	rtp := []byte{0x80, 96, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1}
	rtcp := []byte{0x80, 201, 0, 1, 0, 0, 0, 1}
	stun := []byte{0, 1, 0, 0, 0x21, 0x12, 0xA4, 0x42, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}
	dtls := []byte{22, 0xfe, 0xfd, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
	cases := []struct {
		name              string
		peer              recordingPeer
		pkt               []byte
		from              netip.AddrPort
		taken             bool
		rtp, rtcp, stun   int
		in, rtcpIn, stunN uint64
	}{
		{name: "media taken", peer: recordingPeer{takeRTP: true}, pkt: rtp, from: from, taken: true, rtp: 1, in: 1},
		{name: "media declined", pkt: rtp, from: from, rtp: 1},
		{name: "rtcp taken", peer: recordingPeer{takeRTCP: true}, pkt: rtcp, from: from, taken: true, rtcp: 1, rtcpIn: 1},
		{name: "rtcp declined", pkt: rtcp, from: from, rtcp: 1},
		{name: "consent check answered", peer: recordingPeer{answer: true}, pkt: stun, from: from, taken: true, stun: 1, stunN: 1},
		{name: "dtls never offered", peer: recordingPeer{takeRTP: true, takeRTCP: true, answer: true}, pkt: dtls, from: from},
		{name: "unknown peer", peer: recordingPeer{takeRTP: true}, pkt: rtp, from: other},
		{name: "mapped address of the peer", peer: recordingPeer{takeRTP: true}, pkt: rtp,
			from: netip.AddrPortFrom(netip.AddrFrom16(from.Addr().As16()), from.Port()), taken: true, rtp: 1, in: 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var r router
			p := tc.peer
			r.set(from, &p)
			if got := r.take(tc.pkt, tc.from); got != tc.taken {
				t.Fatalf("take = %v, want %v", got, tc.taken)
			}
			if p.rtp != tc.rtp || p.rtcp != tc.rtcp || p.stun != tc.stun {
				t.Fatalf("offered rtp %d rtcp %d stun %d, want %d %d %d", p.rtp, p.rtcp, p.stun, tc.rtp, tc.rtcp, tc.stun)
			}
			if r.received.Load() != tc.in || r.taken.Load() != tc.rtcpIn || r.answered.Load() != tc.stunN {
				t.Fatalf("counted %d %d %d, want %d %d %d", r.received.Load(), r.taken.Load(), r.answered.Load(), tc.in, tc.rtcpIn, tc.stunN)
			}
		})
	}
}

// A peer that moved away does not remove the route of the one now at its
// old address.
func TestRouterRemoveKeepsNewOwner(t *testing.T) {
	addr := netip.MustParseAddrPort("192.0.2.1:5000")
	var r router
	old, owner := &recordingPeer{}, &recordingPeer{takeRTP: true}
	r.set(addr, old)
	r.set(addr, owner)
	r.remove(addr, old)
	if !r.take([]byte{0x80, 96, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1}, addr) {
		t.Fatal("the new owner's route was removed by the old one")
	}
	r.remove(addr, owner)
	if r.take([]byte{0x80, 96, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1}, addr) {
		t.Fatal("route still there after its owner removed it")
	}
}
