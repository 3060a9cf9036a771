package sfu

import (
	"net"
	"net/netip"
	"sync"
	"time"

	piontransport "github.com/pion/transport/v4"
	"golang.org/x/net/ipv4"
)

const (
	// batchSize is how many datagrams one sendmmsg carries at most; a
	// full queue is sent at once by the writer that filled it.
	batchSize = 32
	// batchMaxDelay bounds how long a queued datagram waits when nobody
	// flushes: writes that are not part of a fan-out (RTCP, ICE, DTLS,
	// data channels) go out after at most this long.
	batchMaxDelay = 500 * time.Microsecond
	// batchSlotSize is the largest datagram queued; larger ones (none on
	// a 1500-byte path) are sent directly.
	batchSlotSize = 1500
)

// batchNet is pion's network with UDP sockets whose writes are batched
// (see batchConn). The receivers flush it after each fan-out, so a packet
// forwarded to N subscribers leaves in N/32 system calls instead of N.
type batchNet struct {
	piontransport.Net
	mu    sync.Mutex
	conns []*batchConn
}

func newBatchNet(base piontransport.Net) *batchNet { return &batchNet{Net: base} }

// ListenUDP opens the socket through the base network and batches its
// writes when it is a UDP socket of this host.
func (n *batchNet) ListenUDP(network string, laddr *net.UDPAddr) (piontransport.UDPConn, error) {
	c, err := n.Net.ListenUDP(network, laddr)
	if err != nil {
		return nil, err
	}
	uc, ok := c.(*net.UDPConn)
	if !ok {
		return c, nil
	}
	bc := newBatchConn(uc)
	n.mu.Lock()
	n.conns = append(n.conns, bc)
	n.mu.Unlock()
	return bc, nil
}

// Flush sends what every socket has queued.
func (n *batchNet) Flush() {
	n.mu.Lock()
	conns := n.conns
	n.mu.Unlock()
	for _, c := range conns {
		c.Flush()
	}
}

// batchConn is a UDP socket whose writes are queued and sent with
// sendmmsg: when batchSize datagrams are queued, when Flush is called (the
// end of a fan-out), or batchMaxDelay after the first queued datagram,
// whichever comes first. A write copies the datagram (pion reuses its
// buffer once the write returns) and reports success; like a UDP datagram
// lost on the way, one the kernel refuses later is not reported to the
// writer (RTCP feedback covers both).
type batchConn struct {
	*net.UDPConn
	pc *ipv4.PacketConn

	mu     sync.Mutex
	n      int // datagrams queued
	msgs   [batchSize]ipv4.Message
	slots  [batchSize]batchSlot
	timer  *time.Timer
	armed  bool
	closed bool
}

type batchSlot struct {
	buf  [batchSlotSize]byte
	bufs [1][]byte
	addr net.UDPAddr
	ip   [16]byte
}

func newBatchConn(uc *net.UDPConn) *batchConn {
	c := &batchConn{UDPConn: uc, pc: ipv4.NewPacketConn(uc)}
	for i := range c.slots {
		s := &c.slots[i]
		c.msgs[i].Buffers = s.bufs[:]
		c.msgs[i].Addr = &s.addr
	}
	c.timer = time.AfterFunc(time.Hour, c.Flush)
	c.timer.Stop()
	return c
}

// WriteTo queues b for addr.
func (c *batchConn) WriteTo(b []byte, addr net.Addr) (int, error) {
	ua, ok := addr.(*net.UDPAddr)
	if !ok || len(b) > batchSlotSize {
		return c.UDPConn.WriteTo(b, addr)
	}
	ap := ua.AddrPort()
	return c.WriteToAddrPort(b, ap)
}

// WriteToAddrPort queues b for addr; pion's UDP mux uses it because it
// does not allocate.
func (c *batchConn) WriteToAddrPort(b []byte, addr netip.AddrPort) (int, error) {
	if len(b) > batchSlotSize {
		return c.UDPConn.WriteToUDPAddrPort(b, addr)
	}
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return c.UDPConn.WriteToUDPAddrPort(b, addr)
	}
	s := &c.slots[c.n]
	s.bufs[0] = s.buf[:copy(s.buf[:], b)]
	ip := addr.Addr().Unmap()
	if ip.Is4() {
		a4 := ip.As4()
		s.addr.IP = s.ip[:copy(s.ip[:], a4[:])]
	} else {
		a16 := ip.As16()
		s.addr.IP = s.ip[:copy(s.ip[:], a16[:])]
	}
	s.addr.Port = int(addr.Port())
	c.n++
	if c.n == batchSize {
		c.flushLocked()
	} else if !c.armed {
		c.armed = true
		c.timer.Reset(batchMaxDelay)
	}
	c.mu.Unlock()
	return len(b), nil
}

// ReadFromAddrPort reads like the plain socket; pion's UDP mux uses it
// because it does not allocate.
func (c *batchConn) ReadFromAddrPort(b []byte) (int, netip.AddrPort, error) {
	return c.UDPConn.ReadFromUDPAddrPort(b)
}

// Flush sends the queued datagrams now.
func (c *batchConn) Flush() {
	c.mu.Lock()
	if c.n > 0 {
		c.flushLocked()
	}
	c.mu.Unlock()
}

func (c *batchConn) flushLocked() {
	if c.armed {
		c.armed = false
		c.timer.Stop()
	}
	for sent := 0; sent < c.n; {
		k, err := c.pc.WriteBatch(c.msgs[sent:c.n], 0)
		if err != nil {
			// The kernel refused the datagram at sent (e.g. a vanished
			// route); skip it and send the rest.
			k = max(k, 0) + 1
		}
		sent += k
	}
	c.n = 0
}

// Close sends what is queued and closes the socket.
func (c *batchConn) Close() error {
	c.mu.Lock()
	if c.n > 0 {
		c.flushLocked()
	}
	c.closed = true
	c.timer.Stop()
	c.mu.Unlock()
	return c.UDPConn.Close()
}
