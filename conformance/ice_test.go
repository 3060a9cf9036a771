package conformance

import (
	"context"
	"fmt"
	"net"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/pion/transport/v4"
	"github.com/pion/transport/v4/stdnet"

	"souk/signal/client"
)

func transportScenarios() []Scenario {
	return []Scenario{
		{
			Name: "ice/candidates",
			Doc: "Each server is configured, as its documentation says, to advertise IPv4 only — Souk with " +
				"`media.node_ips: 127.0.0.1`, livekit-server (whose `node_ip` does not restrict gathering) with " +
				"`rtc.ips.includes: 127.0.0.0/8` besides — with ICE over TCP on. On a host that also has IPv6 " +
				"addresses, the candidates sent to a livekit-client participant (trickle and SDP) must all be IPv4, " +
				"UDP and TCP ones included.",
			Clients: []ClientKind{Chromium},
			Configure: func(o *ServerOptions) {
				if o.Kind == LiveKit {
					o.MediaIPs = []string{"127.0.0.0/8"}
				}
			},
			Run: candidatesRun,
		},
		{
			Name: "padding/single-layer",
			Doc: "A livekit-client publisher sends one 1280×720 encoding (no simulcast) to sixteen Go-client subscribers " +
				"on `/rtc/v1`: with no layer to switch up to there is nothing to probe, so after the first five seconds " +
				"padding packets (counted at the subscribers' sockets) must stay under 1 % of the media packets.",
			Clients: []ClientKind{Chromium, GoClient},
			Run:     paddingRun,
		},
	}
}

// candidate is the part of an ICE candidate line the scenario reads.
type candidate struct {
	Protocol, Address string
	Port              int
}

// parseCandidate reads "candidate:F C PROTO PRIO ADDR PORT typ TYPE ..."
// (with or without "a=" and "candidate:").
func parseCandidate(line string) (candidate, bool) {
	f := strings.Fields(strings.TrimPrefix(strings.TrimPrefix(line, "a="), "candidate:"))
	if len(f) < 6 {
		return candidate{}, false
	}
	port, err := strconv.Atoi(f[5])
	if err != nil {
		return candidate{}, false
	}
	return candidate{Protocol: strings.ToLower(f[2]), Address: f[4], Port: port}, true
}

func candidatesRun(ctx context.Context, e *Env) error {
	srv, err := e.Server(ctx)
	if err != nil {
		return err
	}
	ps, err := pages(ctx, e, false, "alice", "bob")
	if err != nil {
		return err
	}
	alice, bob := ps[0], ps[1]
	room := e.Room("ice")
	_, err = alice.Join(ctx, srv, room, JoinOptions{NoAudio: true, Capture: &Size{Width: 640, Height: 360}})
	if err == nil {
		_, err = bob.Join(ctx, srv, room, JoinOptions{NoVideo: true, NoAudio: true})
	}
	if !e.Check("join", err) {
		return nil
	}
	if _, err := bob.Decoding(ctx, 30*time.Second, "alice", 5); !e.Check("media", err) {
		return nil
	}
	var all []candidate
	for _, p := range []*Page{alice, bob} {
		lines, err := p.RemoteCandidates(ctx)
		if err != nil {
			return err
		}
		for _, l := range lines {
			if c, ok := parseCandidate(l); ok {
				all = append(all, c)
			}
		}
	}
	var v6, udp, tcp []string
	seen := map[string]bool{}
	for _, c := range all {
		s := fmt.Sprintf("%s %s", c.Protocol, net.JoinHostPort(c.Address, fmt.Sprint(c.Port)))
		if seen[s] {
			continue
		}
		seen[s] = true
		if ip := net.ParseIP(c.Address); ip != nil && ip.To4() == nil {
			v6 = append(v6, s)
		}
		switch c.Protocol {
		case "udp":
			udp = append(udp, s)
		case "tcp":
			tcp = append(tcp, s)
		}
	}
	slices.Sort(udp)
	slices.Sort(tcp)
	e.Figure("UDP candidates", "%s", strings.Join(udp, ", "))
	e.Figure("TCP candidates", "%s", strings.Join(tcp, ", "))
	if len(udp) == 0 {
		err = fmt.Errorf("no UDP candidate among %v", all)
	} else {
		err = nil
	}
	e.Check("udp_candidate", err)
	if len(tcp) == 0 {
		err = fmt.Errorf("no TCP candidate among %v", all)
	}
	e.Check("tcp_candidate", err)
	err = nil
	if len(v6) > 0 {
		err = fmt.Errorf("IPv6 candidates although the node addresses are IPv4 only: %v", v6)
	}
	e.Check("ipv4_only", err)
	return nil
}

