package netlab

import (
	"context"
	"fmt"
	"net/netip"
	"os/exec"
	"strconv"
	"strings"
)

// HostOptions shape a host's attachment to the lab. The zero value is one
// interface with one IPv4 address, routed straight to the others.
type HostOptions struct {
	// Interfaces is how many links join the host to the router (default
	// 1), each its own veth pair and subnet. Traffic from an address of
	// a second interface leaves by that interface (source routing), as on
	// a multi-homed server.
	Interfaces int
	// AddressesPerInterface is how many IPv4 addresses each interface
	// carries (default 1); the first is the one the kernel picks as
	// source for new connections.
	AddressesPerInterface int
	// NAT puts the host behind a 1:1 NAT at the router, the way cloud VMs
	// sit: its interfaces carry private addresses, and each is published
	// as its own public address (Addrs), translated both ways (DNAT to
	// the host, SNAT from it, and hairpin from the host to itself). The
	// private addresses cannot be reached from the other hosts.
	NAT bool
	// IPv6 gives every interface a unique local address as well, routed
	// without NAT.
	IPv6 bool
	// IPv4Only disables IPv6 in the host's namespace altogether: no ::1,
	// no link-local address, no socket of family AF_INET6 can reach out.
	IPv4Only bool
	// BlockUDP drops all UDP to and from the host at the router, as a
	// strict corporate firewall does: only TCP gets through. Host.BlockUDP
	// does the same later in a test.
	BlockUDP bool
}

// Host is one namespace attached to the lab's router.
type Host struct {
	lab    *Lab
	name   string
	ns     string
	nat    bool
	ifaces []iface
}

// iface is one of a host's links to the router.
type iface struct {
	dev    string // the host's end, eth<j>
	peer   string // the router's end, l<link>
	link   int
	local  []netip.Addr // IPv4 addresses on dev
	public []netip.Addr // what the others reach; local without NAT
	ipv6   []netip.Addr
	gw4    netip.Addr // the router's address on this link
	gw6    netip.Addr
}

// AddHost creates a host namespace named name (1-12 lower-case letters
// and digits, unique in the lab) and joins it to the router.
func (l *Lab) AddHost(ctx context.Context, name string, opts HostOptions) (*Host, error) {
	h, err := l.addHost(ctx, name, opts)
	if err != nil {
		return nil, fmt.Errorf("netlab: add host %s: %w", name, err)
	}
	return h, nil
}

func (l *Lab) addHost(ctx context.Context, name string, opts HostOptions) (*Host, error) {
	if opts.IPv4Only && opts.IPv6 {
		return nil, fmt.Errorf("IPv4Only and IPv6 exclude each other")
	}
	nIfaces, nAddrs := max(opts.Interfaces, 1), max(opts.AddressesPerInterface, 1)
	if nAddrs > 200 {
		return nil, fmt.Errorf("%d addresses per interface: at most 200", nAddrs)
	}
	h, err := l.newNamespace(ctx, name, opts.IPv4Only)
	if err != nil {
		return nil, err
	}
	h.nat = opts.NAT
	if opts.IPv6 {
		if err := l.enableIPv6Forwarding(); err != nil {
			return nil, err
		}
	}
	for j := range nIfaces {
		ifc, err := l.attach(ctx, h, j, nAddrs, opts)
		if err != nil {
			return nil, err
		}
		h.ifaces = append(h.ifaces, ifc)
	}
	if opts.BlockUDP {
		if err := h.setUDPBlocked(ctx, true); err != nil {
			return nil, err
		}
	}
	return h, nil
}

func (l *Lab) enableIPv6Forwarding() error {
	l.mu.Lock()
	done := l.ipv6
	l.ipv6 = true
	l.mu.Unlock()
	if done {
		return nil
	}
	return l.router.Do(func() error {
		return writeSysctls(map[string]string{"net/ipv6/conf/all/forwarding": "1"})
	})
}

