package sfu

import (
	"fmt"
	"net"
	"strings"
	"testing"

	"github.com/pion/ice/v4"
)

// hostHasIPv6 tells whether this host has an IPv6 address other than ::1,
// which pion would gather with IPv6 on.
func hostHasIPv6(t *testing.T) bool {
	t.Helper()
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && n.IP.To4() == nil && !n.IP.IsLoopback() {
			return true
		}
	}
	return false
}

// IPv6 candidates (UDP and TCP) are gathered only with IPv6 on: a host's
// ULA or link-local addresses never reach clients of an IPv4 deployment.
func TestIPv6CandidatesOnlyWhenAsked(t *testing.T) {
	v6 := hostHasIPv6(t)
	for _, tc := range []struct {
		name string
		cfg  WebRTCConfig
		want bool // IPv6 candidates expected (on a host that has an IPv6 address)
	}{
		{"IPv4 node ips", WebRTCConfig{NodeIPs: []string{"203.0.113.5"}, UDPPort: 0, TCPPort: -1}, false},
		{"no node ips", WebRTCConfig{TCPPort: -1}, false},
		{"IPv6 on", WebRTCConfig{IPv6: true, TCPPort: -1}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, c := range gather(t, tc.cfg) {
				if c.NetworkType() == ice.NetworkTypeUDP6 || c.NetworkType() == ice.NetworkTypeTCP6 {
					got = append(got, c.String())
				}
			}
			switch {
			case !tc.want && len(got) > 0:
				t.Errorf("IPv6 candidates gathered: %v", got)
			case tc.want && v6 && len(got) == 0:
				t.Error("no IPv6 candidate although the host has an IPv6 address")
			case !v6:
				t.Log("this host has no IPv6 address besides ::1: the gathered list cannot show the difference here")
			}
		})
	}
	for _, tc := range []struct {
		ipv6 bool
		udp  string
		tcp  string
	}{{false, "[udp4]", "[tcp4]"}, {true, "[udp4 udp6]", "[tcp4 tcp6]"}} {
		if got := fmtNetworks(udpNetworks(tc.ipv6)); got != tc.udp {
			t.Errorf("udp networks with ipv6=%v: %s, want %s", tc.ipv6, got, tc.udp)
		}
		if got := fmtNetworks(tcpNetworks(tc.ipv6)); got != tc.tcp {
			t.Errorf("tcp networks with ipv6=%v: %s, want %s", tc.ipv6, got, tc.tcp)
		}
	}
}

func fmtNetworks[T fmt.Stringer](n []T) string {
	var parts []string
	for _, x := range n {
		parts = append(parts, x.String())
	}
	return "[" + strings.Join(parts, " ") + "]"
}
