package sharedport

import "net/netip"

// Limits of one segmented message. The kernel takes at most 64 segments
// (UDP_MAX_SEGMENTS on older kernels) and one UDP payload of under 64 KiB;
// a segment must fit the path MTU, so datagrams above gsoMaxSegmentSize
// (none on the media path, which stays under 1200 bytes) go alone.
const (
	gsoMaxSegments    = 64
	gsoMaxBytes       = 64000
	gsoMaxSegmentSize = 1400
)

// queuedDatagram is what planning needs of a queued datagram.
type queuedDatagram struct {
	to   netip.AddrPort
	size int
}

// plannedMessage is one sendmmsg entry: the datagrams order[iov :
// iov+segments] of the queue, all to one peer. With more than one segment
// it is sent with UDP_SEGMENT = segmentSize: every segment but the last has
// exactly that size, and the last is not larger.
type plannedMessage struct {
	first       int // queue index of its first datagram
	iov         int
	segments    int
	segmentSize int
	bytes       int
}

// sendPlan groups a queue of datagrams into messages. Each peer's datagrams
// keep their order: a datagram joins the latest message to its peer only
// if nothing to that peer was queued in between that could not join, so
// grouping reorders datagrams only across peers. Its slices are reused
// from one flush to the next.
type sendPlan struct {
	sizes []queuedDatagram // input, in queue order
	msgs  []plannedMessage
	order []int    // queue indexes, grouped by message
	iov   [][]byte // scratch for the messages' buffers, len(order)

	msgOf  []int
	filled []int
	open   map[netip.AddrPort]int // peer → its message that may still grow
}

// build plans p.sizes; with segment false every datagram is its own
// message.
func (p *sendPlan) build(segment bool) {
	p.msgs = p.msgs[:0]
	p.msgOf = p.msgOf[:0]
	if p.open == nil {
		p.open = make(map[netip.AddrPort]int)
	}
	clear(p.open)
	for i, d := range p.sizes {
		if segment {
			if mi, ok := p.open[d.to]; ok {
				m := &p.msgs[mi]
				if d.size <= m.segmentSize && m.segments < gsoMaxSegments && m.bytes+d.size <= gsoMaxBytes {
					m.segments++
					m.bytes += d.size
					p.msgOf = append(p.msgOf, mi)
					if d.size < m.segmentSize {
						// A shorter segment can only be the last.
						delete(p.open, d.to)
					}
					continue
				}
			}
		}
		p.msgs = append(p.msgs, plannedMessage{first: i, segments: 1, segmentSize: d.size, bytes: d.size})
		p.msgOf = append(p.msgOf, len(p.msgs)-1)
		if segment && d.size <= gsoMaxSegmentSize {
			p.open[d.to] = len(p.msgs) - 1
		} else {
			// Nothing may join an earlier message past this one.
			delete(p.open, d.to)
		}
	}
	off := 0
	p.filled = p.filled[:0]
	for i := range p.msgs {
		p.msgs[i].iov = off
		off += p.msgs[i].segments
		p.filled = append(p.filled, 0)
	}
	p.order = grow(p.order, off)
	p.iov = grow(p.iov, off)
	for i, mi := range p.msgOf {
		m := &p.msgs[mi]
		p.order[m.iov+p.filled[mi]] = i
		p.filled[mi]++
	}
}

// grow returns s resized to n, reusing its array when it is large enough.
func grow[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]T, n)
}