// attach makes interface j of h: a veth pair to the router on a new link,
// its addresses, routes and, behind NAT, the translation at the router.
func (l *Lab) attach(ctx context.Context, h *Host, j, nAddrs int, opts HostOptions) (iface, error) {
	l.mu.Lock()
	l.links++
	k := l.links
	l.mu.Unlock()
	if k > 254 {
		return iface{}, fmt.Errorf("a lab holds at most 254 links")
	}
	ifc := iface{dev: "eth" + strconv.Itoa(j), peer: "l" + strconv.Itoa(k), link: k}
	block := l.plan.private
	ifc.gw4 = v4(block, k, 1)
	for n := range nAddrs {
		ifc.local = append(ifc.local, v4(block, k, n+2))
		if opts.NAT {
			ifc.public = append(ifc.public, v4(l.plan.public, k, n+2))
		}
	}
	if !opts.NAT {
		ifc.public = ifc.local
	}
	if opts.IPv6 {
		ifc.gw6 = v6(l.plan.ula, k, 1)
		for n := range nAddrs {
			ifc.ipv6 = append(ifc.ipv6, v6(l.plan.ula, k, n+2))
		}
	}
	// One ip process per namespace: the router's end first (it creates
	// the pair and moves the host's end over), then the host's.
	dev, peer := ifc.dev, ifc.peer
	routerCmds := []string{
		"link add " + peer + " type veth peer name " + dev + " netns " + h.ns,
		"addr add " + ifc.gw4.String() + "/24 dev " + peer,
	}
	if opts.IPv6 {
		routerCmds = append(routerCmds, "addr add "+ifc.gw6.String()+"/64 dev "+peer+" nodad")
	}
	routerCmds = append(routerCmds, "link set "+peer+" up")
	var hostCmds, hostCmds6 []string
	for _, a := range ifc.local {
		hostCmds = append(hostCmds, "addr add "+a.String()+"/24 dev "+dev)
	}
	for _, a := range ifc.ipv6 {
		hostCmds = append(hostCmds, "addr add "+a.String()+"/64 dev "+dev+" nodad")
	}
	hostCmds = append(hostCmds, "link set "+dev+" up")
	if j == 0 {
		hostCmds = append(hostCmds, "route add default via "+ifc.gw4.String()+" dev "+dev)
		if opts.IPv6 {
			hostCmds = append(hostCmds, "route add default via "+ifc.gw6.String()+" dev "+dev)
		}
	} else {
		// What leaves from this interface's addresses takes this
		// interface, not the default route of eth0.
		table := strconv.Itoa(100 + j)
		hostCmds = append(hostCmds, "route add default via "+ifc.gw4.String()+" dev "+dev+" table "+table)
		for _, a := range ifc.local {
			hostCmds = append(hostCmds, "rule add from "+a.String()+" table "+table)
		}
		if opts.IPv6 {
			hostCmds = append(hostCmds, "route add default via "+ifc.gw6.String()+" dev "+dev+" table "+table)
			for _, a := range ifc.ipv6 {
				hostCmds6 = append(hostCmds6, "rule add from "+a.String()+" table "+table)
			}
		}
	}
	if err := ipBatch(ctx, l.router.ns, "", routerCmds); err != nil {
		return ifc, err
	}
	if err := ipBatch(ctx, h.ns, "", hostCmds); err != nil {
		return ifc, err
	}
	if err := ipBatch(ctx, h.ns, "-6", hostCmds6); err != nil {
		return ifc, err
	}
	if opts.NAT {
		var nat, filter []string
		for i, priv := range ifc.local {
			pub := ifc.public[i].String()
			nat = append(nat,
				"-A PREROUTING -d "+pub+" -j DNAT --to-destination "+priv.String(),
				"-A OUTPUT -d "+pub+" -j DNAT --to-destination "+priv.String(),
				"-A POSTROUTING -s "+priv.String()+" -j SNAT --to-source "+pub)
			// As in a cloud, the private address is not reachable from
			// outside: only translated traffic gets to it.
			filter = append(filter, "-A FORWARD -d "+priv.String()+" -m conntrack ! --ctstate DNAT,SNAT -j DROP")
		}
		input := "*nat\n" + strings.Join(nat, "\n") + "\nCOMMIT\n*filter\n" + strings.Join(filter, "\n") + "\nCOMMIT\n"
		if err := l.router.restore(ctx, "iptables", input); err != nil {
			return ifc, err
		}
	}
	return ifc, nil
}

