package sharedport

import (
	"errors"
	"log/slog"
	"net"
	"net/netip"
	"sync"
	"syscall"
	"time"

	"golang.org/x/net/ipv4"
)

const (
	// batchChunk is how many queue slots are allocated at a time: a socket
	// that only ever queues a few datagrams keeps one chunk.
	batchChunk = 32
	// batchMaxQueued bounds the queue: a writer that fills it sends it.
	// It holds one video frame (a few datagrams) for a few hundred
	// subscribers; sendmmsg takes at most 1024 messages per call.
	batchMaxQueued = 1024
	// batchMaxDelay bounds how long a queued datagram waits when nobody
	// flushes: RTP written outside a fan-out (retransmissions, padding),
	// what joined a non-empty queue, and the earlier packets of a video
	// frame whose last packet is late. The frame cannot be decoded before
	// its last packet arrives, so holding its earlier packets that long
	// delays nothing a viewer sees. Where the socket's own reader did the
	// fan-out (the direct path on Linux), the queue goes out sooner: as
	// soon as that reader finds no datagram waiting.
	batchMaxDelay = time.Millisecond
	// batchMaxExtensions is how often the delay starts again because the
	// queue kept growing: a fan-out of a frame to a few hundred
	// subscribers takes longer than batchMaxDelay, and cutting it short
	// would split each subscriber's frame into two writes. So a queued
	// datagram waits for batchMaxDelay without a new write, and never
	// more than (1 + batchMaxExtensions) × batchMaxDelay.
	batchMaxExtensions = 4
	// batchSlotSize is the largest datagram queued; larger ones (none on
	// a 1500-byte path) are sent directly.
	batchSlotSize = 1500
)

// Socket is a UDP socket whose RTP writes are queued and sent with
// sendmmsg: when the queue is full, when Flush is called, or once nothing
// was queued for batchMaxDelay (see batchMaxExtensions), whichever comes
// first. Other writes
// join the queue when it holds something (so a peer's datagrams keep
// their order) and are sent at once when it is empty. A write copies
// the datagram (pion reuses its buffer once the write returns) and reports
// success; like a UDP datagram lost on the way, one the kernel refuses
// later is not reported to the writer (RTCP feedback covers both).
//
// With segmentation on (gso), consecutive queued datagrams to one peer of
// the same size go out as one message with a UDP_SEGMENT size: the kernel
// walks its send and loopback paths once for all of them, and splits them
// back into the same datagrams on the wire.
type Socket struct {
	*net.UDPConn
	pc    *ipv4.PacketConn
	local netip.AddrPort // the bound address, IPv4 unmapped
	peers *router        // what is read past pion; nil outside a Net
	log   *slog.Logger
	raw   *rawSocket // nil where raw system calls are not available

	delay time.Duration // batchMaxDelay; longer in tests that look at the queue

	mu     sync.Mutex
	gso    bool
	n      int // datagrams queued
	chunks []*[batchChunk]batchSlot
	plan   sendPlan
	msgs   []ipv4.Message
	stats  Stats
	timer  *time.Timer
	armed  bool
	seenN  int // queue length when the timer was last armed
	extend int // times the timer was armed again for this queue
	closed bool
}

type batchSlot struct {
	buf  [batchSlotSize]byte
	size int
	to   netip.AddrPort
	addr net.UDPAddr // to, for the message that starts here
	ip   [16]byte
	oob  [gsoControlSize]byte
}

func newSocket(uc *net.UDPConn) *Socket {
	c := &Socket{UDPConn: uc, pc: ipv4.NewPacketConn(uc), log: slog.Default(), delay: batchMaxDelay, raw: newRawSocket(uc)}
	if la, ok := uc.LocalAddr().(*net.UDPAddr); ok {
		ap := la.AddrPort()
		c.local = netip.AddrPortFrom(ap.Addr().Unmap(), ap.Port())
	}
	c.timer = time.AfterFunc(time.Hour, c.onTimer)
	c.timer.Stop()
	return c
}

func (c *Socket) slot(i int) *batchSlot { return &c.chunks[i/batchChunk][i%batchChunk] }

// WriteTo queues b for addr.
func (c *Socket) WriteTo(b []byte, addr net.Addr) (int, error) {
	ua, ok := addr.(*net.UDPAddr)
	if !ok || len(b) > batchSlotSize {
		return c.UDPConn.WriteTo(b, addr)
	}
	return c.WriteToAddrPort(b, ua.AddrPort())
}

// WriteToAddrPort queues b for addr; pion's UDP mux uses it because it
// does not allocate.
func (c *Socket) WriteToAddrPort(b []byte, addr netip.AddrPort) (int, error) {
	return c.write(b, addr, false)
}

// WriteDirect queues an RTP packet of the direct path (sfu/direct) and
// counts it. The count is kept under the socket's lock, which the
// write takes anyway: a counter shared by every fan-out goroutine would
// bounce between the CPUs on every packet.
func (c *Socket) WriteDirect(b []byte, addr netip.AddrPort) (int, error) {
	return c.write(b, addr, true)
}

func (c *Socket) write(b []byte, addr netip.AddrPort, direct bool) (int, error) {
	if len(b) > batchSlotSize {
		return c.UDPConn.WriteToUDPAddrPort(b, addr)
	}
	c.mu.Lock()
	if direct {
		c.stats.Direct++
	}
	if c.closed || (c.n == 0 && !IsRTP(b)) {
		// RTCP, ICE and DTLS with nothing queued ahead of them go at
		// once: nobody flushes after them, and a timer per write costs
		// more than the system call it would save.
		c.stats.Datagrams++
		c.stats.Messages++
		n, err := c.writeOne(b, addr)
		c.mu.Unlock()
		return n, err
	}
	if c.n == len(c.chunks)*batchChunk {
		c.chunks = append(c.chunks, new([batchChunk]batchSlot))
	}
	s := c.slot(c.n)
	s.size = copy(s.buf[:], b)
	s.to = netip.AddrPortFrom(addr.Addr().Unmap(), addr.Port())
	c.n++
	if c.n == batchMaxQueued {
		c.flushLocked()
	} else if !c.armed {
		c.armed, c.seenN, c.extend = true, c.n, 0
		c.timer.Reset(c.delay)
	}
	c.mu.Unlock()
	return len(b), nil
}

