package conformance

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"strconv"
	"strings"

	"souk/internal/netlab"
)

func labNATRun(ctx context.Context, e *Env) error {
	l, err := newLabRun(ctx, e, netlab.HostOptions{NAT: true})
	if err != nil {
		return err
	}
	defer l.settle()
	public := l.srv.Addr().String()
	clients := l.startClients(ctx, "clients", netlab.HostOptions{}, "alice", "bob")
	srv, err := l.server(ctx, ServerOptions{})
	if err != nil {
		return err
	}
	_, ps, err := clients.wait()
	if err != nil {
		return err
	}
	alice, bob := ps[0], ps[1]
	room := e.Room("nat")
	_, err = alice.Join(ctx, srv, room, labJoin(false))
	if err == nil {
		_, err = bob.Join(ctx, srv, room, labJoin(false))
	}
	if !e.Check("join", err) {
		return nil
	}
	ms, err := firstFrame(ctx, bob, "alice")
	if !e.Check("first_frame", err) {
		return nil
	}
	e.Figure("first frame", "%d ms", ms)
	_, err = mediaBothWays(ctx, alice, bob, labMediaWait)
	if !e.Check("video_both_ways", err) {
		return nil
	}
	checkPath(ctx, e, "public_address", bob, func(t *Transport) error {
		if t.Remote.Address != public || t.Remote.Protocol != "udp" {
			return fmt.Errorf("media goes to %s/%s, want %s over udp", t.Remote.Address, t.Remote.Protocol, public)
		}
		return nil
	})
	mediaFigures(ctx, e, bob, "alice")
	return nil
}

func labTwoAddressesRun(ctx context.Context, e *Env) error {
	l, err := newLabRun(ctx, e, netlab.HostOptions{AddressesPerInterface: 2})
	if err != nil {
		return err
	}
	defer l.settle()
	addrs := l.srv.Addrs()
	first, second := addrs[0].String(), addrs[1].String()
	clients := l.startClients(ctx, "clients", netlab.HostOptions{}, "alice", "bob", "carol", "dave")
	srv, err := l.server(ctx, ServerOptions{
		NodeIPs: []string{second},
		TURN: &TURNOptions{TCPPort: -1, TLSPort: -1, Domain: second,
			// The relay's peer is the server's own address on the lab's
			// private network.
			AllowPeers: []string{l.lab.PrivatePrefix().String()}},
	})
	if err != nil {
		return err
	}
	_, ps, err := clients.wait()
	if err != nil {
		return err
	}
	alice, bob, carol, dave := ps[0], ps[1], ps[2], ps[3]
	room := e.Room("addresses")
	at := func(addr string) string { return "ws://" + net.JoinHostPort(addr, strconv.Itoa(srv.HTTPPort)) }
	_, err = joinAt(ctx, alice, srv, at(first), room, labJoin(false))
	e.Check("signal_first_address", err)
	_, err2 := joinAt(ctx, bob, srv, at(second), room, labJoin(false))
	e.Check("signal_second_address", err2)
	if err == nil && err2 == nil {
		_, err = mediaBothWays(ctx, alice, bob, labMediaWait)
		if e.Check("video_both_ways", err) {
			// Where the media goes is shown, not asserted: a UDP socket
			// on 0.0.0.0 answers from the first address, and the browser
			// then talks to it as a peer-reflexive candidate.
			if t, err := mediaPath(ctx, bob); err == nil {
				e.Figure("media path", "%s", pathString(t))
			}
		}
	}
	hangUp(ctx, alice, bob)
	if callPair(ctx, e, srv, "relay_udp_second_address", carol, dave, labJoin(true)) {
		checkPath(ctx, e, "relayed_over_udp", dave, func(t *Transport) error {
			if t.Local.RelayProtocol != "udp" {
				return errors.New("not relayed over TURN/UDP")
			}
			return nil
		})
	}
	return nil
}

// turnCert writes a certificate for TURN over TLS at addr into the run's
// folder.
func turnCert(e *Env, addr string) (cert, key string, err error) {
	return WriteTestCert(e.Dir, addr)
}

