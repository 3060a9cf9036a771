package turn

import (
	"fmt"
	"net"
	"net/netip"
	"sync"

	"golang.org/x/net/ipv4"
	"golang.org/x/net/ipv6"
)

// replySourceConn is the TURN UDP socket when it listens on a wildcard
// address. A plain wildcard socket sends with whatever source address the
// kernel's route picks, so on a host with several addresses a client that
// reached the server on one of them gets answers from another, which
// browsers and NATs drop. This socket reads each datagram's destination
// (IP_PKTINFO / IPV6_PKTINFO) and sends to the client from it:
//
//   - answers written while a request is handled (the read loop answers
//     each request before reading the next) go out from the address the
//     request arrived on;
//   - data that a relay receives from a peer is sent to the client later,
//     from another goroutine: the address the client's allocation was
//     made on is kept for that (pin, from the allocation events) until
//     the allocation ends.
//
// Relay sockets are separate sockets bound to the relay address and are
// not touched.
type replySourceConn struct {
	*net.UDPConn
	v6 bool

	readOOB []byte // only the read loop reads
	readV4  ipv4.ControlMessage
	readV6  ipv6.ControlMessage

	mu     sync.Mutex
	last   clientDest               // the datagram read last
	pinned map[netip.AddrPort]local // clients with an allocation
	oob    map[local][]byte         // marshalled source per local address
}

// local is a local address a datagram arrived on; the interface matters
// only for IPv6 link-local addresses.
type local struct {
	addr    netip.Addr
	ifIndex int
}

type clientDest struct {
	client netip.AddrPort
	dest   local
}

// newReplySourceConn turns on destination reporting for uc. It fails
// where the platform cannot report a datagram's destination; the caller
// then keeps the plain socket.
func newReplySourceConn(uc *net.UDPConn, v6 bool) (*replySourceConn, error) {
	c := &replySourceConn{UDPConn: uc, v6: v6, pinned: map[netip.AddrPort]local{}, oob: map[local][]byte{}}
	if v6 {
		if err := ipv6.NewPacketConn(uc).SetControlMessage(ipv6.FlagDst|ipv6.FlagInterface, true); err != nil {
			return nil, fmt.Errorf("turn: IPV6_RECVPKTINFO: %w", err)
		}
		c.readOOB = ipv6.NewControlMessage(ipv6.FlagDst | ipv6.FlagInterface)
	} else {
		if err := ipv4.NewPacketConn(uc).SetControlMessage(ipv4.FlagDst|ipv4.FlagInterface, true); err != nil {
			return nil, fmt.Errorf("turn: IP_PKTINFO: %w", err)
		}
		c.readOOB = ipv4.NewControlMessage(ipv4.FlagDst | ipv4.FlagInterface)
	}
	return c, nil
}

// ReadFrom reads one datagram and notes where it was sent to. pion's
// server calls it from one goroutine per socket.
func (c *replySourceConn) ReadFrom(p []byte) (int, net.Addr, error) {
	n, oobn, _, from, err := c.ReadMsgUDPAddrPort(p, c.readOOB)
	if err != nil {
		return n, nil, err
	}
	from = netip.AddrPortFrom(from.Addr().Unmap(), from.Port())
	if dest, ok := c.parseDest(c.readOOB[:oobn]); ok {
		c.mu.Lock()
		c.last = clientDest{client: from, dest: dest}
		c.mu.Unlock()
	}
	return n, net.UDPAddrFromAddrPort(from), nil
}

func (c *replySourceConn) parseDest(oob []byte) (local, bool) {
	var ip []byte
	var ifIndex int
	if c.v6 {
		if c.readV6.Parse(oob) != nil {
			return local{}, false
		}
		ip, ifIndex = c.readV6.Dst, c.readV6.IfIndex
	} else {
		if c.readV4.Parse(oob) != nil {
			return local{}, false
		}
		ip, ifIndex = c.readV4.Dst, c.readV4.IfIndex
	}
	a, ok := netip.AddrFromSlice(ip)
	if !ok || a.IsUnspecified() {
		return local{}, false
	}
	a = a.Unmap()
	if !a.Is6() || !a.IsLinkLocalUnicast() {
		ifIndex = 0 // the kernel routes by the source address alone
	}
	return local{addr: a, ifIndex: ifIndex}, true
}

// WriteTo sends p to addr from the local address addr last reached.
func (c *replySourceConn) WriteTo(p []byte, addr net.Addr) (int, error) {
	ua, ok := addr.(*net.UDPAddr)
	if !ok {
		return c.UDPConn.WriteTo(p, addr)
	}
	to := ua.AddrPort()
	to = netip.AddrPortFrom(to.Addr().Unmap(), to.Port())
	oob := c.sourceFor(to)
	if oob == nil {
		return c.WriteToUDPAddrPort(p, to)
	}
	n, _, err := c.WriteMsgUDPAddrPort(p, oob, to)
	if err != nil {
		// The address may have left the host since: let the kernel pick.
		return c.WriteToUDPAddrPort(p, to)
	}
	return n, nil
}

// sourceFor is the control message that sets the source for a datagram
// to client, or nil when no address is known for it.
func (c *replySourceConn) sourceFor(client netip.AddrPort) []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	dest, ok := c.pinned[client]
	if c.last.client == client {
		dest, ok = c.last.dest, true
	}
	if !ok {
		return nil
	}
	if b, ok := c.oob[dest]; ok {
		return b
	}
	var b []byte
	if c.v6 {
		b = (&ipv6.ControlMessage{Src: dest.addr.AsSlice(), IfIndex: dest.ifIndex}).Marshal()
	} else {
		b = (&ipv4.ControlMessage{Src: dest.addr.AsSlice()}).Marshal()
	}
	// Few local addresses exist; the map stays small.
	c.oob[dest] = b
	return b
}

// pin keeps the address client reached for its allocation; it is called
// while the Allocate request is handled, so that request is the datagram
// read last.
func (c *replySourceConn) pin(client net.Addr) {
	ap, ok := udpAddrPort(client)
	if !ok {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.last.client == ap {
		c.pinned[ap] = c.last.dest
	}
}

func (c *replySourceConn) unpin(client net.Addr) {
	ap, ok := udpAddrPort(client)
	if !ok {
		return
	}
	c.mu.Lock()
	delete(c.pinned, ap)
	c.mu.Unlock()
}

func udpAddrPort(a net.Addr) (netip.AddrPort, bool) {
	ua, ok := a.(*net.UDPAddr)
	if !ok {
		return netip.AddrPort{}, false
	}
	ap := ua.AddrPort()
	return netip.AddrPortFrom(ap.Addr().Unmap(), ap.Port()), true
}
