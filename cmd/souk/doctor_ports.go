package main

import (
	"bufio"
	"context"
	"fmt"
	"maps"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/livekit/protocol/auth"

	"souk/config"
)

// runningNode is a Souk already serving this configuration's server.addr.
type runningNode struct {
	// base is the URL doctor reaches it on (http://127.0.0.1:7880).
	base string
	// pid is its process, 0 when this user may not see it.
	pid int
	// keys says whether it accepts a token signed with this
	// configuration's media keys: "accepted", "refused" or "" (not
	// checked: no keys, or no signalling on that node).
	keys string
}

func (n *runningNode) describe() string {
	if n.pid > 0 {
		return fmt.Sprintf("the running Souk (pid %d)", n.pid)
	}
	return "the running Souk"
}

// findRunningNode returns the Souk holding server.addr, or nil when the
// address is free or held by something that does not answer as Souk.
func findRunningNode(ctx context.Context, cfg config.Config, keysKnown bool) *runningNode {
	addr := cfg.Server.Addr
	if canBind(ctx, "tcp", addr) == nil || !soukAnswers(ctx, addr) {
		return nil
	}
	host, port, _ := net.SplitHostPort(addr)
	n := &runningNode{base: "http://" + net.JoinHostPort(dialHost(host), port)}
	if p, err := strconv.Atoi(port); err == nil {
		n.pid, _ = portHolder("tcp", p)
	}
	if keysKnown {
		n.keys = validateKeys(ctx, n.base, cfg.Media.Keys)
	}
	return n
}

// dialHost is where doctor reaches a listener bound to host.
func dialHost(host string) string {
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		return "127.0.0.1"
	}
	return host
}

// validateKeys asks the node's signalling whether a token signed with the
// first of keys is valid.
func validateKeys(ctx context.Context, base string, keys map[string]string) string {
	key := slices.Sorted(maps.Keys(keys))
	if len(key) == 0 {
		return ""
	}
	tok, err := auth.NewAccessToken(key[0], keys[key[0]]).SetIdentity("souk-doctor").
		SetVideoGrant(&auth.VideoGrant{RoomJoin: true, Room: "souk-doctor"}).SetValidFor(time.Minute).ToJWT()
	if err != nil {
		return ""
	}
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/rtc/validate?access_token="+url.QueryEscape(tok), nil)
	if err != nil {
		return ""
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return ""
	}
	_ = resp.Body.Close()
	switch resp.StatusCode {
	case http.StatusOK:
		return "accepted"
	case http.StatusUnauthorized:
		return "refused"
	}
	return ""
}

type portCheck struct {
	key, network, addr string
}

// portChecks lists the ports this configuration's roles listen on.
func portChecks(cfg config.Config, withTLS bool) []portCheck {
	m := cfg.Media
	checks := []portCheck{{"server.addr", "tcp", cfg.Server.Addr}}
	if cfg.Cluster.HasRole(config.RoleSFU) {
		if m.UDPPort > 0 {
			checks = append(checks, portCheck{"media.udp_port", "udp", ":" + strconv.Itoa(m.UDPPort)})
		}
		if m.TCPPort > 0 {
			checks = append(checks, portCheck{"media.tcp_port", "tcp", ":" + strconv.Itoa(m.TCPPort)})
		}
	}
	if m.TURN.Enabled && cfg.Cluster.HasRole(config.RoleTURN) {
		listen := m.TURN.ListenIP
		add := func(key, network string, port int) {
			if port > 0 {
				checks = append(checks, portCheck{key, network, net.JoinHostPort(listen, strconv.Itoa(port))})
			}
		}
		add("media.turn.udp_port", "udp", m.TURN.UDPPort)
		add("media.turn.tcp_port", "tcp", m.TURN.TCPPort)
		if withTLS {
			add("media.turn.tls_port", "tcp", m.TURN.TLSPort)
		}
	}
	return checks
}

