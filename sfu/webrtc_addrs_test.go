package sfu

import (
	"bytes"
	"io"
	"log/slog"
	"net"
	"net/netip"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/pion/logging"
	"github.com/pion/rtcp"
	"github.com/pion/rtp"
	piontransport "github.com/pion/transport/v4"
	"github.com/pion/transport/v4/stdnet"
	"github.com/pion/transport/v4/vnet"
	"github.com/pion/webrtc/v4"

	"souk/sfu/forward"
)

// virtualHost is a pion virtual network host with two addresses on its
// eth0 (and 127.0.0.1 and ::1 on lo0), closed when the test ends.
func virtualHost(t *testing.T) *vnet.Net {
	t.Helper()
	router, err := vnet.NewRouter(&vnet.RouterConfig{CIDR: "10.0.0.0/24", LoggerFactory: logging.NewDefaultLoggerFactory()})
	if err != nil {
		t.Fatal(err)
	}
	n, err := vnet.NewNet(&vnet.NetConfig{StaticIPs: []string{"10.0.0.2", "10.0.0.3"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := router.AddNet(n); err != nil {
		t.Fatal(err)
	}
	if err := router.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = router.Stop() })
	return n
}

// The node addresses become the host candidates, each on the socket of
// its own address: a node IP the host has is advertised as itself and the
// host's other addresses are left out; a node IP it does not have (a 1:1
// NAT in front of it) stands for its addresses; loopback addresses, which
// development mode offers, are never rewritten. The same holds on the
// shared UDP port and on ephemeral ports.
func TestNodeIPCandidates(t *testing.T) {
	cases := []struct {
		name     string
		nodeIPs  []string
		loopback bool
		want     []string
	}{
		{"no node ips", nil, false, []string{"10.0.0.2", "10.0.0.3"}},
		{"the host's second address", []string{"10.0.0.3"}, false, []string{"10.0.0.3"}},
		{"both addresses", []string{"10.0.0.3", "10.0.0.2"}, false, []string{"10.0.0.2", "10.0.0.3"}},
		{"behind a 1:1 NAT", []string{"203.0.113.5"}, false, []string{"203.0.113.5"}},
		{"development mode behind a NAT", []string{"203.0.113.5"}, true, []string{"127.0.0.1", "203.0.113.5"}},
		{"development mode with the second address", []string{"10.0.0.3"}, true, []string{"10.0.0.3", "127.0.0.1"}},
	}
	for _, tc := range cases {
		for _, port := range []int{0, 40000} {
			name := tc.name + "/ephemeral ports"
			if port != 0 {
				name = tc.name + "/shared port"
			}
			t.Run(name, func(t *testing.T) {
				cfg := WebRTCConfig{Net: virtualHost(t), NodeIPs: tc.nodeIPs, IncludeLoopback: tc.loopback, UDPPort: port}
				var got []string
				for _, c := range gather(t, cfg) {
					if !slices.Contains(got, c.Address()) {
						got = append(got, c.Address())
					}
				}
				slices.Sort(got)
				if !slices.Equal(got, tc.want) {
					t.Errorf("candidates at %v, want %v", got, tc.want)
				}
			})
		}
	}
}

// twoLoopbackNet is the host's network with 127.0.0.2 added to lo: to
// pion, a host with two addresses on one interface. Linux accepts sockets
// on any 127.0.0.0/8 address without it being configured.
type twoLoopbackNet struct{ piontransport.Net }

func (n twoLoopbackNet) Interfaces() ([]*piontransport.Interface, error) {
	ifaces, err := n.Net.Interfaces()
	if err != nil {
		return nil, err
	}
	// Copies: the base network hands out the same interfaces every time.
	out := make([]*piontransport.Interface, 0, len(ifaces))
	for _, ifc := range ifaces {
		c := piontransport.NewInterface(ifc.Interface)
		addrs, _ := ifc.Addrs()
		for _, a := range addrs {
			c.AddAddress(a)
		}
		if ifc.Flags&net.FlagLoopback != 0 {
			c.AddAddress(&net.IPNet{IP: net.IPv4(127, 0, 0, 2), Mask: net.CIDRMask(8, 32)})
		}
		out = append(out, c)
	}
	return out, nil
}

func (n twoLoopbackNet) InterfaceByName(name string) (*piontransport.Interface, error) {
	ifaces, err := n.Interfaces()
	if err != nil {
		return nil, err
	}
	for _, ifc := range ifaces {
		if ifc.Name == name {
			return ifc, nil
		}
	}
	return nil, &net.AddrError{Err: "no such interface", Addr: name}
}

func (n twoLoopbackNet) InterfaceByIndex(index int) (*piontransport.Interface, error) {
	ifaces, err := n.Interfaces()
	if err != nil {
		return nil, err
	}
	for _, ifc := range ifaces {
		if ifc.Index == index {
			return ifc, nil
		}
	}
	return nil, &net.AddrError{Err: "no such interface index", Addr: "?"}
}

// A server with two addresses on one interface that advertises the
// second (media.node_ips) on the shared UDP port: forwarded media, sent
// straight to the socket of the selected pair (sfu/direct), reaches a
// real pion subscriber. When the candidate for the second address was
// backed by the first address's socket, the subscriber's checks to the
// second address found nothing, it knew the server by the first address
// (peer-reflexive), and dropped the media that came from the second.
func TestTwoAddressesMediaReachesSubscriber(t *testing.T) {
	base, err := stdnet.NewNet()
	if err != nil {
		t.Fatal(err)
	}
	probe, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	port := probe.LocalAddr().(*net.UDPAddr).Port
	probe.Close()
	api, sockets, err := newAPI(WebRTCConfig{UDPPort: port, IncludeLoopback: true, NodeIPs: []string{"127.0.0.2"},
		Interfaces: []string{"lo"}, Net: twoLoopbackNet{base}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sockets.Close() })
	if s, _ := sockets.batch.SocketFor(mustAddrPort(t, "127.0.0.2", port)); s == nil {
		t.Fatal("no shared socket on 127.0.0.2: the test's network does not show two addresses")
	}

	const packets = 60
	var (
		mu   sync.Mutex
		seen = map[byte]bool{}
	)
	link := downLink{sockets: sockets, client: func(se *webrtc.SettingEngine) {
		se.SetInterfaceFilter(func(name string) bool { return name == "lo" })
	}, onPacket: func(p *rtp.Packet) {
		if len(p.Payload) > 2 {
			mu.Lock()
			seen[p.Payload[2]] = true
			mu.Unlock()
		}
	}}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	recv := forward.NewReceiver(forward.ReceiverConfig{TrackID: "TR_two", Kind: webrtc.RTPCodecTypeVideo,
		SendRTCP: func([]rtcp.Packet) error { return nil }, Payloads: codecPayloads{}, Log: log, AfterFanout: sockets.AfterFanout})
	next := make(chan []byte, packets)
	for i := 1; i <= packets; i++ {
		pkt, err := (&rtp.Packet{Header: rtp.Header{Version: 2, PayloadType: 96, SSRC: 777, SequenceNumber: uint16(i),
			Timestamp: uint32(i) * 3000, Marker: true}, Payload: append([]byte{0x10, 0x00}, bytes.Repeat([]byte{byte(i)}, 500)...)}).Marshal()
		if err != nil {
			t.Fatal(err)
		}
		next <- pkt
	}
	done := make(chan struct{})
	defer close(done)
	vp8 := webrtc.RTPCodecParameters{RTPCodecCapability: webrtc.RTPCodecCapability{MimeType: webrtc.MimeTypeVP8, ClockRate: 90000}, PayloadType: 96}
	run, _ := recv.AddLayer(forward.Layer{SSRC: 777, Codec: vp8}, readQueued(next, done))
	var cli *webrtc.PeerConnection
	link.onClient = func(pc *webrtc.PeerConnection) { cli = pc }
	d, closeLink := connectDown(t, api, link, func(wrap func(webrtc.TrackLocalWriter) webrtc.TrackLocalWriter) *forward.DownTrack {
		return forward.NewDownTrack(forward.DownTrackConfig{Receiver: recv, TrackID: "TR_two", StreamID: "PA_two|TR_two",
			Subscriber: "sub", Log: log, WrapWriter: wrap})
	})
	defer closeLink()
	recv.AddDown(d)
	go run()

	deadline := time.Now().Add(30 * time.Second)
	for {
		mu.Lock()
		got := len(seen)
		mu.Unlock()
		if got == packets {
			break
		}
		if time.Now().After(deadline) {
			pair := "none"
			if p, err := cli.SCTP().Transport().ICETransport().GetSelectedCandidatePair(); err == nil && p != nil {
				pair = p.String()
			}
			t.Fatalf("%d of %d packets arrived (subscriber's pair %s, %d sent directly)", got, packets, pair, sockets.udpStats().Direct)
		}
		time.Sleep(20 * time.Millisecond)
	}
	// The subscriber reached the server at an advertised address, not at
	// one it learnt from where the server's checks came from.
	p, err := cli.SCTP().Transport().ICETransport().GetSelectedCandidatePair()
	if err != nil || p == nil {
		t.Fatalf("no selected pair: %v", err)
	}
	if p.Remote.Typ != webrtc.ICECandidateTypeHost {
		t.Errorf("the subscriber talks to %s %s:%d, want a host candidate", p.Remote.Typ, p.Remote.Address, p.Remote.Port)
	}
	if sockets.udpStats().Direct == 0 {
		t.Error("nothing was sent on the direct path")
	}
}

func mustAddrPort(t *testing.T, ip string, port int) netip.AddrPort {
	t.Helper()
	a, err := netip.ParseAddr(ip)
	if err != nil {
		t.Fatal(err)
	}
	return netip.AddrPortFrom(a, uint16(port))
}