// writeOne sends one datagram now; the caller holds c.mu.
func (c *Socket) writeOne(b []byte, addr netip.AddrPort) (int, error) {
	if c.raw != nil {
		return c.raw.WriteTo(b, addr)
	}
	return c.UDPConn.WriteToUDPAddrPort(b, addr)
}

// writeBatch sends msgs with one sendmmsg; the caller holds c.mu.
func (c *Socket) writeBatch(msgs []ipv4.Message) (int, error) {
	if c.raw != nil {
		return c.raw.WriteBatch(msgs)
	}
	return c.pc.WriteBatch(msgs, 0)
}

// ReadFromAddrPort reads like the plain socket; pion's UDP mux uses it
// because it does not allocate. What a peer registered with Net.SetPeer
// takes (its media, RTCP or consent checks) is handled here and not
// returned.
func (c *Socket) ReadFromAddrPort(b []byte) (int, netip.AddrPort, error) {
	for {
		n, addr, err := c.readOne(b)
		if err != nil || c.peers == nil || !c.peers.take(b[:n], addr) {
			return n, addr, err
		}
	}
}

func (c *Socket) readOne(b []byte) (int, netip.AddrPort, error) {
	if c.raw != nil {
		return c.raw.ReadFromAddrPort(b)
	}
	return c.UDPConn.ReadFromUDPAddrPort(b)
}

// onTimer sends the queue unless it grew since the timer was armed (a
// fan-out in progress, which flushes when it ends) and may still wait.
func (c *Socket) onTimer() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.armed || c.n == 0 {
		return
	}
	if c.n > c.seenN && c.extend < batchMaxExtensions {
		c.seenN = c.n
		c.extend++
		c.timer.Reset(c.delay)
		return
	}
	c.flushLocked()
}

// Flush sends the queued datagrams now.
func (c *Socket) Flush() {
	c.mu.Lock()
	if c.n > 0 {
		c.flushLocked()
	}
	c.mu.Unlock()
}

// queued is how many datagrams wait.
func (c *Socket) queued() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

// Stats reports what this socket sent so far.
func (c *Socket) Stats() Stats {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.stats
}

func (c *Socket) flushLocked() {
	if c.armed {
		c.armed = false
		c.timer.Stop()
	}
	sizes := c.plan.sizes[:0]
	for i := 0; i < c.n; i++ {
		s := c.slot(i)
		sizes = append(sizes, queuedDatagram{to: s.to, size: s.size})
	}
	c.plan.sizes = sizes
	c.plan.build(c.gso)
	c.msgs = c.msgs[:0]
	for _, m := range c.plan.msgs {
		first := c.slot(m.first)
		ip := first.to.Addr()
		if ip.Is4() {
			a4 := ip.As4()
			first.addr.IP = first.ip[:copy(first.ip[:], a4[:])]
		} else {
			a16 := ip.As16()
			first.addr.IP = first.ip[:copy(first.ip[:], a16[:])]
		}
		first.addr.Port = int(first.to.Port())
		bufs := c.plan.iov[m.iov : m.iov+m.segments]
		for k, di := range c.plan.order[m.iov : m.iov+m.segments] {
			s := c.slot(di)
			bufs[k] = s.buf[:s.size]
		}
		msg := ipv4.Message{Buffers: bufs, Addr: &first.addr}
		if m.segments > 1 {
			msg.OOB = putSegmentSize(first.oob[:], m.segmentSize)
		}
		c.msgs = append(c.msgs, msg)
	}
	c.stats.Datagrams += uint64(c.n)
	c.stats.Messages += uint64(len(c.msgs))
	for sent := 0; sent < len(c.msgs); {
		k, err := c.writeBatch(c.msgs[sent:])
		if err == nil {
			sent += k
			continue
		}
		// The kernel refused the message at sent: a vanished route, or
		// segmentation the path cannot do. Send that message's datagrams
		// one by one and go on with the rest.
		k = max(k, 0)
		sent += k
		if sent < len(c.msgs) {
			c.sendApart(&c.msgs[sent], err)
			sent++
		}
	}
	c.n = 0
}

// sendApart sends a refused message's datagrams one at a time. A device
// that cannot segment (no checksum offload) answers EIO, and a path whose
// MTU is below the segment size EINVAL: segmentation stays off for this
// socket from then on.
func (c *Socket) sendApart(m *ipv4.Message, cause error) {
	if len(m.Buffers) < 2 {
		return
	}
	if c.gso && (errors.Is(cause, syscall.EIO) || errors.Is(cause, syscall.EINVAL)) {
		c.gso = false
		c.log.Warn("UDP segmentation refused; sending datagrams one by one on this socket", "addr", c.LocalAddr().String(), "err", cause)
	}
	to := m.Addr.(*net.UDPAddr).AddrPort()
	for _, b := range m.Buffers {
		_, _ = c.writeOne(b, to)
	}
	c.stats.Messages += uint64(len(m.Buffers) - 1)
}

// Close sends what is queued and closes the socket.
func (c *Socket) Close() error {
	c.mu.Lock()
	if c.n > 0 {
		c.flushLocked()
	}
	c.closed = true
	c.timer.Stop()
	c.mu.Unlock()
	return c.UDPConn.Close()
}