// doctorPorts checks that every port is free, or held by the running
// Souk (the same process that answers on server.addr).
func doctorPorts(ctx context.Context, r *doctorReport, cfg config.Config, withTLS bool, running *runningNode) {
	for _, c := range portChecks(cfg, withTLS) {
		err := canBind(ctx, c.network, c.addr)
		if err == nil {
			r.ok("port", fmt.Sprintf("%s %s/%s is free", c.key, c.addr, c.network))
			continue
		}
		if running != nil && c.key == "server.addr" {
			switch running.keys {
			case "refused":
				r.fail("port", fmt.Sprintf("%s %s is held by %s, which refuses tokens signed with this configuration's media.keys — it runs with another configuration: use that one, or stop it", c.key, c.addr, running.describe()))
			case "accepted":
				r.ok("port", fmt.Sprintf("%s %s is held by %s, which answers /healthz and accepts this configuration's media keys", c.key, c.addr, running.describe()))
			default:
				r.ok("port", fmt.Sprintf("%s %s is held by %s, which answers /healthz", c.key, c.addr, running.describe()))
			}
			continue
		}
		_, port, _ := net.SplitHostPort(c.addr)
		p, _ := strconv.Atoi(port)
		pid, name := portHolder(c.network, p)
		holder := "another program"
		if pid > 0 {
			holder = fmt.Sprintf("process %d (%s)", pid, name)
		}
		switch {
		case running != nil && pid > 0 && running.pid == pid:
			r.ok("port", fmt.Sprintf("%s %s/%s is held by %s", c.key, c.addr, c.network, running.describe()))
		case running != nil && pid > 0 && running.pid > 0:
			r.fail("port", fmt.Sprintf("%s %s/%s is held by %s, not by %s — stop it or change %s", c.key, c.addr, c.network, holder, running.describe(), c.key))
		case running != nil && strings.HasPrefix(c.key, "media.turn."):
			r.warn("port", fmt.Sprintf("%s %s/%s is in use; which process holds it is hidden from this user (run souk doctor as root or as the user running souk) — the TURN check below allocates through it", c.key, c.addr, c.network))
		case running != nil:
			r.warn("port", fmt.Sprintf("%s %s/%s is in use; which process holds it is hidden from this user — run souk doctor as root or as the user running souk to tell whether it is the running Souk", c.key, c.addr, c.network))
		default:
			r.fail("port", fmt.Sprintf("%s %s/%s cannot be bound (%v), held by %s — stop it or change %s", c.key, c.addr, c.network, err, holder, c.key))
		}
	}
}

func canBind(ctx context.Context, network, addr string) error {
	var lc net.ListenConfig
	if network == "udp" {
		pc, err := lc.ListenPacket(ctx, "udp", addr)
		if err != nil {
			return err
		}
		return pc.Close()
	}
	ln, err := lc.Listen(ctx, "tcp", addr)
	if err != nil {
		return err
	}
	return ln.Close()
}

func soukAnswers(ctx context.Context, addr string) bool {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+net.JoinHostPort(dialHost(host), port)+"/healthz", nil)
	if err != nil {
		return false
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return false
	}
	_ = resp.Body.Close()
	return resp.StatusCode == http.StatusOK
}

// portHolder finds the process listening on a TCP port, or bound to a UDP
// port, from /proc (Linux): the socket's inode in /proc/net, then the
// process whose file descriptors include it. It returns 0 when it cannot
// tell (another OS, or processes of other users without root).
func portHolder(network string, port int) (pid int, name string) {
	inodes := map[string]bool{}
	state := "0A" // TCP_LISTEN
	if network == "udp" {
		state = "07" // TCP_CLOSE, what an unconnected UDP socket shows
	}
	for _, table := range []string{network, network + "6"} {
		f, err := os.Open("/proc/net/" + table)
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(f)
		sc.Scan() // header
		for sc.Scan() {
			fields := strings.Fields(sc.Text())
			if len(fields) < 10 || fields[3] != state {
				continue
			}
			_, hexPort, ok := strings.Cut(fields[1], ":")
			if p, err := strconv.ParseUint(hexPort, 16, 16); ok && err == nil && int(p) == port {
				inodes["socket:["+fields[9]+"]"] = true
			}
		}
		_ = f.Close()
	}
	if len(inodes) == 0 {
		return 0, ""
	}
	procs, _ := filepath.Glob("/proc/[0-9]*")
	for _, dir := range procs {
		fds, err := os.ReadDir(dir + "/fd")
		if err != nil {
			continue
		}
		for _, fd := range fds {
			link, err := os.Readlink(dir + "/fd/" + fd.Name())
			if err != nil || !inodes[link] {
				continue
			}
			pid, _ := strconv.Atoi(filepath.Base(dir))
			comm, _ := os.ReadFile(dir + "/comm")
			return pid, strings.TrimSpace(string(comm))
		}
	}
	return 0, ""
}
