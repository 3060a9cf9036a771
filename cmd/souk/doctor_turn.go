package main

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"github.com/pion/stun/v3"
	pturn "github.com/pion/turn/v5"

	"souk/config"
	"souk/turn"
)

// turnListener is one TURN listener to test: its transport and where to
// reach it from this host.
type turnListener struct {
	transport string // udp, tcp or tls
	target    string // host:port
}

// doctorTURN allocates a relay over each TURN transport with a credential
// minted from this configuration's secret: through the running node when
// it holds the TURN ports, otherwise through a TURN server started here
// on the configured ports. On a wildcard listen address it also checks
// that TURN/UDP answers each of the host's addresses from that address.
// secretKnown is false when doctor had to invent a secret (none
// configured and none generated yet in the data directory).
func doctorTURN(ctx context.Context, r *doctorReport, m config.Media, nodeIPs []string, withTLS, secretKnown bool, running *runningNode) {
	tc := turnConfig(m, nodeIPs)
	if !withTLS {
		tc.TLSPort = 0
	}
	host := dialHost(tc.ListenIP)
	var listeners []turnListener
	held := false
	for _, l := range []struct {
		transport, network string
		port               int
	}{{"udp", "udp", tc.UDPPort}, {"tcp", "tcp", tc.TCPPort}, {"tls", "tcp", tc.TLSPort}} {
		if l.port <= 0 {
			continue
		}
		addr := net.JoinHostPort(tc.ListenIP, strconv.Itoa(l.port))
		if canBind(ctx, l.network, addr) != nil {
			held = true
		}
		listeners = append(listeners, turnListener{l.transport, net.JoinHostPort(host, strconv.Itoa(l.port))})
	}
	user, pass := turn.MintCredentials(m.TURN.Secret, "souk-doctor", time.Minute)
	if running != nil && held {
		if !secretKnown {
			r.warn("turn", "the running node's TURN is not tested: no media.turn.secret is configured and none was generated into the data directory yet, so doctor cannot mint a credential it accepts")
			return
		}
		for _, l := range listeners {
			err := selfAllocate(l.transport, l.target, user, pass, m.TURN.Realm)
			var te *stun.TurnError
			switch {
			case err == nil:
				r.ok("turn", fmt.Sprintf("%s on %s: %s allocated a relay with a credential minted from this configuration's secret", l.transport, l.target, running.describe()))
			case errors.As(err, &te) && (te.ErrorCodeAttr.Code == stun.CodeUnauthorized || te.ErrorCodeAttr.Code == stun.CodeBadRequest):
				// A wrong password fails the MESSAGE-INTEGRITY check, which
				// pion answers with 400; an unknown or expired user gets 401.
				r.fail("turn", fmt.Sprintf("%s on %s: %s refuses a credential minted from this configuration's media.turn.secret — it signs with another secret; give every node and this configuration the same media.turn.secret", l.transport, l.target, running.describe()))
			default:
				r.fail("turn", fmt.Sprintf("%s on %s does not allocate a relay: %v — is %s running with TURN on this port? Check media.turn.*_port and the firewall", l.transport, l.target, err, running.describe()))
			}
		}
		doctorTURNSource(ctx, r, tc.ListenIP, tc.UDPPort, running.describe())
		return
	}
	srv, err := turn.New(ctx, tc, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		r.fail("turn", fmt.Sprintf("cannot start: %v — free the port or change media.turn.*_port", err))
		return
	}
	defer srv.Close()
	for _, l := range listeners {
		if err := selfAllocate(l.transport, l.target, user, pass, srv.Realm()); err != nil {
			r.fail("turn", fmt.Sprintf("%s on %s does not allocate a relay: %v — check media.turn.relay_ip and the firewall", l.transport, l.target, err))
			continue
		}
		r.ok("turn", fmt.Sprintf("%s on %s allocated a relay with a minted credential", l.transport, l.target))
	}
	if tc.UDPPort != 0 {
		doctorTURNSource(ctx, r, tc.ListenIP, portOfAddr(srv.UDPAddr()), "a TURN server started with this configuration")
	}
}

func portOfAddr(a net.Addr) int {
	_, p, _ := net.SplitHostPort(a.String())
	n, _ := strconv.Atoi(p)
	return n
}

// selfAllocate allocates (and releases) a relay on target over transport.
func selfAllocate(transport, target, user, pass, realm string) error {
	host, _, _ := net.SplitHostPort(target)
	var conn net.PacketConn
	switch transport {
	case "udp":
		// The client's socket family decides the relay's family.
		network := "udp4"
		if ip := net.ParseIP(host); ip != nil && ip.To4() == nil {
			network = "udp6"
		}
		pc, err := net.ListenPacket(network, ":0")
		if err != nil {
			return err
		}
		conn = pc
	case "tcp":
		c, err := net.DialTimeout("tcp", target, 5*time.Second)
		if err != nil {
			return err
		}
		conn = pturn.NewSTUNConn(c)
	case "tls":
		// Only whether TURN answers is checked here; the certificate's
		// names and dates have their own check.
		c, err := tls.DialWithDialer(&net.Dialer{Timeout: 5 * time.Second}, "tcp", target, &tls.Config{InsecureSkipVerify: true}) //nolint:gosec // see above
		if err != nil {
			return err
		}
		conn = pturn.NewSTUNConn(c)
	default:
		return fmt.Errorf("unknown transport %q", transport)
	}
	defer conn.Close()
	client, err := pturn.NewClient(&pturn.ClientConfig{
		STUNServerAddr: target, TURNServerAddr: target, Username: user, Password: pass,
		Realm: realm, Conn: conn, RTO: time.Second,
	})
	if err != nil {
		return err
	}
	defer client.Close()
	if err := client.Listen(); err != nil {
		return err
	}
	relay, err := client.Allocate()
	if err != nil {
		return err
	}
	return relay.Close()
}

