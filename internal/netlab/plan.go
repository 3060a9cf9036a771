package netlab

import (
	"fmt"
	"net"
	"net/netip"
)

// addressPlan is where a lab's addresses come from. Link k (1-254) is
// <private>.k.0/24 with the router at .1 and the host's addresses from .2;
// behind NAT, the host's address .n is published as <public>.k.n. With
// IPv6, link k is <ula>:k::/64 the same way.
type addressPlan struct {
	private netip.Prefix // a /16
	public  netip.Prefix // a /16
	ula     netip.Prefix // a /48
}

var (
	privateBlocks = blocks("10.200.0.0/16", "10.201.0.0/16", "10.202.0.0/16", "172.30.0.0/16", "172.31.0.0/16")
	// 198.18.0.0/15 is set aside for network test labs (RFC 2544): not
	// private, not routed on the internet.
	publicBlocks = blocks("198.18.0.0/16", "198.19.0.0/16")
	ulaBlocks    = blocks("fd73:6f75:6b00::/48", "fd73:6f75:6b01::/48", "fd73:6f75:6b02::/48")
)

func blocks(s ...string) []netip.Prefix {
	out := make([]netip.Prefix, len(s))
	for i, p := range s {
		out[i] = netip.MustParsePrefix(p)
	}
	return out
}

// choosePlan picks blocks that overlap no address or connected subnet of
// this machine. The lab's namespaces cannot see the machine's interfaces,
// so a clash would not misroute anything; it would make logs and
// candidates ambiguous to whoever reads them.
func choosePlan() (addressPlan, error) {
	used, err := machinePrefixes()
	if err != nil {
		return addressPlan{}, err
	}
	pick := func(candidates []netip.Prefix) (netip.Prefix, error) {
		for _, c := range candidates {
			free := true
			for _, u := range used {
				if u.Overlaps(c) {
					free = false
					break
				}
			}
			if free {
				return c, nil
			}
		}
		return netip.Prefix{}, fmt.Errorf("every candidate block %v overlaps an address of this machine", candidates)
	}
	var p addressPlan
	if p.private, err = pick(privateBlocks); err != nil {
		return p, err
	}
	if p.public, err = pick(publicBlocks); err != nil {
		return p, err
	}
	if p.ula, err = pick(ulaBlocks); err != nil {
		return p, err
	}
	return p, nil
}

// machinePrefixes lists the subnets of this namespace's interfaces, except
// loopback and link-local ones.
func machinePrefixes() ([]netip.Prefix, error) {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return nil, fmt.Errorf("list this machine's addresses: %w", err)
	}
	var out []netip.Prefix
	for _, a := range addrs {
		ipn, ok := a.(*net.IPNet)
		if !ok {
			continue
		}
		addr, ok := netip.AddrFromSlice(ipn.IP)
		if !ok {
			continue
		}
		addr = addr.Unmap()
		if addr.IsLoopback() || addr.IsLinkLocalUnicast() {
			continue
		}
		ones, _ := ipn.Mask.Size()
		out = append(out, netip.PrefixFrom(addr, ones).Masked())
	}
	return out, nil
}

// v4 returns <block>.link.n.
func v4(block netip.Prefix, link, n int) netip.Addr {
	b := block.Addr().As4()
	return netip.AddrFrom4([4]byte{b[0], b[1], byte(link), byte(n)})
}

// v6 returns <block>:link::n.
func v6(block netip.Prefix, link, n int) netip.Addr {
	b := block.Addr().As16()
	b[6], b[7] = byte(link>>8), byte(link)
	b[14], b[15] = byte(n>>8), byte(n)
	return netip.AddrFrom16(b)
}
