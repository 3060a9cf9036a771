package sfu

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/netip"
	"slices"
	"time"

	"github.com/pion/dtls/v3"
	"github.com/pion/ice/v4"
	"github.com/pion/interceptor"
	"github.com/pion/logging"
	"github.com/pion/sdp/v3"
	piontransport "github.com/pion/transport/v4"
	"github.com/pion/transport/v4/stdnet"
	"github.com/pion/webrtc/v4"

	"souk/pionlog"
	"souk/sfu/direct"
	"souk/sfu/nodeip"
	"souk/sfu/receivechain"
	"souk/sfu/sharedport"
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
// connection receives a stream (sfu/receivechain).
// NACK responses and keyframe requests are handled by our own code from
// the shared packet cache, so pion's NACK responder (which copies every
// packet per subscriber) is left out. It returns the factories too, from
// which peerAPI makes each connection's own instances.
func receiveInterceptors(codecs CodecConfig, lf logging.LoggerFactory) (*webrtc.MediaEngine, *interceptor.Registry, []interceptor.Factory, error) {
	me := &webrtc.MediaEngine{}
	if err := registerCodecs(me, codecs); err != nil {
		return nil, nil, nil, err
	}
	receive, err := receivechain.Factories(lf, slog.Default().With("component", "sfu"))
	if err != nil {
		return nil, nil, nil, err
	}
	// Transport-wide feedback toward publishers, negotiated as pion's
	// ConfigureTWCCSender does, but recorded and sent by our own
	// interceptor (sfu/twccfeedback).
	for _, kind := range []webrtc.RTPCodecType{webrtc.RTPCodecTypeVideo, webrtc.RTPCodecTypeAudio} {
		me.RegisterFeedback(webrtc.RTCPFeedback{Type: webrtc.TypeRTCPFBTransportCC}, kind)
		if err := me.RegisterHeaderExtension(webrtc.RTPHeaderExtensionCapability{URI: sdp.TransportCCURI}, kind); err != nil {
			return nil, nil, nil, fmt.Errorf("twcc extension: %w", err)
		}
	}
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
// (sfu/nodeip).
func addressFilters(se *webrtc.SettingEngine, cfg WebRTCConfig, base piontransport.Net) (candidateFilters, error) {
	var (
		f          candidateFilters
		nodeFilter func(net.IP) bool
	)
	if len(cfg.NodeIPs) > 0 {
		local, err := nodeip.LocalAddrs(base)
		if err != nil {
			return f, err
		}
		plan, err := nodeip.NewPlan(cfg.NodeIPs, local)
		if err != nil {
			return f, err
		}
		if err := se.SetICEAddressRewriteRules(plan.Rules...); err != nil {
			return f, fmt.Errorf("node ips: %w", err)
		}
		nodeFilter = plan.Only
		f.natted = plan.NATted
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
func (m *mediaSockets) peerAPI(shared *webrtc.API, sendOnly bool, log *slog.Logger) (*webrtc.API, *direct.Conn, *receivechain.Chain) {
	if !m.direct {
		if sendOnly {
			return shared, nil, nil
		}
		// The connection's own interceptor instances, so that a layer's
		// stream stays readable when pion reads another in its place
		// (Participant.keepReading).
		reg, chain, err := receivechain.New(m.receive)
		if err != nil {
			log.Warn("receive interceptor; streams of this connection are read by pion alone", "err", err)
			return shared, nil, nil
		}
		return webrtc.NewAPI(webrtc.WithMediaEngine(m.me), webrtc.WithInterceptorRegistry(reg), webrtc.WithSettingEngine(m.se)), nil, chain
	}
	reg := &interceptor.Registry{}
	var streams *receivechain.Chain
	var receive interceptor.Interceptor
	if !sendOnly {
		// This connection's own interceptor instances, so that streams
		// read past pion pass the same ones (sfu/direct).
		r, chain, err := receivechain.New(m.receive)
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

// udpNetworks, tcpNetworks and muxNetworks are the ICE networks gathered:
// IPv4 only unless IPv6 is asked for. A host's IPv6 addresses are often
// unroutable (ULA, link-local) or unmapped by NodeIPs; offering them only
// costs browsers failed checks and fills the log with pion's warnings.
func udpNetworks(ipv6 bool) []webrtc.NetworkType {
	if ipv6 {
		return []webrtc.NetworkType{webrtc.NetworkTypeUDP4, webrtc.NetworkTypeUDP6}
	}
	return []webrtc.NetworkType{webrtc.NetworkTypeUDP4}
}

func tcpNetworks(ipv6 bool) []webrtc.NetworkType {
	if ipv6 {
		return []webrtc.NetworkType{webrtc.NetworkTypeTCP4, webrtc.NetworkTypeTCP6}
	}
	return []webrtc.NetworkType{webrtc.NetworkTypeTCP4}
}

func muxNetworks(ipv6 bool) []ice.NetworkType {
	if ipv6 {
		return []ice.NetworkType{ice.NetworkTypeUDP4, ice.NetworkTypeUDP6}
	}
	return []ice.NetworkType{ice.NetworkTypeUDP4}
}