// doctorTURNSource sends a STUN binding request to the TURN UDP port on
// each of this host's addresses, from another of its addresses, and
// checks that the answer comes from the address the request went to: a
// browser drops answers from any other. Only a wildcard listen address
// can get this wrong.
func doctorTURNSource(ctx context.Context, r *doctorReport, listenIP string, port int, who string) {
	listen, err := netip.ParseAddr(listenIP)
	if err != nil || !listen.IsUnspecified() || port <= 0 {
		return
	}
	pairs := sourceProbePairs(localAddrs(listen.Is6()))
	if len(pairs) == 0 {
		r.ok("turn", "udp: this host has a single address, so TURN/UDP answers cannot leave from a wrong one")
		return
	}
	var right, wrong, silent []string
	for _, p := range pairs {
		to := netip.AddrPortFrom(p.to, uint16(port))
		got, err := probeReplySource(ctx, p.from, to)
		switch {
		case err != nil:
			silent = append(silent, fmt.Sprintf("%s (%v)", p.to, err))
		case got.Addr() != p.to:
			wrong = append(wrong, fmt.Sprintf("a request sent to %s is answered from %s", p.to, got.Addr()))
		default:
			right = append(right, p.to.String())
		}
	}
	if len(wrong) > 0 {
		r.fail("turn", fmt.Sprintf("udp on %s (%s): %s — browsers reaching this host on such an address drop the answers, so TURN over UDP fails for them; update Souk, or set media.turn.listen_ip to the address browsers use",
			net.JoinHostPort(listenIP, strconv.Itoa(port)), who, strings.Join(wrong, "; ")))
	}
	if len(silent) > 0 {
		r.warn("turn", fmt.Sprintf("udp on port %d did not answer a STUN binding request on %s — a firewall on this host?", port, strings.Join(silent, ", ")))
	}
	if len(wrong) == 0 && len(right) > 0 {
		r.ok("turn", fmt.Sprintf("udp on port %d answers requests sent to %s each from the address they were sent to", port, strings.Join(right, ", ")))
	}
}

type probePair struct{ from, to netip.Addr }

// sourceProbePairs picks, for each address, another address of the host
// to send from, so that the kernel's own choice of source for the answer
// would differ from the address asked: loopback asks the others, and the
// first other address asks loopback.
func sourceProbePairs(addrs []netip.Addr) []probePair {
	var loop, other []netip.Addr
	for _, a := range addrs {
		if a.IsLoopback() {
			loop = append(loop, a)
		} else {
			other = append(other, a)
		}
	}
	if len(loop) == 0 || len(other) == 0 {
		return nil
	}
	pairs := []probePair{{from: other[0], to: loop[0]}}
	for _, a := range other {
		pairs = append(pairs, probePair{from: loop[0], to: a})
	}
	return pairs
}

// localAddrs lists this host's addresses of one family, loopback first;
// link-local addresses are left out.
func localAddrs(v6 bool) []netip.Addr {
	ifAddrs, err := net.InterfaceAddrs()
	if err != nil {
		return nil
	}
	var loop, other []netip.Addr
	for _, ia := range ifAddrs {
		n, ok := ia.(*net.IPNet)
		if !ok {
			continue
		}
		a, ok := netip.AddrFromSlice(n.IP)
		if !ok {
			continue
		}
		a = a.Unmap()
		if a.Is6() != v6 || a.IsLinkLocalUnicast() {
			continue
		}
		if a.IsLoopback() {
			loop = append(loop, a)
		} else {
			other = append(other, a)
		}
	}
	return append(loop, other...)
}

// probeReplySource sends a STUN binding request from a socket on from to
// to, and returns the address the answer came from.
func probeReplySource(ctx context.Context, from netip.Addr, to netip.AddrPort) (netip.AddrPort, error) {
	network := "udp4"
	if from.Is6() {
		network = "udp6"
	}
	var lc net.ListenConfig
	pc, err := lc.ListenPacket(ctx, network, netip.AddrPortFrom(from, 0).String())
	if err != nil {
		return netip.AddrPort{}, err
	}
	defer pc.Close()
	uc := pc.(*net.UDPConn)
	req := stun.MustBuild(stun.TransactionID, stun.BindingRequest, stun.Fingerprint)
	buf := make([]byte, 1500)
	// UDP may drop a datagram: three tries.
	for attempt := range 3 {
		if _, err := uc.WriteToUDPAddrPort(req.Raw, to); err != nil {
			return netip.AddrPort{}, err
		}
		_ = uc.SetReadDeadline(time.Now().Add(time.Duration(attempt+1) * 500 * time.Millisecond))
		for {
			n, src, err := uc.ReadFromUDPAddrPort(buf)
			if err != nil {
				break
			}
			res := &stun.Message{Raw: buf[:n]}
			if res.Decode() == nil && res.TransactionID == req.TransactionID {
				return netip.AddrPortFrom(src.Addr().Unmap(), src.Port()), nil
			}
		}
	}
	return netip.AddrPort{}, errors.New("no answer")
}
