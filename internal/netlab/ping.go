package netlab

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"time"

	"golang.org/x/net/icmp"
	"golang.org/x/net/ipv4"
	"golang.org/x/net/ipv6"
	"golang.org/x/sys/unix"
)

// ErrUnreachable is what Ping returns when a router answered that the
// destination cannot be reached.
var ErrUnreachable = errors.New("destination unreachable")

// Ping sends one ICMP echo request from the host to dst and waits for the
// reply until ctx ends. It returns the round-trip time; ErrUnreachable
// when a router says there is no way there, or ctx's error when nothing
// came back.
func (h *Host) Ping(ctx context.Context, dst netip.Addr) (time.Duration, error) {
	network, listen, proto := "ip4:icmp", "0.0.0.0", 1
	var echoType, replyType, unreachType icmp.Type = ipv4.ICMPTypeEcho, ipv4.ICMPTypeEchoReply, ipv4.ICMPTypeDestinationUnreachable
	if dst.Is6() && !dst.Is4In6() {
		network, listen, proto = "ip6:ipv6-icmp", "::", 58
		echoType, replyType, unreachType = ipv6.ICMPTypeEchoRequest, ipv6.ICMPTypeEchoReply, ipv6.ICMPTypeDestinationUnreachable
	}
	var conn *icmp.PacketConn
	if err := h.Do(func() error {
		var err error
		conn, err = icmp.ListenPacket(network, listen)
		return err
	}); err != nil {
		return 0, fmt.Errorf("icmp socket in %s: %w", h.name, err)
	}
	defer conn.Close()

	var idb [2]byte
	if _, err := rand.Read(idb[:]); err != nil {
		return 0, err
	}
	id := int(binary.BigEndian.Uint16(idb[:]))
	payload := []byte("souk netlab ping")
	req, err := (&icmp.Message{Type: echoType, Body: &icmp.Echo{ID: id, Seq: 1, Data: payload}}).Marshal(nil)
	if err != nil {
		return 0, err
	}
	deadline, ok := ctx.Deadline()
	if !ok {
		deadline = time.Now().Add(5 * time.Second)
	}
	_ = conn.SetReadDeadline(deadline)
	stop := context.AfterFunc(ctx, func() { _ = conn.SetReadDeadline(time.Now()) })
	defer stop()

	sent := time.Now()
	if _, err := conn.WriteTo(req, &net.IPAddr{IP: dst.AsSlice()}); err != nil {
		if errors.Is(err, unix.ENETUNREACH) || errors.Is(err, unix.EHOSTUNREACH) {
			return 0, fmt.Errorf("%w: %w", ErrUnreachable, err)
		}
		return 0, err
	}
	buf := make([]byte, 1500)
	for {
		n, from, err := conn.ReadFrom(buf)
		if err != nil {
			if ctx.Err() != nil {
				return 0, ctx.Err()
			}
			return 0, fmt.Errorf("no echo reply from %s: %w", dst, err)
		}
		msg, err := icmp.ParseMessage(proto, buf[:n])
		if err != nil {
			continue
		}
		switch msg.Type {
		case replyType:
			echo, ok := msg.Body.(*icmp.Echo)
			fromIP, _ := netip.AddrFromSlice(from.(*net.IPAddr).IP)
			if ok && echo.ID == id && fromIP.Unmap() == dst.Unmap() {
				return time.Since(sent), nil
			}
		case unreachType:
			// The quoted datagram carries our request: make sure it is ours.
			if body, ok := msg.Body.(*icmp.DstUnreach); ok && quotesEcho(body.Data, id, dst.Is6() && !dst.Is4In6()) {
				return 0, fmt.Errorf("%w: %s says so", ErrUnreachable, from)
			}
		}
	}
}

// quotesEcho reports whether an ICMP error quotes our echo request: the
// invoking packet's IP header, then the echo's type, code, checksum, id.
func quotesEcho(quoted []byte, id int, v6 bool) bool {
	hdr := 0
	switch {
	case v6 && len(quoted) >= 40:
		hdr = 40
	case !v6 && len(quoted) >= 20:
		hdr = int(quoted[0]&0x0f) * 4
	default:
		return false
	}
	if len(quoted) < hdr+6 {
		return false
	}
	return int(binary.BigEndian.Uint16(quoted[hdr+4:])) == id
}
