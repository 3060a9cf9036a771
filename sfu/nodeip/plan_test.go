package nodeip

import (
	"net/netip"
	"slices"
	"testing"
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
			plan, err := NewPlan(tc.nodeIPs, local)
			if err != nil {
				t.Fatal(err)
			}
			if len(plan.NATted) != len(tc.want) {
				t.Fatalf("NAT addresses %v, want %v", plan.NATted, tc.want)
			}
			for ext, want := range tc.want {
				if got := plan.NATted[ext]; !slices.Equal(got, want) {
					t.Errorf("%s stands for %v, want %v", ext, got, want)
				}
			}
		})
	}
}
