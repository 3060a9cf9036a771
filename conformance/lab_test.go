package conformance

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strconv"
	"sync"
	"testing"
	"time"

	"souk/internal/netlab"
)

// The lab scenarios run the servers and the browsers in network
// namespaces of their own (internal/netlab): the server behind a cloud
// style 1:1 NAT or with two addresses, clients behind a firewall that
// drops UDP, without IPv6, or on a lossy link. Each run gets a fresh lab.
func labScenarios() []Scenario {
	lab := []ClientKind{Chromium, Lab}
	return []Scenario{
		{
			Name: "lab/nat",
			Doc: "The server sits behind a 1:1 NAT like a cloud VM: its interface has a private address, clients reach a " +
				"public one that the server advertises (`media.node_ips`, livekit-server's `rtc.node_ip`). Two Chromium " +
				"participants in a client network publish and decode each other's video; the media path must be the " +
				"public address, directly over UDP.",
			Fast: true, Clients: lab, Timeout: 5 * time.Minute,
			Run: labNATRun,
		},
		{
			Name: "lab/two-addresses",
			Doc: "The server has two addresses on one interface and advertises the second. Participants reach signalling " +
				"at each address and decode each other; two more join relay-only over TURN/UDP at the second address " +
				"(TURN listening on 0.0.0.0, the default: a reply must leave from the address the request came to).",
			Fast: true, Clients: lab, Timeout: 5 * time.Minute,
			Run: labTwoAddressesRun,
		},
		{
			Name: "lab/udp-blocked",
			Doc: "The clients' network drops all UDP. Two participants must connect over ICE-TCP to the server's host TCP " +
				"candidate (a server without TURN, so that no relay competes), and two relay-only ones through TURN over TCP " +
				"or TLS at a server with TURN (livekit-server offers TURN over TLS only).",
			Fast: true, Clients: lab, Timeout: 5 * time.Minute,
			Run: labUDPBlockedRun,
		},
		{
			Name: "lab/lossy-uplink",
			Doc: "A 640×360 simulcast Chromium publisher (two layers, RTX negotiated) on an uplink losing 3 % of packets with 25 ms of " +
				"delay; a subscriber on a clean link. Over a 15 s window (once the video is steady, at most 10 s in) the subscriber must decode at least 10 frames/s, its " +
				"video loss after repair (packets lost less those retransmitted) must stay under 1 %, and the publisher must " +
				"have been asked for retransmissions.",
			Fast: true, Clients: lab, Timeout: 5 * time.Minute,
			Run: func(ctx context.Context, e *Env) error { return labLossRun(ctx, e, netlab.Uplink) },
		},
		{
			Name: "lab/lossy-downlink",
			Doc: "NACK repair toward a subscriber whose downlink loses 3 % of packets with 25 ms of delay: over a 15 s window " +
				"it must decode at least 10 frames/s, its video loss after repair must stay under 1 %, and retransmissions from " +
				"the server must reach it.",
			Clients: lab, Timeout: 5 * time.Minute,
			Run: func(ctx context.Context, e *Env) error { return labLossRun(ctx, e, netlab.Downlink) },
		},
		{
			Name: "lab/relay",
			Doc: "Relay-only participants (`iceTransportPolicy: 'relay'`) behind the NATed server, through its embedded TURN " +
				"over UDP, TCP and TLS, one transport at a time (a server with only that TURN listener): media both ways, " +
				"relayed over that protocol.",
			Clients: lab, Timeout: 8 * time.Minute,
			Run: labRelayRun,
		},
		{
			Name: "lab/ipv4-only",
			Doc: "A dual-stack server (IPv4 and a unique local IPv6 address) advertising an IPv4 node address; clients " +
				"without IPv6. The server must offer no IPv6 candidate, and the call must work.",
			Clients: lab, Timeout: 5 * time.Minute,
			Run: labIPv4OnlyRun,
		},
	}
}

// labRun is one run's lab: the server's host and the hosts of clients.
type labRun struct {
	e     *Env
	lab   *netlab.Lab
	srv   *netlab.Host
	start time.Time
	// pending are the client groups started in the background.
	pending []*clientGroup
}

// logStep logs how far into the run a step ended, to see where a slow
// run spends its time.
func (l *labRun) logStep(step string) {
	l.e.Logf("%s: %s at %.1f s", l.e.Kind, step, time.Since(l.start).Seconds())
}

// newLabRun opens a lab with the server host shaped by opts; the lab
// closes when the run ends, after the servers and clients in it.
func newLabRun(ctx context.Context, e *Env, opts netlab.HostOptions) (*labRun, error) {
	start := time.Now()
	lab, err := netlab.Open(ctx, netlab.Options{Logf: e.Logf})
	if err != nil {
		return nil, err
	}
	e.Cleanup(func() {
		if err := lab.Close(); err != nil {
			e.Logf("%s: %v", e.Kind, err)
		}
	})
	srv, err := lab.AddHost(ctx, "server", opts)
	if err != nil {
		return nil, err
	}
	l := &labRun{e: e, lab: lab, srv: srv, start: start}
	l.logStep("lab ready")
	return l, nil
}

