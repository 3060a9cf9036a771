package sfu

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/netip"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/pion/dtls/v3"
	"github.com/pion/ice/v4"
	"github.com/pion/interceptor"
	"github.com/pion/interceptor/pkg/nack"
	"github.com/pion/interceptor/pkg/report"
	"github.com/pion/logging"
	"github.com/pion/sdp/v3"
	"github.com/pion/stun/v3"
	piontransport "github.com/pion/transport/v4"
	"github.com/pion/transport/v4/stdnet"
	"github.com/pion/webrtc/v4"

	"souk/pionlog"
	"souk/sfu/direct"
	"souk/sfu/sharedport"
	"souk/sfu/twccfeedback"
)

// ICE liveness. A connection is disconnected after iceDisconnectedTimeout
// without anything pion reads from the peer, and failed iceFailedTimeout
// later (30 s in all, pion's default). On the direct path pion reads
// neither a subscriber's RTCP nor the peer's consent checks
// (sfu/direct), only the answers to its own checks, which it sends
// every iceKeepaliveInterval: 10 s lets four in a row be lost before the
// connection counts as disconnected (pion's default 5 s allowed one).
const (
	iceDisconnectedTimeout = 10 * time.Second
	iceFailedTimeout       = 20 * time.Second
	iceKeepaliveInterval   = 2 * time.Second
)

// newAPI builds the pion API shared by all peer connections, in four
// steps: the codecs and the receiving side's interceptors
// (receiveInterceptors), the setting engine's fixed choices
// (settingEngine), the addresses candidates are gathered on
// (addressFilters) and the media ports (openPorts). The returned
// mediaSockets flushes and closes the shared port's sockets (sfu/sharedport)
// and makes each connection's own API (peerAPI).
func newAPI(cfg WebRTCConfig) (*webrtc.API, *mediaSockets, error) {
	lf := cfg.LoggerFactory
	if lf == nil {
		lf = pionlog.New(slog.Default())
	}
	me, reg, receive, err := receiveInterceptors(cfg.Codecs, lf)
	if err != nil {
		return nil, nil, err
	}
	se := settingEngine(cfg, lf)
	// The network sockets and candidates are made on: the configured one
	// (a virtual or wrapped one in tests) or the host's.
	base := cfg.Net
	if base == nil {
		n, err := stdnet.NewNet()
		if err != nil {
			return nil, nil, fmt.Errorf("network for media: %w", err)
		}
		base = n
	}
	filters, err := addressFilters(&se, cfg, base)
	if err != nil {
		return nil, nil, err
	}
	sockets, err := openPorts(&se, cfg, base, filters, lf)
	if err != nil {
		return nil, nil, err
	}
	sockets.me, sockets.se, sockets.receive = me, se, receive
	api := webrtc.NewAPI(webrtc.WithMediaEngine(me), webrtc.WithInterceptorRegistry(reg), webrtc.WithSettingEngine(se))
	// A connection that only sends (the subscriber connection of the
	// two-connection path) needs none of them: without interceptors it
	// runs no NACK, TWCC or report loops (each a ticker per connection,
	// 22 wake-ups a second together) and RTCP reaches our own readers
	// unchanged.
	sockets.sendOnly = webrtc.NewAPI(webrtc.WithMediaEngine(me), webrtc.WithInterceptorRegistry(&interceptor.Registry{}), webrtc.WithSettingEngine(se))
	return api, sockets, nil
}

