package main

import (
	"fmt"
	"log/slog"
	"net"
	"net/netip"
	"strings"

	"souk/config"
	"souk/turn"
)

// addressProblem says in plain words why an advertised address cannot work
// for browsers elsewhere on the internet; "" when it looks reachable.
func addressProblem(ip string) string {
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return "is not an IP address"
	}
	a = a.Unmap()
	switch {
	case a.IsLoopback():
		return "is a loopback address: only browsers on this machine can reach it"
	case a.IsUnspecified():
		return "is the unspecified address: no browser can reach it"
	case a.IsPrivate(), a.IsLinkLocalUnicast(), netip.MustParsePrefix("100.64.0.0/10").Contains(a):
		return "is a private address: browsers outside this network cannot reach it"
	}
	return ""
}

// hostAddresses lists this host's non-loopback interface addresses, which
// pion advertises when media.node_ips is empty: IPv4 ones, and IPv6 ones
// when ipv6 is on.
func hostAddresses(ipv6 bool) []string {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return nil
	}
	var out []string
	for _, a := range addrs {
		n, ok := a.(*net.IPNet)
		if !ok || n.IP.IsLoopback() || n.IP.IsLinkLocalUnicast() || (n.IP.To4() == nil && !ipv6) {
			continue
		}
		out = append(out, n.IP.String())
	}
	return out
}

// logAdvertised logs what browsers are told to connect to and warns, in
// plain words, where that cannot work in production.
func logAdvertised(log *slog.Logger, cfg config.Config, nodeIPs []string, t *turn.Server) {
	m := cfg.Media
	ips, source := nodeIPs, "media.node_ips"
	switch {
	case len(m.NodeIPs) == 0 && m.STUNDiscovery:
		source = "stun discovery"
	case len(m.NodeIPs) == 0 && m.NodeIPInterface != "":
		source = "interface " + m.NodeIPInterface
	case len(m.NodeIPs) == 0:
		ips, source = hostAddresses(m.IPv6), "interface addresses"
	}
	attrs := []any{"ips", strings.Join(ips, ","), "source", source, "udp_port", m.UDPPort, "tcp_port", m.TCPPort}
	if t != nil {
		attrs = append(attrs, "turn", strings.Join(t.URLs(), " "))
	}
	log.Info("media advertised to browsers", attrs...)
	if cfg.Mode != config.Production {
		return
	}
	for _, ip := range ips {
		if why := addressProblem(ip); why != "" {
			log.Warn(fmt.Sprintf("media address %s %s; set media.node_ips to this server's public address or turn on media.stun_discovery", ip, why))
		}
	}
	if len(ips) == 0 {
		log.Warn("no media address to advertise; set media.node_ips to this server's public address")
	}
	if m.UDPPort == 0 {
		log.Warn("media.udp_port is 0: media uses random UDP ports, which firewalls and Docker port mappings rarely allow, and the embedded TURN server cannot relay to them; set media.udp_port (7882)")
	}
	if m.TCPPort == 0 {
		log.Warn("media.tcp_port is 0: browsers whose network blocks UDP can only connect through TURN")
	}
	if t == nil && len(m.TURN.ExternalURLs) == 0 {
		log.Warn("no TURN server: browsers behind strict firewalls cannot connect; enable media.turn or list media.turn.external_urls")
	}
	if t != nil && t.TLSAddr() == nil {
		log.Warn("TURN over TLS is off: browsers that may only use HTTPS ports cannot connect; set media.turn.cert_file and key_file")
	}
}