// server starts a server of the run's kind inside the server host,
// listening on all its addresses and advertising its first public one
// unless o names others.
func (l *labRun) server(ctx context.Context, o ServerOptions) (*Server, error) {
	o.BindIP = "0.0.0.0"
	o.Prefix = l.srv.Prefix()
	o.ProbeHost = "127.0.0.1"
	o.ProbeClient = l.srv.HTTPClient()
	if len(o.NodeIPs) == 0 {
		o.NodeIPs = []string{l.srv.Addr().String()}
	}
	// In development mode (the harness's) Souk also offers loopback
	// candidates; with media.node_ips set they must keep their own
	// address, so the lab runs Souk without restricting its interfaces.
	s, err := l.e.StartServer(ctx, o)
	if err == nil {
		l.logStep("server ready")
	}
	return s, err
}

// clients adds a client host and starts one Chromium in it with a page
// per name. The first page starts the browser; the others open at once.
func (l *labRun) clients(ctx context.Context, host string, opts netlab.HostOptions, names ...string) (*netlab.Host, []*Page, error) {
	h, err := l.lab.AddHost(ctx, host, opts)
	if err != nil {
		return nil, nil, err
	}
	b, err := l.e.Browser(ctx, NodeOptions{Prefix: h.Prefix()})
	if err != nil {
		return nil, nil, err
	}
	ps := make([]*Page, len(names))
	errs := make([]error, len(names))
	open := func(i int) { ps[i], errs[i] = OpenPage(ctx, b, names[i], false) }
	open(0)
	var wg sync.WaitGroup
	for i := 1; i < len(names); i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			open(i)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, nil, err
	}
	l.logStep("browser in " + host + " ready")
	return h, ps, nil
}

// clientGroup is a client host whose browser is starting in the
// background (Chromium takes long to start on a busy machine; the server
// starts meanwhile).
type clientGroup struct {
	done  chan struct{}
	host  *netlab.Host
	pages []*Page
	err   error
}

// startClients is clients in the background; wait for the result with
// clientGroup.wait. The run's Run must defer settle, so that nothing is
// still starting when the run's cleanups close the lab.
func (l *labRun) startClients(ctx context.Context, host string, opts netlab.HostOptions, names ...string) *clientGroup {
	g := &clientGroup{done: make(chan struct{})}
	l.pending = append(l.pending, g)
	go func() {
		defer close(g.done)
		g.host, g.pages, g.err = l.clients(ctx, host, opts, names...)
	}()
	return g
}

func (g *clientGroup) wait() (*netlab.Host, []*Page, error) {
	<-g.done
	return g.host, g.pages, g.err
}

// settle waits for every client group still starting.
func (l *labRun) settle() {
	for _, g := range l.pending {
		<-g.done
	}
}

// joinAt joins p to room like Page.Join, with signalling at wsURL.
func joinAt(ctx context.Context, p *Page, srv *Server, wsURL, room string, o JoinOptions) (Joined, error) {
	tok, err := srv.Token(room, p.Name)
	if err != nil {
		return Joined{}, err
	}
	var j Joined
	err = p.c.Call(ctx, "join", map[string]any{"name": p.Name, "url": wsURL, "token": tok, "options": o.args()}, &j)
	return j, err
}

// labConnect are livekit-client's connect options in the lab: the
// default timeouts (15 s for the WebSocket and for the peer connection)
// doubled, as several Chromiums and servers share a busy machine; relay keeps ICE to relayed candidates (the ICE servers come
// from the server's join response).
func labConnect(relay bool) map[string]any {
	o := map[string]any{"websocketTimeout": 30000, "peerConnectionTimeout": 30000}
	if relay {
		o["rtcConfig"] = map[string]any{"iceTransportPolicy": "relay"}
	}
	return o
}

// labMediaWait is how long a lab call may take from joining to video
// decoding both ways: over a TURN/TCP relay on a machine as busy as the
// development one, close to a minute.
const labMediaWait = 75 * time.Second

// labJoin is the join options of a lab participant that publishes camera
// and microphone: 640×360, as the connectivity scenarios need media, not
// quality, and several participants share one Chromium on a small machine.
func labJoin(relay bool) JoinOptions {
	return JoinOptions{ConnectOptions: labConnect(relay), Capture: &Size{Width: 640, Height: 360}}
}

// hangUp disconnects pages whose call is over, so that the next pair of
// the run does not share the machine with them.
func hangUp(ctx context.Context, pages ...*Page) {
	for _, p := range pages {
		if err := p.Do(ctx, "disconnect", nil, nil); err != nil {
			p.c.addLog("hang up: " + err.Error())
		}
	}
}