// receiveInterceptors registers the codecs and the interceptors the
// receiving side needs: NACK generation toward publishers, receiver
// reports and transport-wide feedback for the publisher's bandwidth
// estimate. None of them touches sent packets, and none runs before the
// connection receives a stream (lazy_interceptor.go, sfu/twccfeedback).
// NACK responses and keyframe requests are handled by our own code from
// the shared packet cache, so pion's NACK responder (which copies every
// packet per subscriber) is left out. It returns the factories too, from
// which peerAPI makes each connection's own instances.
func receiveInterceptors(codecs CodecConfig, lf logging.LoggerFactory) (*webrtc.MediaEngine, *interceptor.Registry, []interceptor.Factory, error) {
	me := &webrtc.MediaEngine{}
	if err := registerCodecs(me, codecs); err != nil {
		return nil, nil, nil, err
	}
	// Retransmissions a publisher sends on its RTX SSRC never reach the
	// generator's log of the media SSRC, so without a cap it would keep
	// asking for a repaired packet until it leaves the window (seconds).
	gen, err := nack.NewGeneratorInterceptor(nack.WithGeneratorLoggerFactory(lf), nack.GeneratorMaxNacksPerPacket(maxNACKsPerPacket))
	if err != nil {
		return nil, nil, nil, fmt.Errorf("nack generator: %w", err)
	}
	// Each starts its loop with the first received stream (lazyFactory).
	receive := []interceptor.Factory{lazyFactory{gen}}
	// Receiver reports only: sender reports are sent by the room's ticker
	// from the down tracks' own counters (sender_reports.go), so nothing of
	// pion's wraps the packets written to subscribers.
	rr, err := report.NewReceiverInterceptor(report.WithReceiverLoggerFactory(lf))
	if err != nil {
		return nil, nil, nil, fmt.Errorf("rtcp receiver reports: %w", err)
	}
	receive = append(receive, lazyFactory{rr})
	// Transport-wide feedback toward publishers, negotiated as pion's
	// ConfigureTWCCSender does, but recorded and sent by our own
	// interceptor: pion's hands every received packet through an unbuffered
	// channel to its reporting goroutine, two wake-ups per packet
	// (sfu/twccfeedback).
	for _, kind := range []webrtc.RTPCodecType{webrtc.RTPCodecTypeVideo, webrtc.RTPCodecTypeAudio} {
		me.RegisterFeedback(webrtc.RTCPFeedback{Type: webrtc.TypeRTCPFBTransportCC}, kind)
		if err := me.RegisterHeaderExtension(webrtc.RTPHeaderExtensionCapability{URI: sdp.TransportCCURI}, kind); err != nil {
			return nil, nil, nil, fmt.Errorf("twcc extension: %w", err)
		}
	}
	receive = append(receive, twccfeedback.Factory{Log: slog.Default().With("component", "sfu")})
	reg := &interceptor.Registry{}
	for _, f := range receive {
		reg.Add(f)
	}
	return me, reg, receive, nil
}

// settingEngine is the settings every connection shares whatever its
// ports: SRTP profiles, ICE timeouts, loopback and a configured network.
func settingEngine(cfg WebRTCConfig, lf logging.LoggerFactory) webrtc.SettingEngine {
	se := webrtc.SettingEngine{LoggerFactory: lf}
	// AEAD-AES-128-GCM first: it encrypts a packet several times faster
	// than AES-CM with HMAC-SHA1 (pion runs CM one block at a time) and
	// does fewer rounds than AES-256. The order decides when we are the
	// DTLS server; every browser offers it.
	se.SetSRTPProtectionProfiles(dtls.SRTP_AEAD_AES_128_GCM, dtls.SRTP_AEAD_AES_256_GCM, dtls.SRTP_AES128_CM_HMAC_SHA1_80)
	se.SetIncludeLoopbackCandidate(cfg.IncludeLoopback)
	se.SetICETimeouts(iceDisconnectedTimeout, iceFailedTimeout, iceKeepaliveInterval)
	if cfg.Net != nil {
		se.SetNet(cfg.Net)
		se.SetICEMulticastDNSMode(ice.MulticastDNSModeDisabled)
	}
	return se
}

// candidateFilters is which interfaces and addresses candidates are
// gathered on (nil: all), and the host addresses each advertised 1:1 NAT
// address stands for.
type candidateFilters struct {
	iface  func(string) bool
	ip     func(net.IP) bool
	natted map[netip.Addr][]netip.Addr
}

