package sfu

import (
	"io"
	"log/slog"
	"net"
	"net/netip"
	"slices"
	"strings"
	"testing"

	"github.com/pion/srtp/v3"
	"github.com/pion/transport/v4/stdnet"
	"github.com/pion/webrtc/v4"

	"souk/sfu/dtlskeys"
)

// Behind a 1:1 NAT the node IP is none of the host's addresses: each of
// the host's other addresses of that family is advertised as it, and
// loopback and the node IPs the host has keep their own.
func TestNodeIPPlanNATAddresses(t *testing.T) {
	addrs := func(ss ...string) []netip.Addr {
		var out []netip.Addr
		for _, s := range ss {
			out = append(out, netip.MustParseAddr(s))
		}
		return out
	}
	local := addrs("127.0.0.1", "10.0.0.2", "10.0.0.3", "::1", "fd00::2")
	cases := []struct {
		name    string
		nodeIPs []string
		want    map[netip.Addr][]netip.Addr
	}{
		{"no NAT", []string{"10.0.0.3"}, nil},
		{"one public address", []string{"203.0.113.5"}, map[netip.Addr][]netip.Addr{
			netip.MustParseAddr("203.0.113.5"): addrs("10.0.0.2", "10.0.0.3")}},
		{"public and own address", []string{"203.0.113.5", "10.0.0.3"}, map[netip.Addr][]netip.Addr{
			netip.MustParseAddr("203.0.113.5"): addrs("10.0.0.2")}},
		{"IPv6 public address", []string{"2001:db8::5"}, map[netip.Addr][]netip.Addr{
			netip.MustParseAddr("2001:db8::5"): addrs("fd00::2")}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			plan, err := nodeIPPlan(tc.nodeIPs, local)
			if err != nil {
				t.Fatal(err)
			}
			if len(plan.natted) != len(tc.want) {
				t.Fatalf("NAT addresses %v, want %v", plan.natted, tc.want)
			}
			for ext, want := range tc.want {
				if got := plan.natted[ext]; !slices.Equal(got, want) {
					t.Errorf("%s stands for %v, want %v", ext, got, want)
				}
			}
		})
	}
}

// A connection whose selected pair's local candidate is the NAT's public
// address gets the direct route on the socket of the host address behind
// it; before, it found "no shared socket" at the public address and every
// connection behind a 1:1 NAT sent through pion. When the public address
// stands for several sockets it stays with pion, as the candidate does not
// say which one is its own.
func TestDirectRouteBehindNAT(t *testing.T) {
	base, err := stdnet.NewNet()
	if err != nil {
		t.Fatal(err)
	}
	public := netip.MustParseAddr("203.0.113.5")
	batch := newBatchNet(base, false, slog.New(slog.NewTextHandler(io.Discard, nil)))
	first, err := batch.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { first.Close() })
	port := first.LocalAddr().(*net.UDPAddr).Port
	second, err := batch.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 2), Port: port})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { second.Close() })

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
			batch.natted = nil
			for _, a := range tc.natted {
				if batch.natted == nil {
					batch.natted = map[netip.Addr][]netip.Addr{}
				}
				batch.natted[public] = append(batch.natted[public], netip.MustParseAddr(a))
			}
			d := newDirectOut(batch, slog.New(slog.NewTextHandler(io.Discard, nil)))
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