func paddingRun(ctx context.Context, e *Env) error {
	srv, err := e.Server(ctx)
	if err != nil {
		return err
	}
	ps, err := pages(ctx, e, false, "alice")
	if err != nil {
		return err
	}
	alice := ps[0]
	room := e.Room("pad")
	if _, err := alice.Join(ctx, srv, room, JoinOptions{NoAudio: true, NoSimulcast: true}); !e.Check("join", err) {
		return nil
	}
	const subscribers = 16
	// Padding-only packets (BWE probes) never reach the application: pion
	// drops them. Count at the sockets instead: an RTP header stays in the
	// clear under SRTP, and forwarded media from Chromium carries no
	// padding, so a packet with the padding bit is a padding packet.
	var counting atomic.Bool
	var media, padding atomic.Int64
	sockets, err := newRTPCountingNet(func(b []byte) {
		if !counting.Load() || len(b) < 12 || b[0]>>6 != 2 || (b[1] >= 192 && b[1] <= 223) {
			return // not RTP (STUN, DTLS, RTCP)
		}
		if b[0]&0x20 != 0 {
			padding.Add(1)
		} else {
			media.Add(1)
		}
	})
	if err != nil {
		return err
	}
	var subs []*client.Client
	for i := range subscribers {
		cctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		gc, err := e.Go(cctx, srv, fmt.Sprintf("viewer-%d", i), room, client.Config{SinglePC: true, Net: sockets}, NoPublish())
		cancel()
		if err != nil {
			e.Check("subscribers_receive", err)
			return nil
		}
		subs = append(subs, gc)
	}
	for i, gc := range subs {
		if _, _, err := goReceive(ctx, gc, "video", time.Second); err != nil {
			e.Check("subscribers_receive", fmt.Errorf("viewer-%d: %w", i, err))
			return nil
		}
	}
	e.Check("subscribers_receive", nil)
	pause(ctx, 5*time.Second)
	counting.Store(true)
	const window = 10 * time.Second
	pause(ctx, window)
	counting.Store(false)
	m, p := media.Load(), padding.Load()
	secs := window.Seconds()
	e.Figure("RTP pkt/s per subscriber", "%.0f", float64(m+p)/secs/subscribers)
	e.Figure("padding pkt/s per subscriber", "%.1f", float64(p)/secs/subscribers)
	if m == 0 {
		err = fmt.Errorf("no media packets in %s", window)
	} else if float64(p) > 0.01*float64(m) {
		err = fmt.Errorf("%d padding packets against %d media packets in %s, with nothing to probe", p, m, window)
	}
	e.Check("no_padding_without_probe", err)
	return nil
}

// rtpCountingNet is the host's network for pion, with every datagram read
// from a UDP socket shown to seen first.
type rtpCountingNet struct {
	*stdnet.Net
	seen func([]byte)
}

func newRTPCountingNet(seen func([]byte)) (*rtpCountingNet, error) {
	n, err := stdnet.NewNet()
	if err != nil {
		return nil, err
	}
	return &rtpCountingNet{Net: n, seen: seen}, nil
}

func (n *rtpCountingNet) ListenUDP(network string, laddr *net.UDPAddr) (transport.UDPConn, error) {
	c, err := n.Net.ListenUDP(network, laddr)
	if err != nil {
		return nil, err
	}
	return &countingUDPConn{UDPConn: c, seen: n.seen}, nil
}

func (n *rtpCountingNet) ListenPacket(network, address string) (net.PacketConn, error) {
	c, err := n.Net.ListenPacket(network, address)
	if err != nil {
		return nil, err
	}
	return &countingPacketConn{PacketConn: c, seen: n.seen}, nil
}

type countingUDPConn struct {
	transport.UDPConn
	seen func([]byte)
}

func (c *countingUDPConn) ReadFrom(b []byte) (int, net.Addr, error) {
	n, a, err := c.UDPConn.ReadFrom(b)
	if err == nil {
		c.seen(b[:n])
	}
	return n, a, err
}

func (c *countingUDPConn) ReadFromUDP(b []byte) (int, *net.UDPAddr, error) {
	n, a, err := c.UDPConn.ReadFromUDP(b)
	if err == nil {
		c.seen(b[:n])
	}
	return n, a, err
}

func (c *countingUDPConn) Read(b []byte) (int, error) {
	n, err := c.UDPConn.Read(b)
	if err == nil {
		c.seen(b[:n])
	}
	return n, err
}

func (c *countingUDPConn) ReadMsgUDP(b, oob []byte) (int, int, int, *net.UDPAddr, error) {
	n, oobn, flags, a, err := c.UDPConn.ReadMsgUDP(b, oob)
	if err == nil {
		c.seen(b[:n])
	}
	return n, oobn, flags, a, err
}

type countingPacketConn struct {
	net.PacketConn
	seen func([]byte)
}

func (c *countingPacketConn) ReadFrom(b []byte) (int, net.Addr, error) {
	n, a, err := c.PacketConn.ReadFrom(b)
	if err == nil {
		c.seen(b[:n])
	}
	return n, a, err
}