// addressFilters sets on se the interfaces and addresses candidates are
// gathered on, and the rewriting of host candidates to the node IPs
// (node_ips.go).
func addressFilters(se *webrtc.SettingEngine, cfg WebRTCConfig, base piontransport.Net) (candidateFilters, error) {
	var (
		f          candidateFilters
		nodeFilter func(net.IP) bool
	)
	if len(cfg.NodeIPs) > 0 {
		local, err := localAddrs(base)
		if err != nil {
			return f, err
		}
		plan, err := nodeIPPlan(cfg.NodeIPs, local)
		if err != nil {
			return f, err
		}
		if err := se.SetICEAddressRewriteRules(plan.rules...); err != nil {
			return f, fmt.Errorf("node ips: %w", err)
		}
		nodeFilter = plan.only
		f.natted = plan.natted
	}
	f.iface, f.ip = cfg.interfaceFilter(), bothFilters(cfg.ipFilter(), nodeFilter)
	if f.iface != nil {
		se.SetInterfaceFilter(f.iface)
	}
	if f.ip != nil {
		se.SetIPFilter(f.ip)
	}
	return f, nil
}

// openPorts opens the media ports cfg names (the shared UDP port, whose
// sockets batch their writes and route reads, an ephemeral UDP port
// range, the shared TCP port) and sets them and the network types on se.
// With the shared UDP port, and unless cfg turns it off, connections get
// the direct path (sfu/direct).
func openPorts(se *webrtc.SettingEngine, cfg WebRTCConfig, base piontransport.Net, filters candidateFilters, lf logging.LoggerFactory) (*mediaSockets, error) {
	var networks []webrtc.NetworkType
	sockets := &mediaSockets{}
	fail := func(err error) (*mediaSockets, error) {
		_ = sockets.Close()
		return nil, err
	}
	if !cfg.DisableUDP {
		networks = append(networks, udpNetworks(cfg.IPv6)...)
		switch {
		case cfg.UDPPort > 0:
			// The shared port's sockets batch their writes on top of the
			// configured network (a virtual one in tests) or the host's.
			sockets.batch = sharedport.New(base, sharedport.Options{Segmentation: !cfg.NoSegmentation, NATted: filters.natted,
				Log: slog.Default().With("component", "sfu")})
			opts := []ice.UDPMuxFromPortOption{
				ice.UDPMuxFromPortWithNetworks(muxNetworks(cfg.IPv6)...),
				ice.UDPMuxFromPortWithLogger(lf.NewLogger("udpmux")),
				ice.UDPMuxFromPortWithNet(sockets.batch),
			}
			if cfg.IncludeLoopback {
				opts = append(opts, ice.UDPMuxFromPortWithLoopback())
			}
			if filters.iface != nil {
				opts = append(opts, ice.UDPMuxFromPortWithInterfaceFilter(filters.iface))
			}
			if filters.ip != nil {
				opts = append(opts, ice.UDPMuxFromPortWithIPFilter(filters.ip))
			}
			mux, err := ice.NewMultiUDPMuxFromPort(cfg.UDPPort, opts...)
			if err != nil {
				return fail(fmt.Errorf("udp port %d for media: %w", cfg.UDPPort, err))
			}
			se.SetICEUDPMux(mux)
			sockets.closers = append(sockets.closers, mux)
		case cfg.PortRangeStart > 0 && cfg.PortRangeEnd >= cfg.PortRangeStart:
			if err := se.SetEphemeralUDPPortRange(cfg.PortRangeStart, cfg.PortRangeEnd); err != nil {
				return fail(fmt.Errorf("port range: %w", err))
			}
		}
	}
	if cfg.TCPPort != 0 {
		ln, err := net.Listen("tcp", net.JoinHostPort(cfg.TCPListenIP, fmt.Sprint(max(cfg.TCPPort, 0))))
		if err != nil {
			return fail(fmt.Errorf("tcp port %d for media: %w", cfg.TCPPort, err))
		}
		mux := ice.NewTCPMuxDefault(ice.TCPMuxParams{
			Listener: ln, Logger: lf.NewLogger("tcpmux"),
			ReadBufferSize: 64, WriteBufferSize: 4 << 20,
		})
		se.SetICETCPMux(mux)
		sockets.closers = append(sockets.closers, mux)
		networks = append(networks, tcpNetworks(cfg.IPv6)...)
	}
	if len(networks) == 0 {
		return fail(errors.New("neither UDP nor TCP is enabled for media"))
	}
	se.SetNetworkTypes(networks)
	if sockets.batch != nil && !cfg.NoDirectSRTP {
		// Forwarded RTP can then skip pion's send path (sfu/direct),
		// which needs us to be the DTLS server; we already are whenever
		// we offer, as browsers answer "active".
		if err := se.SetAnsweringDTLSRole(webrtc.DTLSRoleServer); err != nil {
			return fail(fmt.Errorf("dtls role: %w", err))
		}
		sockets.direct = true
	}
	return sockets, nil
}

