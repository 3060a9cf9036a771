package nodeip

import (
	"fmt"
	"net"
	"net/netip"
	"slices"

	piontransport "github.com/pion/transport/v4"
	"github.com/pion/webrtc/v4"
)

// Plan is how host candidates advertise the node IPs (NewPlan).
type Plan struct {
	Rules []webrtc.ICEAddressRewriteRule
	Only  func(net.IP) bool // the addresses to gather on; nil: all
	// NATted maps each node IP that is not the host's own (the public
	// side of a 1:1 NAT) to the host's addresses it is advertised for:
	// the sockets a candidate at that address may be (sfu/direct).
	NATted map[netip.Addr][]netip.Addr
}

// NewPlan is how host candidates advertise nodeIPs, given the host's
// own addresses (local): address rewrite rules, a filter of the addresses
// to gather on, and which local addresses each NAT address stands for.
//
// Every candidate must name the socket it is gathered on, or an address
// that is not the host's own: with one socket per address on the shared
// UDP port, the packets of a pair leave from the socket of its local
// candidate, and the direct send path (sfu/direct) finds that socket
// by the candidate's address. pion's plain 1:1 mapping (SetNAT1To1IPs)
// gives every local address the node address instead, so on a host with
// two addresses that advertises the second, the candidate kept for it was
// the first address's socket: the browser's checks to the second address
// found no connection, and media sent from the second address's socket
// was dropped by the browser, which knew the pair by the first one. With
// loopback candidates on (development), the loopback socket took the node
// address too, and checks from it to a non-loopback peer failed (EINVAL).
//
// So: loopback addresses are never rewritten; a node IP that is an
// address of this host is advertised as itself, on its own socket; the
// host's other addresses of that family stand for the node IPs that are
// not its own (a 1:1 NAT in front of it), or, when all the node IPs of
// the family are its own, are not gathered at all. A family without a
// node IP is left as gathered.
func NewPlan(nodeIPs []string, local []netip.Addr) (Plan, error) {
	host := webrtc.ICECandidateTypeHost
	// An address kept as itself. Its own CIDR puts each such rule in a
	// scope of its own, which pion would otherwise warn about on every
	// connection as overlapping the others of the family.
	self := func(a netip.Addr) webrtc.ICEAddressRewriteRule {
		return webrtc.ICEAddressRewriteRule{Local: a.String(), CIDR: netip.PrefixFrom(a, a.BitLen()).String(),
			External: []string{a.String()}, Mode: webrtc.ICEAddressRewriteReplace, AsCandidateType: host}
	}
	var rules []webrtc.ICEAddressRewriteRule
	for _, a := range local {
		if a.IsLoopback() {
			rules = append(rules, self(a))
		}
	}
	type family struct {
		present  bool
		own      []netip.Addr
		external []string
		networks []webrtc.NetworkType
	}
	v4 := &family{networks: []webrtc.NetworkType{webrtc.NetworkTypeUDP4, webrtc.NetworkTypeTCP4}}
	v6 := &family{networks: []webrtc.NetworkType{webrtc.NetworkTypeUDP6, webrtc.NetworkTypeTCP6}}
	familyOf := func(a netip.Addr) *family {
		if a.Is4() {
			return v4
		}
		return v6
	}
	for _, s := range nodeIPs {
		a, err := netip.ParseAddr(s)
		if err != nil {
			return Plan{}, fmt.Errorf("node ip %q: %w", s, err)
		}
		a = a.Unmap()
		f := familyOf(a)
		f.present = true
		if slices.Contains(local, a) {
			if !slices.Contains(f.own, a) {
				f.own = append(f.own, a)
				if !a.IsLoopback() {
					rules = append(rules, self(a))
				}
			}
			continue
		}
		if !slices.Contains(f.external, a.String()) {
			f.external = append(f.external, a.String())
		}
	}
	plan := Plan{}
	// The rule without a CIDR rewrites the family's addresses that no
	// rule of their own keeps: neither loopback nor a node IP.
	for _, a := range local {
		f := familyOf(a)
		if a.IsLoopback() || len(f.external) == 0 || slices.Contains(f.own, a) {
			continue
		}
		if plan.NATted == nil {
			plan.NATted = map[netip.Addr][]netip.Addr{}
		}
		for _, e := range f.external {
			ext := netip.MustParseAddr(e)
			if !slices.Contains(plan.NATted[ext], a) {
				plan.NATted[ext] = append(plan.NATted[ext], a)
			}
		}
	}
	restricted := false
	for _, f := range []*family{v4, v6} {
		switch {
		case !f.present:
		case len(f.external) > 0:
			rules = append(rules, webrtc.ICEAddressRewriteRule{External: f.external, Networks: f.networks,
				Mode: webrtc.ICEAddressRewriteReplace, AsCandidateType: host})
		default:
			restricted = true
		}
	}
	plan.Rules = rules
	if !restricted {
		return plan, nil
	}
	filter := func(ip net.IP) bool {
		a, ok := netip.AddrFromSlice(ip)
		if !ok {
			return false
		}
		a = a.Unmap()
		f := familyOf(a)
		return a.IsLoopback() || !f.present || len(f.external) > 0 || slices.Contains(f.own, a)
	}
	plan.Only = filter
	return plan, nil
}

// LocalAddrs lists the addresses of every interface of n.
func LocalAddrs(n piontransport.Net) ([]netip.Addr, error) {
	ifaces, err := n.Interfaces()
	if err != nil {
		return nil, fmt.Errorf("network interfaces: %w", err)
	}
	var out []netip.Addr
	for _, ifc := range ifaces {
		addrs, err := ifc.Addrs()
		if err != nil {
			continue // an interface without addresses
		}
		for _, a := range addrs {
			var ip net.IP
			switch v := a.(type) {
			case *net.IPNet:
				ip = v.IP
			case *net.IPAddr:
				ip = v.IP
			}
			if addr, ok := netip.AddrFromSlice(ip); ok {
				out = append(out, addr.Unmap())
			}
		}
	}
	return out, nil
}