func labUDPBlockedRun(ctx context.Context, e *Env) error {
	l, err := newLabRun(ctx, e, netlab.HostOptions{NAT: true})
	if err != nil {
		return err
	}
	defer l.settle()
	clients := l.startClients(ctx, "clients", netlab.HostOptions{BlockUDP: true}, "alice", "bob", "carol", "dave")
	public := l.srv.Addr().String()
	cert, key, err := turnCert(e, public)
	if err != nil {
		return err
	}
	// ICE-TCP is checked against a server without TURN, so that the
	// browser has no relay to prefer; the relay against one with TURN.
	tcpSrv, err := l.server(ctx, ServerOptions{})
	if err != nil {
		return err
	}
	// livekit-server advertises turns: on port 443 whatever it listens
	// on; in its own namespace the server may take that port.
	t := &TURNOptions{TLSPort: 443, CertFile: cert, KeyFile: key}
	if e.Kind == LiveKit {
		t.TCPPort = -1 // it has no TURN over plain TCP
	}
	relaySrv, err := l.server(ctx, ServerOptions{TURN: t})
	if err != nil {
		return err
	}
	_, ps, err := clients.wait()
	if err != nil {
		return err
	}
	alice, bob, carol, dave := ps[0], ps[1], ps[2], ps[3]
	if callPair(ctx, e, tcpSrv, "ice_tcp", alice, bob, labJoin(false)) {
		checkPath(ctx, e, "ice_tcp_path", bob, func(t *Transport) error {
			if t.Remote.Type != "host" || t.Remote.Protocol != "tcp" || t.Remote.Address != public {
				return fmt.Errorf("not ICE-TCP to %s", public)
			}
			return nil
		})
	}
	hangUp(ctx, alice, bob)
	if callPair(ctx, e, relaySrv, "relay_tcp_or_tls", carol, dave, labJoin(true)) {
		checkPath(ctx, e, "relay_path", dave, func(t *Transport) error {
			if t.Local.RelayProtocol != "tcp" && t.Local.RelayProtocol != "tls" {
				return errors.New("not relayed over TURN/TCP or TLS")
			}
			return nil
		})
	}
	return nil
}

func labRelayRun(ctx context.Context, e *Env) error {
	l, err := newLabRun(ctx, e, netlab.HostOptions{NAT: true})
	if err != nil {
		return err
	}
	defer l.settle()
	clients := l.startClients(ctx, "clients", netlab.HostOptions{}, "a-udp", "b-udp", "a-tcp", "b-tcp", "a-tls", "b-tls")
	public := l.srv.Addr().String()
	cert, key, err := turnCert(e, public)
	if err != nil {
		return err
	}
	// One server per transport, each with only that TURN listener, all
	// started at once in the server's namespace (on ports of their own).
	transports := []struct {
		proto string
		turn  TURNOptions
		srv   *Server
		err   error
	}{
		{proto: "udp", turn: TURNOptions{TCPPort: -1, TLSPort: -1}},
		{proto: "tcp", turn: TURNOptions{UDPPort: -1, TLSPort: -1}},
		{proto: "tls", turn: TURNOptions{UDPPort: -1, TCPPort: -1, TLSPort: 443, CertFile: cert, KeyFile: key}},
	}
	for i := range transports {
		c := &transports[i]
		c.srv, c.err = l.server(ctx, ServerOptions{TURN: &c.turn})
		if c.err != nil && !errors.Is(c.err, ErrUnsupported) {
			return c.err
		}
	}
	_, ps, err := clients.wait()
	if err != nil {
		return err
	}
	for i, c := range transports {
		check := "relay_" + c.proto
		if c.err != nil {
			e.Check(check, c.err)
			continue
		}
		a, b := ps[2*i], ps[2*i+1]
		if callPair(ctx, e, c.srv, check, a, b, labJoin(true)) {
			checkPath(ctx, e, check+"_path", b, func(t *Transport) error {
				if t.Local.RelayProtocol != c.proto {
					return fmt.Errorf("not relayed over TURN/%s", c.proto)
				}
				return nil
			})
		}
		hangUp(ctx, a, b)
	}
	return nil
}

func labIPv4OnlyRun(ctx context.Context, e *Env) error {
	l, err := newLabRun(ctx, e, netlab.HostOptions{IPv6: true})
	if err != nil {
		return err
	}
	defer l.settle()
	clients := l.startClients(ctx, "clients", netlab.HostOptions{IPv4Only: true}, "alice", "bob")
	srv, err := l.server(ctx, ServerOptions{})
	if err != nil {
		return err
	}
	_, ps, err := clients.wait()
	if err != nil {
		return err
	}
	alice, bob := ps[0], ps[1]
	if !callPair(ctx, e, srv, "video_both_ways", alice, bob, labJoin(false)) {
		return nil
	}
	cands, err := bob.RemoteCandidates(ctx)
	if err == nil {
		var v6 []string
		for _, c := range cands {
			if a, ok := candidateAddr(c); ok && a.Is6() && !a.Is4In6() {
				v6 = append(v6, c)
			}
		}
		e.Figure("server candidates", "%d", len(cands))
		if len(v6) > 0 {
			err = fmt.Errorf("the server offered %d IPv6 candidates: %s", len(v6), strings.Join(v6, "; "))
		} else if len(cands) == 0 {
			err = errors.New("no server candidate recorded")
		}
	}
	e.Check("no_ipv6_candidates", err)
	return nil
}

// candidateAddr is the connection address of an ICE candidate line
// ("candidate:foundation component protocol priority address port typ ...").
func candidateAddr(line string) (netip.Addr, bool) {
	f := strings.Fields(strings.TrimPrefix(line, "a="))
	if len(f) < 6 {
		return netip.Addr{}, false
	}
	a, err := netip.ParseAddr(strings.Trim(f[4], "[]"))
	return a, err == nil
}
