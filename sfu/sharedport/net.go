package sharedport

import (
	"log/slog"
	"net"
	"net/netip"
	"sync"

	piontransport "github.com/pion/transport/v4"
)

// Net is pion's network with UDP sockets whose writes are batched (see
// Socket) and whose reads pass a router first: what comes from a peer
// registered with SetPeer may be handled by that peer past pion. The
// receivers tell it where a fan-out ends a frame, so a packet forwarded to
// N subscribers leaves in a few system calls instead of N, and a frame's
// packets to one subscriber leave as one segmented write.
type Net struct {
	piontransport.Net
	segmentation bool // try UDP segmentation offload (GSO)
	log          *slog.Logger

	// peers routes what the sockets read from registered peers past pion.
	peers router

	// natted: the host's addresses each advertised NAT address stands
	// for; fixed before the first socket opens.
	natted map[netip.Addr][]netip.Addr

	mu    sync.Mutex
	conns []*Socket
}

// Options configures a Net.
type Options struct {
	// Segmentation tries UDP segmentation offload (GSO) on each socket.
	Segmentation bool
	// NATted maps each advertised 1:1 NAT address to the host addresses
	// it stands for, so that SocketFor finds the socket behind it.
	NATted map[netip.Addr][]netip.Addr
	Log    *slog.Logger
}

// New wraps base; sockets it opens for UDP on this host are Sockets.
func New(base piontransport.Net, o Options) *Net {
	log := o.Log
	if log == nil {
		log = slog.Default()
	}
	return &Net{Net: base, segmentation: o.Segmentation, natted: o.NATted, log: log}
}

// ListenUDP opens the socket through the base network and batches its
// writes when it is a UDP socket of this host.
func (n *Net) ListenUDP(network string, laddr *net.UDPAddr) (piontransport.UDPConn, error) {
	c, err := n.Net.ListenUDP(network, laddr)
	if err != nil {
		return nil, err
	}
	uc, ok := c.(*net.UDPConn)
	if !ok {
		return c, nil
	}
	bc := newSocket(uc)
	bc.log = n.log
	bc.peers = &n.peers
	if bc.raw != nil {
		// The socket's reader forwards what it takes from direct-path
		// publishers itself (sfu/direct), so it queues a packet for
		// each subscriber. Whatever is still queued when it runs out of
		// datagrams goes out then, rather than a batchMaxDelay later from
		// the timer's goroutine.
		bc.raw.setIdle(n.Flush)
	}
	if n.segmentation {
		bc.gso = gsoSupported(uc)
		n.log.Debug("media socket", "addr", uc.LocalAddr().String(), "segmentation", bc.gso)
	}
	n.mu.Lock()
	n.conns = append(n.conns, bc)
	n.mu.Unlock()
	return bc, nil
}

// AfterFanout is called by a receiver once a packet went to all its down
// tracks. At the end of a frame (an audio packet, a video packet with the
// marker bit) what every socket queued is sent; otherwise it waits for
// the frame's last packet, or for the queue to stand still for
// batchMaxDelay.
func (n *Net) AfterFanout(endOfFrame bool) {
	if endOfFrame {
		n.Flush()
	}
}

// Flush sends what every socket has queued.
func (n *Net) Flush() {
	for _, c := range n.sockets() {
		c.Flush()
	}
}

// sockets is the sockets opened so far; the slice is only ever appended
// to, so the snapshot can be read without the lock.
func (n *Net) sockets() []*Socket {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.conns
}

// socketAt is the socket bound to addr, nil if none is.
func (n *Net) socketAt(addr netip.AddrPort) *Socket {
	for _, c := range n.sockets() {
		if c.local == addr {
			return c
		}
	}
	return nil
}

// SocketFor is the socket a host candidate at addr is: the one bound to
// addr, or, when addr is a 1:1 NAT's public address, the one bound to the
// single host address it is advertised for. Nil, with the reason, when
// there is none, or when several host addresses share the NAT address
// (the candidate does not say which socket pion keeps for it).
func (n *Net) SocketFor(addr netip.AddrPort) (*Socket, string) {
	if c := n.socketAt(addr); c != nil {
		return c, ""
	}
	var found *Socket
	for _, local := range n.natted[addr.Addr()] {
		c := n.socketAt(netip.AddrPortFrom(local, addr.Port()))
		if c == nil {
			continue
		}
		if found != nil {
			return nil, "NAT address " + addr.String() + " stands for several shared sockets"
		}
		found = c
	}
	if found == nil {
		return nil, "no shared socket at " + addr.String()
	}
	return found, ""
}

// SetPeer has what the sockets read from addr offered to p first.
func (n *Net) SetPeer(addr netip.AddrPort, p Peer) { n.peers.set(addr, p) }

// RemovePeer forgets addr if it still belongs to p.
func (n *Net) RemovePeer(addr netip.AddrPort, p Peer) { n.peers.remove(addr, p) }

// Stats counts what a socket sent: datagrams, and the messages
// (sendmmsg entries) that carried them; with segmentation one message
// carries several datagrams to one peer.
type Stats struct {
	Datagrams, Messages uint64
	// Direct is how many RTP packets were sent with WriteDirect; DirectIn
	// how many RTP packets, DirectRTCP how many RTCP packets and
	// DirectSTUN how many consent checks peers took off the sockets (all
	// but Direct in Net.Stats only).
	Direct, DirectIn, DirectRTCP, DirectSTUN uint64
}

// Stats reports the counts summed over the sockets.
func (n *Net) Stats() Stats {
	var s Stats
	for _, c := range n.sockets() {
		cs := c.Stats()
		s.Datagrams += cs.Datagrams
		s.Messages += cs.Messages
		s.Direct += cs.Direct
	}
	s.DirectIn, s.DirectRTCP, s.DirectSTUN = n.peers.received.Load(), n.peers.taken.Load(), n.peers.answered.Load()
	return s
}
