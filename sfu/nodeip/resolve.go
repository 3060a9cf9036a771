package nodeip

import (
	"context"
	"fmt"
	"net"
	"strings"
	"time"

	"github.com/pion/stun/v3"
)

// Resolve returns the addresses to advertise in ICE candidates:
// nodeIPs when set, else the public address a STUN server sees (when
// stunServer is set), else the addresses of the named interface, else none
// (pion then advertises every interface address).
func Resolve(ctx context.Context, nodeIPs []string, stunServer, iface string) ([]string, error) {
	switch {
	case len(nodeIPs) > 0:
		return nodeIPs, nil
	case stunServer != "":
		ip, err := DiscoverPublicIP(ctx, stunServer)
		if err != nil {
			return nil, err
		}
		return []string{ip.String()}, nil
	case iface != "":
		return InterfaceIPs(iface)
	}
	return nil, nil
}

// InterfaceIPs lists the unicast addresses of one interface.
func InterfaceIPs(name string) ([]string, error) {
	ifc, err := net.InterfaceByName(name)
	if err != nil {
		return nil, fmt.Errorf("interface %q: %w", name, err)
	}
	addrs, err := ifc.Addrs()
	if err != nil {
		return nil, fmt.Errorf("addresses of %q: %w", name, err)
	}
	var ips []string
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && !n.IP.IsLinkLocalUnicast() {
			ips = append(ips, n.IP.String())
		}
	}
	if len(ips) == 0 {
		return nil, fmt.Errorf("interface %q has no usable address", name)
	}
	return ips, nil
}

// DiscoverPublicIP asks a STUN server ("stun:host:port" or "host:port")
// which address our UDP packets come from.
func DiscoverPublicIP(ctx context.Context, server string) (net.IP, error) {
	hostPort := strings.TrimPrefix(server, "stun:")
	if _, _, err := net.SplitHostPort(hostPort); err != nil {
		hostPort = net.JoinHostPort(hostPort, "3478")
	}
	var d net.Dialer
	conn, err := d.DialContext(ctx, "udp4", hostPort)
	if err != nil {
		return nil, fmt.Errorf("stun discovery via %s: %w", server, err)
	}
	defer conn.Close()
	deadline := time.Now().Add(5 * time.Second)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	_ = conn.SetDeadline(deadline)
	req := stun.MustBuild(stun.TransactionID, stun.BindingRequest, stun.Fingerprint)
	buf := make([]byte, 1500)
	// UDP may lose a packet: ask up to three times before giving up.
	for attempt := 0; attempt < 3; attempt++ {
		if _, err := conn.Write(req.Raw); err != nil {
			return nil, fmt.Errorf("stun discovery via %s: %w", server, err)
		}
		wait := time.Now().Add(time.Duration(attempt+1) * time.Second)
		if wait.After(deadline) {
			wait = deadline
		}
		_ = conn.SetReadDeadline(wait)
		n, err := conn.Read(buf)
		if err != nil {
			if time.Now().Before(deadline) {
				continue
			}
			return nil, fmt.Errorf("stun discovery via %s: no answer: %w", server, err)
		}
		res := &stun.Message{Raw: append([]byte(nil), buf[:n]...)}
		if err := res.Decode(); err != nil || res.TransactionID != req.TransactionID {
			continue
		}
		var xor stun.XORMappedAddress
		if err := xor.GetFrom(res); err != nil {
			return nil, fmt.Errorf("stun discovery via %s: answer without address: %w", server, err)
		}
		return xor.IP, nil
	}
	return nil, fmt.Errorf("stun discovery via %s: no answer", server)
}