// mediaSockets owns the shared media ports, and the API for connections
// that only send media over them.
type mediaSockets struct {
	closers  multiCloser
	batch    *sharedport.Net // nil without a shared UDP port
	sendOnly *webrtc.API

	// direct: connections get a direct.Conn (sfu/direct), and with it
	// an API of their own carrying its DTLS hooks, built from these.
	direct  bool
	me      *webrtc.MediaEngine
	se      webrtc.SettingEngine
	receive []interceptor.Factory // the receiving side's interceptors
}

// peerAPI is the API for one new peer connection, its direct send path
// (nil when off), and its receive interceptors with each stream's reader
// kept by SSRC (nil for a connection that only sends). sendOnly picks the
// configuration without interceptors; shared is the API to use when
// there is no direct path and nothing is received.
func (m *mediaSockets) peerAPI(shared *webrtc.API, sendOnly bool, log *slog.Logger) (*webrtc.API, *direct.Conn, *sharedChain) {
	if !m.direct {
		if sendOnly {
			return shared, nil, nil
		}
		// The connection's own interceptor instances, so that a layer's
		// stream stays readable when pion reads another in its place
		// (Participant.keepReading).
		reg, chain, err := receiveChain(m.receive)
		if err != nil {
			log.Warn("receive interceptor; streams of this connection are read by pion alone", "err", err)
			return shared, nil, nil
		}
		return webrtc.NewAPI(webrtc.WithMediaEngine(m.me), webrtc.WithInterceptorRegistry(reg), webrtc.WithSettingEngine(m.se)), nil, chain
	}
	reg := &interceptor.Registry{}
	var streams *sharedChain
	var receive interceptor.Interceptor
	if !sendOnly {
		// This connection's own interceptor instances, so that streams
		// read past pion pass the same ones (sfu/direct).
		r, chain, err := receiveChain(m.receive)
		if err != nil {
			log.Warn("receive interceptor; media of this connection stays with pion", "err", err)
			return shared, nil, nil
		}
		reg, receive, streams = r, chain, chain
	}
	out := direct.New(direct.Config{Port: m.batch, SendOnly: sendOnly, Receive: receive, Log: log})
	se := m.se
	out.Configure(&se)
	return webrtc.NewAPI(webrtc.WithMediaEngine(m.me), webrtc.WithInterceptorRegistry(reg), webrtc.WithSettingEngine(se)), out, streams
}

// receiveChain makes one connection's receive interceptors from
// factories: the registry pion builds the connection's chain from, and
// the chain the direct path binds the streams it takes to. Both are the
// same sharedChain, so each stream is bound to the instances once.
func receiveChain(factories []interceptor.Factory) (*interceptor.Registry, *sharedChain, error) {
	var made []interceptor.Interceptor
	for _, f := range factories {
		i, err := f.NewInterceptor("")
		if err != nil {
			return nil, nil, fmt.Errorf("receive interceptor: %w", err)
		}
		made = append(made, i)
	}
	chain := &sharedChain{Interceptor: interceptor.NewChain(made), bound: map[uint32]interceptor.RTPReader{}, taken: map[uint32]bool{}}
	reg := &interceptor.Registry{}
	reg.Add(madeInterceptor{chain})
	return reg, chain, nil
}

// madeInterceptor hands pion an interceptor made beforehand.
type madeInterceptor struct{ i interceptor.Interceptor }

func (f madeInterceptor) NewInterceptor(string) (interceptor.Interceptor, error) { return f.i, nil }

