package turn

import (
	"net"
	"net/netip"
	"sync"
	"time"
)

// cgnat is the shared address space of carrier-grade NAT (RFC 6598).
var cgnat = netip.MustParsePrefix("100.64.0.0/10")

// peerPolicy decides which peer addresses a relay may reach.
type peerPolicy struct {
	allow     []netip.Prefix
	own       map[netip.Addr]bool
	selfPorts map[int]bool
}

func newPeerPolicy(allow []netip.Prefix, own []net.IP, selfPorts []int) peerPolicy {
	p := peerPolicy{allow: allow, own: map[netip.Addr]bool{}, selfPorts: map[int]bool{}}
	for _, port := range selfPorts {
		p.selfPorts[port] = true
	}
	for _, ip := range own {
		if a, ok := netip.AddrFromSlice(ip); ok {
			p.own[a.Unmap()] = true
		}
	}
	return p
}

// refusal says why a peer is refused; "" means allowed.
func (p peerPolicy) refusal(ip net.IP) string {
	a, ok := netip.AddrFromSlice(ip)
	if !ok {
		return "not an IP address"
	}
	a = a.Unmap()
	if p.allowed(a) {
		return ""
	}
	if p.own[a] && len(p.selfPorts) > 0 && !a.IsLoopback() {
		return "" // only the self ports; relayConn filters the rest
	}
	switch {
	case a.IsLoopback():
		return "loopback"
	case a.IsUnspecified(), a.Is4() && a.As4()[0] == 0:
		return "unspecified"
	case a.IsPrivate():
		return "private"
	case a.IsLinkLocalUnicast():
		return "link-local"
	case cgnat.Contains(a):
		return "carrier-grade NAT"
	case a.IsMulticast(), a == netip.AddrFrom4([4]byte{255, 255, 255, 255}):
		return "multicast or broadcast"
	case p.own[a]:
		return "this server's own address"
	}
	return ""
}

func (p peerPolicy) allowed(a netip.Addr) bool {
	for _, pre := range p.allow {
		if pre.Contains(a) {
			return true
		}
	}
	return false
}

// deliverable reports whether a relay may exchange a packet with addr: a
// permitted peer, and on this host's own addresses only the self ports.
func (p peerPolicy) deliverable(addr net.Addr) bool {
	u, ok := addr.(*net.UDPAddr)
	if !ok {
		return false
	}
	a, ok := netip.AddrFromSlice(u.IP)
	if !ok {
		return false
	}
	a = a.Unmap()
	if !p.own[a] || p.allowed(a) {
		return true
	}
	return p.selfPorts[u.Port]
}

// interfaceIPs lists the addresses of the host's interfaces.
func interfaceIPs() []net.IP {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return nil
	}
	var ips []net.IP
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok {
			ips = append(ips, n.IP)
		}
	}
	return ips
}

// logLimiter lets one line per key through per interval, so that a client
// hammering the server cannot flood the log.
type logLimiter struct {
	interval time.Duration
	mu       sync.Mutex
	last     map[string]time.Time
}

func newLogLimiter(interval time.Duration) *logLimiter {
	return &logLimiter{interval: interval, last: map[string]time.Time{}}
}

func (l *logLimiter) allow(key string) bool {
	now := time.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if t, ok := l.last[key]; ok && now.Sub(t) < l.interval {
		return false
	}
	if len(l.last) > 10000 { // forget old keys rather than grow without bound
		for k, t := range l.last {
			if now.Sub(t) >= l.interval {
				delete(l.last, k)
			}
		}
	}
	l.last[key] = now
	return true
}

// hostOf strips the port: limits apply per client address.
func hostOf(a net.Addr) string {
	if a == nil {
		return ""
	}
	h, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	return h
}
