package sharedport

import (
	"net/netip"
	"reflect"
	"testing"
)

func TestSendPlan(t *testing.T) {
	a := netip.MustParseAddrPort("10.0.0.1:5000")
	b := netip.MustParseAddrPort("10.0.0.2:5000")
	q := func(pairs ...any) []queuedDatagram {
		var out []queuedDatagram
		for i := 0; i < len(pairs); i += 2 {
			out = append(out, queuedDatagram{to: pairs[i].(netip.AddrPort), size: pairs[i+1].(int)})
		}
		return out
	}
	cases := []struct {
		name    string
		queue   []queuedDatagram
		segment bool
		want    [][]int // queue indexes per message, in send order
	}{
		{"off: one message per datagram", q(a, 1000, a, 1000, b, 1000), false, [][]int{{0}, {1}, {2}}},
		{"a fan-out of a frame: one message per peer", q(a, 1100, b, 1100, a, 1100, b, 1100, a, 700, b, 700), true,
			[][]int{{0, 2, 4}, {1, 3, 5}}},
		{"a shorter datagram ends the message", q(a, 1000, a, 500, a, 500), true, [][]int{{0, 1}, {2}}},
		{"a longer datagram starts a new message", q(a, 500, a, 1000, a, 1000), true, [][]int{{0}, {1, 2}}},
		// The RTCP packet may close the first message, but the packet
		// after it must not go back before it.
		{"order holds across a datagram that cannot join", q(a, 1000, a, 1200, a, 1000), true, [][]int{{0}, {1, 2}}},
		{"an oversized datagram goes alone and closes its peer's message", q(a, 1000, a, gsoMaxSegmentSize+1, a, 1000), true,
			[][]int{{0}, {1}, {2}}},
		{"equal sizes that differ by a byte (libwebrtc's split)", q(a, 1001, a, 1001, a, 1000, a, 1000), true, [][]int{{0, 1, 2}, {3}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var p sendPlan
			// Plan twice: the second run reuses the first one's slices.
			for range 2 {
				p.sizes = tc.queue
				p.build(tc.segment)
				var got [][]int
				for _, m := range p.msgs {
					got = append(got, append([]int(nil), p.order[m.iov:m.iov+m.segments]...))
					if m.first != p.order[m.iov] {
						t.Errorf("message starts at %d, first says %d", p.order[m.iov], m.first)
					}
				}
				if !reflect.DeepEqual(got, tc.want) {
					t.Fatalf("messages %v, want %v", got, tc.want)
				}
			}
		})
	}
}

// A message never exceeds the kernel's limits, however long the queue.
func TestSendPlanLimits(t *testing.T) {
	a := netip.MustParseAddrPort("10.0.0.1:5000")
	var p sendPlan
	for i := 0; i < 3*gsoMaxSegments; i++ {
		p.sizes = append(p.sizes, queuedDatagram{to: a, size: 1200})
	}
	p.build(true)
	total := 0
	for _, m := range p.msgs {
		if m.segments > gsoMaxSegments || m.bytes > gsoMaxBytes {
			t.Fatalf("message of %d segments, %d bytes", m.segments, m.bytes)
		}
		total += m.segments
	}
	if total != len(p.sizes) || len(p.msgs) < 3 {
		t.Fatalf("%d datagrams in %d messages", total, len(p.msgs))
	}
}