// sharedChain is a connection's receive interceptors with each received
// stream bound once. pion binds a stream when it starts receiving it; the
// direct path binds it again when it takes the stream (sfu/direct),
// and takes it whether or not a direct route comes up (over TCP or a relay,
// or behind a NAT address that stands for several host addresses, it does
// not: sfu/direct). Bound twice, the NACK generator and the
// receiver reports started a fresh state for the SSRC that only packets
// read directly reached, and forgot the one pion's reads fed: without a
// direct route, no NACK and no report counted what the publisher sent.
//
// So the second binding reads through the first: the packet's source
// rides in the read's attributes down to the bottom of the first binding
// (sourceSwitch), which reads from it instead of from pion's stream. The
// interceptors keep their own locks, as pion's reader and the direct path
// may read at the same time.
type sharedChain struct {
	interceptor.Interceptor

	mu    sync.Mutex
	bound map[uint32]interceptor.RTPReader // by SSRC
	taken map[uint32]bool                  // handed out by take
}

// take hands out the reader of the stream with this SSRC, as pion bound
// it (through every interceptor), once: for a layer whose stream pion no
// longer reads. ok is false when the stream is not bound or was taken.
func (c *sharedChain) take(ssrc uint32) (interceptor.RTPReader, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	r, ok := c.bound[ssrc]
	if !ok || c.taken[ssrc] {
		return nil, false
	}
	c.taken[ssrc] = true
	return r, true
}

// readSourceKey is the attribute naming the reader a read of a shared
// binding takes its packet from.
type readSourceKey struct{}

func (c *sharedChain) BindRemoteStream(info *interceptor.StreamInfo, reader interceptor.RTPReader) interceptor.RTPReader {
	c.mu.Lock()
	defer c.mu.Unlock()
	if first, ok := c.bound[info.SSRC]; ok {
		return interceptor.RTPReaderFunc(func(b []byte, a interceptor.Attributes) (int, interceptor.Attributes, error) {
			if a == nil {
				a = interceptor.Attributes{}
			}
			a[readSourceKey{}] = reader
			return first.Read(b, a)
		})
	}
	r := c.Interceptor.BindRemoteStream(info, sourceSwitch{reader})
	c.bound[info.SSRC] = r
	return r
}

func (c *sharedChain) UnbindRemoteStream(info *interceptor.StreamInfo) {
	c.mu.Lock()
	delete(c.bound, info.SSRC)
	delete(c.taken, info.SSRC)
	c.mu.Unlock()
	c.Interceptor.UnbindRemoteStream(info)
}

// sourceSwitch is the bottom of a stream's first binding: it reads from
// the reader the attributes name, else from the one it was bound with.
type sourceSwitch struct{ reader interceptor.RTPReader }

func (s sourceSwitch) Read(b []byte, a interceptor.Attributes) (int, interceptor.Attributes, error) {
	if r, ok := a[readSourceKey{}].(interceptor.RTPReader); ok {
		delete(a, readSourceKey{})
		return r.Read(b, a)
	}
	return s.reader.Read(b, a)
}

// AfterFanout sends the datagrams queued on the shared UDP port at the
// end of a frame (sharedport.Net.AfterFanout).
func (m *mediaSockets) AfterFanout(endOfFrame bool) {
	if m.batch != nil {
		m.batch.AfterFanout(endOfFrame)
	}
}

// udpStats counts what the shared UDP port sent (zero without one).
func (m *mediaSockets) udpStats() sharedport.Stats {
	if m.batch == nil {
		return sharedport.Stats{}
	}
	return m.batch.Stats()
}

func (m *mediaSockets) Close() error { return m.closers.Close() }

// maxNACKsPerPacket is how often a missing packet is asked for: enough for
// a lost retransmission to be asked for again, few enough that a packet
// repaired over RTX is not asked for for seconds.
const maxNACKsPerPacket = 3

func (c WebRTCConfig) interfaceFilter() func(string) bool {
	if len(c.Interfaces) == 0 {
		return nil
	}
	names := slices.Clone(c.Interfaces)
	return func(name string) bool { return slices.Contains(names, name) }
}