// callPair joins a and b to a fresh room and waits until each decodes the
// other's video; it records check and returns nil when that fails.
func callPair(ctx context.Context, e *Env, srv *Server, check string, a, b *Page, o JoinOptions) bool {
	start := time.Now()
	room := e.Room(check)
	_, err := a.Join(ctx, srv, room, o)
	if err == nil {
		_, err = b.Join(ctx, srv, room, o)
	}
	if err == nil {
		e.Logf("%s: %s: joined in %.1f s", e.Kind, check, time.Since(start).Seconds())
		_, err = mediaBothWays(ctx, a, b, labMediaWait)
	}
	if err == nil {
		e.Logf("%s: %s: video both ways in %.1f s", e.Kind, check, time.Since(start).Seconds())
	}
	return e.Check(check, err)
}

// mediaPath waits for the page's selected candidate pair.
func mediaPath(ctx context.Context, p *Page) (*Transport, error) {
	var t *Transport
	err := Until(ctx, 15*time.Second, p.Name+"'s selected candidate pair", func(ctx context.Context) (bool, string, error) {
		in, err := p.Inbound(ctx)
		if err != nil {
			return false, "", err
		}
		t = in.Transport
		return t != nil && t.Local != nil && t.Remote != nil, "none yet", nil
	})
	return t, err
}

// pathString is a selected pair in one line, for figures and errors.
func pathString(t *Transport) string {
	if t == nil || t.Local == nil || t.Remote == nil {
		return "none"
	}
	local := t.Local.Type + "/" + t.Local.Protocol
	if t.Local.RelayProtocol != "" {
		local += " via " + t.Local.RelayProtocol
	}
	return fmt.Sprintf("%s → %s/%s %s", local, t.Remote.Type, t.Remote.Protocol, net.JoinHostPort(t.Remote.Address, strconv.Itoa(t.Remote.Port)))
}

// checkPath records check: p's selected pair must satisfy want. A pair
// through TURN has a relay protocol; its local candidate may show as
// peer-reflexive rather than relay when the server sees the relay's
// packets from another address than the relayed one (a relay inside a
// NATed server).
func checkPath(ctx context.Context, e *Env, check string, p *Page, want func(*Transport) error) {
	t, err := mediaPath(ctx, p)
	if err == nil {
		err = want(t)
		if err != nil {
			err = fmt.Errorf("%w (path %s)", err, pathString(t))
		}
	}
	e.Check(check, err)
	if t != nil {
		e.Figure(check+" path", "%s", pathString(t))
	}
}

// The helpers the lab scenarios judge by: a candidate line's address, and
// loss before and after repair.
func TestLabHelpers(t *testing.T) {
	for _, tc := range []struct {
		line string
		want string
	}{
		{"candidate:1 1 udp 2130706431 198.18.1.2 40000 typ host", "198.18.1.2"},
		{"a=candidate:2 1 tcp 1671430143 fd73:6f75:6b00:1::2 9 typ host tcptype passive", "fd73:6f75:6b00:1::2"},
		{"candidate:3 1 udp 1 [fe80::1] 1 typ host", "fe80::1"},
		{"candidate:4 1 udp", ""},
		{"candidate:5 1 udp 1 4a1b.local 1 typ host", ""},
	} {
		got, ok := candidateAddr(tc.line)
		if (tc.want == "") == ok || (ok && got.String() != tc.want) {
			t.Errorf("candidateAddr(%q) = %v %v, want %q", tc.line, got, ok, tc.want)
		}
	}
	c := lossCounters{received: 970, lost: 30, retransmittedReceived: 25}
	if got := c.lostPercent(); got != 3 {
		t.Errorf("lost %.2f%%, want 3%%", got)
	}
	if got := c.unrepairedPercent(); got != 0.5 {
		t.Errorf("after repair %.2f%%, want 0.5%%", got)
	}
	if got := (lossCounters{received: 100, lost: 2, retransmittedReceived: 9}).unrepairedPercent(); got != 0 {
		t.Errorf("more retransmissions than losses: %.2f%%, want 0", got)
	}
	at := func(frames, freezes, width int, layers string) lossCounters {
		return lossCounters{framesDecoded: frames, freezes: freezes, layers: layers, in: InboundTrack{FrameWidth: width, FrameHeight: width * 9 / 16}}
	}
	start := at(100, 1, 640, "h 640×360, q 320×180")
	for _, tc := range []struct {
		name string
		end  lossCounters
		want bool
	}{
		{"steady", at(130, 1, 640, "h 640×360, q 320×180"), true},
		{"too few frames", at(115, 1, 640, "h 640×360, q 320×180"), false},
		{"a freeze", at(130, 2, 640, "h 640×360, q 320×180"), false},
		{"another decoded size", at(130, 1, 320, "h 640×360, q 320×180"), false},
		{"the publisher's layers changed", at(130, 1, 640, "h 480×270, q 240×135"), false},
	} {
		if got := steady(start, tc.end); got != tc.want {
			t.Errorf("%s: steady %v, want %v", tc.name, got, tc.want)
		}
	}
}