// restore applies rules in iptables-restore's format (tool is iptables
// or ip6tables) inside the host's namespace, keeping the rules already
// there.
func (h *Host) restore(ctx context.Context, tool, input string) error {
	_, err := runInput(ctx, input, "ip", "netns", "exec", h.ns, tool+"-restore", "-w", "--noflush")
	return err
}

// Name is the name the host was added with.
func (h *Host) Name() string { return h.name }

// Namespace is the name of the host's network namespace, as `ip netns`
// knows it.
func (h *Host) Namespace() string { return h.ns }

// Addr is the host's first IPv4 address as the other hosts reach it (the
// public one behind NAT).
func (h *Host) Addr() netip.Addr { return h.Addrs()[0] }

// Addrs are the host's IPv4 addresses as the other hosts reach them, in
// interface order: behind NAT the public ones, which no interface of the
// host carries (a server advertises these, e.g. as media.node_ips).
func (h *Host) Addrs() []netip.Addr {
	var out []netip.Addr
	for _, ifc := range h.ifaces {
		out = append(out, ifc.public...)
	}
	return out
}

// LocalAddrs are the IPv4 addresses on the host's interfaces: what a
// program in the host sees (private ones behind NAT).
func (h *Host) LocalAddrs() []netip.Addr {
	var out []netip.Addr
	for _, ifc := range h.ifaces {
		out = append(out, ifc.local...)
	}
	return out
}

// IPv6Addrs are the host's IPv6 addresses (with HostOptions.IPv6).
func (h *Host) IPv6Addrs() []netip.Addr {
	var out []netip.Addr
	for _, ifc := range h.ifaces {
		out = append(out, ifc.ipv6...)
	}
	return out
}

// Interfaces are the names of the host's interfaces toward the router
// (eth0, eth1, ...), besides lo.
func (h *Host) Interfaces() []string {
	var out []string
	for _, ifc := range h.ifaces {
		out = append(out, ifc.dev)
	}
	return out
}

// Prefix is the command prefix that runs a program inside the host's
// namespace, for harnesses that build their own exec.Cmd.
func (h *Host) Prefix() []string { return []string{"ip", "netns", "exec", h.ns} }

// Command is exec.CommandContext for a program run inside the host's
// namespace. `ip netns exec` replaces itself with the program, so the
// command's process is the program's. Whatever still runs in the
// namespace when the test ends is ended by the lab.
func (h *Host) Command(ctx context.Context, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "ip", append([]string{"netns", "exec", h.ns, name}, args...)...)
	h.lab.mu.Lock()
	h.lab.cmds = append(h.lab.cmds, hostCmd{cmd: cmd, ns: h.ns})
	h.lab.mu.Unlock()
	return cmd
}

// BlockUDP drops all UDP to and from the host at the router from now on
// (see HostOptions.BlockUDP); UnblockUDP lets it through again.
func (h *Host) BlockUDP(ctx context.Context) error {
	return h.setUDPBlocked(ctx, true)
}

// UnblockUDP undoes BlockUDP.
func (h *Host) UnblockUDP(ctx context.Context) error {
	return h.setUDPBlocked(ctx, false)
}

func (h *Host) setUDPBlocked(ctx context.Context, blocked bool) error {
	for _, ifc := range h.ifaces {
		chain := "NL-" + ifc.peer + "-UDP"
		rules := []string{"-p udp -j DROP"}
		if !blocked {
			rules = nil
		}
		if err := h.lab.setChain(ctx, chain, ifc.peer, blockHook, rules); err != nil {
			return fmt.Errorf("netlab: UDP for %s: %w", h.name, err)
		}
	}
	return nil
}