func (c WebRTCConfig) ipFilter() func(net.IP) bool {
	if len(c.IPs) == 0 {
		return nil
	}
	prefixes := slices.Clone(c.IPs)
	return func(ip net.IP) bool {
		a, ok := netip.AddrFromSlice(ip)
		if !ok {
			return false
		}
		a = a.Unmap()
		return slices.ContainsFunc(prefixes, func(p netip.Prefix) bool { return p.Contains(a) })
	}
}

// bothFilters keeps an address that both filters keep; a nil filter
// keeps every address.
func bothFilters(a, b func(net.IP) bool) func(net.IP) bool {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	return func(ip net.IP) bool { return a(ip) && b(ip) }
}

type multiCloser []io.Closer

func (m multiCloser) Close() error {
	var errs []error
	for _, c := range m {
		errs = append(errs, c.Close())
	}
	return errors.Join(errs...)
}

// ResolveNodeIPs returns the addresses to advertise in ICE candidates:
// nodeIPs when set, else the public address a STUN server sees (when
// stunServer is set), else the addresses of the named interface, else none
// (pion then advertises every interface address).
func ResolveNodeIPs(ctx context.Context, nodeIPs []string, stunServer, iface string) ([]string, error) {
	switch {
	case len(nodeIPs) > 0:
		return nodeIPs, nil
	case stunServer != "":
		ip, err := DiscoverPublicIP(ctx, stunServer)
		if err != nil {
			return nil, err
		}
		return []string{ip.String()}, nil
	case iface != "":
		return InterfaceIPs(iface)
	}
	return nil, nil
}

// InterfaceIPs lists the unicast addresses of one interface.
func InterfaceIPs(name string) ([]string, error) {
	ifc, err := net.InterfaceByName(name)
	if err != nil {
		return nil, fmt.Errorf("interface %q: %w", name, err)
	}
	addrs, err := ifc.Addrs()
	if err != nil {
		return nil, fmt.Errorf("addresses of %q: %w", name, err)
	}
	var ips []string
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && !n.IP.IsLinkLocalUnicast() {
			ips = append(ips, n.IP.String())
		}
	}
	if len(ips) == 0 {
		return nil, fmt.Errorf("interface %q has no usable address", name)
	}
	return ips, nil
}

// DiscoverPublicIP asks a STUN server ("stun:host:port" or "host:port")
// which address our UDP packets come from.
func DiscoverPublicIP(ctx context.Context, server string) (net.IP, error) {
	hostPort := strings.TrimPrefix(server, "stun:")
	if _, _, err := net.SplitHostPort(hostPort); err != nil {
		hostPort = net.JoinHostPort(hostPort, "3478")
	}
	var d net.Dialer
	conn, err := d.DialContext(ctx, "udp4", hostPort)
	if err != nil {
		return nil, fmt.Errorf("stun discovery via %s: %w", server, err)
	}
	defer conn.Close()
	deadline := time.Now().Add(5 * time.Second)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	_ = conn.SetDeadline(deadline)
	req := stun.MustBuild(stun.TransactionID, stun.BindingRequest, stun.Fingerprint)
	buf := make([]byte, 1500)
	// UDP may lose a packet: ask up to three times before giving up.
	for attempt := 0; attempt < 3; attempt++ {
		if _, err := conn.Write(req.Raw); err != nil {
			return nil, fmt.Errorf("stun discovery via %s: %w", server, err)
		}
		wait := time.Now().Add(time.Duration(attempt+1) * time.Second)
		if wait.After(deadline) {
			wait = deadline
		}
		_ = conn.SetReadDeadline(wait)
		n, err := conn.Read(buf)
		if err != nil {
			if time.Now().Before(deadline) {
				continue
			}
			return nil, fmt.Errorf("stun discovery via %s: no answer: %w", server, err)
		}
		res := &stun.Message{Raw: append([]byte(nil), buf[:n]...)}
		if err := res.Decode(); err != nil || res.TransactionID != req.TransactionID {
			continue
		}
		var xor stun.XORMappedAddress
		if err := xor.GetFrom(res); err != nil {
			return nil, fmt.Errorf("stun discovery via %s: answer without address: %w", server, err)
		}
		return xor.IP, nil
	}
	return nil, fmt.Errorf("stun discovery via %s: no answer", server)
}
