package direct

import (
	"bytes"
	"io"
	"log/slog"
	"net"
	"net/netip"
	"strings"
	"testing"

	"github.com/pion/rtp"
	"github.com/pion/srtp/v3"
	"github.com/pion/transport/v4/stdnet"
	"github.com/pion/webrtc/v4"

	"souk/sfu/dtlskeys"
	"souk/sfu/sharedport"
)

// TestWriterMarshal lays packets out as pion's marshaller does,
// padding included, and refuses what would not fit with its SRTP tag.
func TestWriterMarshal(t *testing.T) {
	w := &writer{buf: make([]byte, directBufSize)}
	cases := []struct {
		name    string
		hdr     rtp.Header
		payload []byte
	}{
		{"plain", rtp.Header{Version: 2, PayloadType: 96, SequenceNumber: 7, Timestamp: 9, SSRC: 5, Marker: true}, []byte{1, 2, 3}},
		{"padding only", rtp.Header{Version: 2, PayloadType: 96, SequenceNumber: 8, SSRC: 5, Padding: true, PaddingSize: 200}, nil},
		{"extension", func() rtp.Header {
			h := rtp.Header{Version: 2, PayloadType: 111, SequenceNumber: 1, SSRC: 6}
			if err := h.SetExtension(3, []byte{0x12, 0x34}); err != nil {
				t.Fatal(err)
			}
			return h
		}(), bytes.Repeat([]byte{0xab}, 100)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			want, err := (&rtp.Packet{Header: tc.hdr, Payload: tc.payload, PaddingSize: tc.hdr.PaddingSize}).Marshal()
			if err != nil {
				t.Fatal(err)
			}
			n, headerLen, ok := w.marshal(&tc.hdr, tc.payload)
			if !ok || !bytes.Equal(w.buf[:n], want) {
				t.Fatalf("marshal = %x (%v), want %x", w.buf[:n], ok, want)
			}
			if headerLen != tc.hdr.MarshalSize() {
				t.Fatalf("header length %d, want %d", headerLen, tc.hdr.MarshalSize())
			}
		})
	}
	if _, _, ok := w.marshal(&rtp.Header{Version: 2}, make([]byte, directBufSize-12-srtpTagRoom+1)); ok {
		t.Fatal("a packet without room for its tag was accepted")
	}
}

// A connection whose selected pair's local candidate is the NAT's public
// address gets the direct route on the socket of the host address behind
// it; before, it found "no shared socket" at the public address and every
// connection behind a 1:1 NAT sent through pion. When the public address
// stands for several sockets it stays with pion, as the candidate does not
// say which one is its own.
func TestRouteBehindNAT(t *testing.T) {
	base, err := stdnet.NewNet()
	if err != nil {
		t.Fatal(err)
	}
	public := netip.MustParseAddr("203.0.113.5")
	// port opens the shared port's sockets on 127.0.0.1 and 127.0.0.2 (one
	// port number for both), with natted as the NAT plan.
	port := func(t *testing.T, natted map[netip.Addr][]netip.Addr) (*sharedport.Net, int) {
		t.Helper()
		n := sharedport.New(base, sharedport.Options{NATted: natted, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
		first, err := n.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { first.Close() })
		p := first.LocalAddr().(*net.UDPAddr).Port
		second, err := n.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 2), Port: p})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { second.Close() })
		return n, p
	}

	cases := []struct {
		name     string
		natted   []string
		local    string
		wantAt   string // "": no route
		whyMatch string
	}{
		{name: "host address", local: "127.0.0.2", wantAt: "127.0.0.2"},
		{name: "public address of one host address", natted: []string{"127.0.0.2"}, local: public.String(), wantAt: "127.0.0.2"},
		{name: "public address without a NAT plan", local: public.String(), whyMatch: "no shared socket"},
		{name: "public address of two host addresses", natted: []string{"127.0.0.1", "127.0.0.2"}, local: public.String(), whyMatch: "several"},
		{name: "public address of an address without a socket", natted: []string{"127.0.0.9"}, local: public.String(), whyMatch: "no shared socket"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var natted map[netip.Addr][]netip.Addr
			for _, a := range tc.natted {
				if natted == nil {
					natted = map[netip.Addr][]netip.Addr{}
				}
				natted[public] = append(natted[public], netip.MustParseAddr(a))
			}
			shared, port := port(t, natted)
			d := New(Config{Port: shared, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
			d.keys = &dtlskeys.Keys{Profile: srtp.ProtectionProfileAeadAes128Gcm}
			pair := &webrtc.ICECandidatePair{
				Local:  &webrtc.ICECandidate{Protocol: webrtc.ICEProtocolUDP, Typ: webrtc.ICECandidateTypeHost, Address: tc.local, Port: uint16(port)},
				Remote: &webrtc.ICECandidate{Protocol: webrtc.ICEProtocolUDP, Typ: webrtc.ICECandidateTypeHost, Address: "198.51.100.7", Port: 50000},
			}
			r, why := d.resolveLocked(pair)
			if tc.wantAt == "" {
				if r != nil {
					t.Fatalf("route on %s, want none", r.conn.LocalAddr())
				}
				if !strings.Contains(why, tc.whyMatch) {
					t.Errorf("reason %q, want one saying %q", why, tc.whyMatch)
				}
				return
			}
			if r == nil {
				t.Fatalf("no route: %s", why)
			}
			if got := r.conn.LocalAddr().(*net.UDPAddr).IP.String(); got != tc.wantAt {
				t.Errorf("route on the socket at %s, want %s", got, tc.wantAt)
			}
			if want := netip.MustParseAddrPort("198.51.100.7:50000"); r.to != want {
				t.Errorf("route to %s, want %s", r.to, want)
			}
		})
	}
}
