package netlab

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

const wait = 5 * time.Second

// Hosts reach each other by ping, UDP and TCP through the router, and
// nothing outside the lab: not the machine's own address, not the
// internet.
func TestRoutedHostsReachEachOtherAndNothingElse(t *testing.T) {
	t.Parallel()
	lab := New(t)
	a := addHost(t, lab, "a", HostOptions{})
	b := addHost(t, lab, "b", HostOptions{})
	if a.Addr() == b.Addr() || !lab.plan.private.Contains(a.Addr()) {
		t.Fatalf("addresses a=%v b=%v, plan %v", a.Addr(), b.Addr(), lab.plan.private)
	}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	if rtt, err := a.Ping(ctx, b.Addr()); err != nil {
		t.Errorf("ping a→b: %v", err)
	} else {
		t.Logf("ping a→b %v", rtt)
	}
	echo := udpEcho(t, b, "0.0.0.0:0")
	if _, err := udpRoundTrip(a, netip.AddrPortFrom(b.Addr(), echo.Port()), wait); err != nil {
		t.Errorf("udp a→b: %v", err)
	}
	tcp := tcpEcho(t, b, "0.0.0.0:0")
	if err := tcpRoundTrip(a, netip.AddrPortFrom(b.Addr(), tcp.Port()), wait); err != nil {
		t.Errorf("tcp a→b: %v", err)
	}

	outside := []netip.Addr{netip.MustParseAddr("8.8.8.8"), netip.MustParseAddr("1.1.1.1")}
	if m := machineAddr(t); m.IsValid() {
		outside = append(outside, m)
	}
	for _, dst := range outside {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		_, err := a.Ping(ctx, dst)
		cancel()
		if !errors.Is(err, ErrUnreachable) {
			t.Errorf("ping a→%v (outside the lab): %v, want %v", dst, err, ErrUnreachable)
		}
	}
	out, err := run(context.Background(), "ip", "-n", lab.Router().Namespace(), "route", "show", "default")
	if err != nil || strings.TrimSpace(out) != "" {
		t.Errorf("the router has a default route (%q, %v)", out, err)
	}
}

// Behind the 1:1 NAT, the server's interface carries a private address,
// clients reach it at the public one, the server sees the clients' real
// addresses and answers from the public one; the private address is not
// reachable from outside, and the server reaches itself at the public
// address (hairpin).
func TestNATPublishesAPrivateServer(t *testing.T) {
	t.Parallel()
	lab := New(t)
	srv := addHost(t, lab, "server", HostOptions{NAT: true})
	cli := addHost(t, lab, "client", HostOptions{})
	pub, priv := srv.Addr(), srv.LocalAddrs()[0]
	if pub == priv || !lab.plan.public.Contains(pub) || !lab.plan.private.Contains(priv) {
		t.Fatalf("public %v, private %v", pub, priv)
	}
	var onServer []netip.Addr
	if err := srv.Do(func() error {
		addrs, err := net.InterfaceAddrs()
		for _, a := range addrs {
			if ipn, ok := a.(*net.IPNet); ok && ipn.IP.To4() != nil && !ipn.IP.IsLoopback() {
				onServer = append(onServer, netip.MustParseAddr(ipn.IP.String()))
			}
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if len(onServer) != 1 || onServer[0] != priv {
		t.Errorf("server's interfaces carry %v, want only the private %v", onServer, priv)
	}

	// A server on the private address sees the client's own address and
	// its reply arrives from the public one (the client's socket is
	// connected to the public address and takes nothing else).
	pc, err := srv.ListenPacket("udp", "0.0.0.0:0")
	if err != nil {
		t.Fatal(err)
	}
	defer pc.Close()
	port := uint16(pc.LocalAddr().(*net.UDPAddr).Port)
	peer := make(chan netip.AddrPort, 1)
	go func() {
		buf := make([]byte, 100)
		n, from, err := pc.ReadFrom(buf)
		if err != nil {
			return
		}
		peer <- from.(*net.UDPAddr).AddrPort()
		_, _ = pc.WriteTo(buf[:n], from)
	}()
	if _, err := udpRoundTrip(cli, netip.AddrPortFrom(pub, port), wait); err != nil {
		t.Errorf("udp client→public address: %v", err)
	}
	select {
	case from := <-peer:
		if from.Addr().Unmap() != cli.Addr() {
			t.Errorf("server saw the client as %v, want %v", from.Addr(), cli.Addr())
		}
	case <-time.After(wait):
		t.Error("the server received nothing")
	}

	tcp := tcpEcho(t, srv, "0.0.0.0:0")
	if err := tcpRoundTrip(cli, netip.AddrPortFrom(pub, tcp.Port()), wait); err != nil {
		t.Errorf("tcp client→public address: %v", err)
	}
	if err := tcpRoundTrip(cli, netip.AddrPortFrom(priv, tcp.Port()), time.Second); err == nil {
		t.Error("the private address answered from outside")
	}
	if err := tcpRoundTrip(srv, netip.AddrPortFrom(pub, tcp.Port()), wait); err != nil {
		t.Errorf("hairpin: server→its own public address: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	if _, err := cli.Ping(ctx, pub); err != nil {
		t.Errorf("ping the public address: %v", err)
	}
}

// A server with two addresses, on one interface or on two, is reachable
// at each. On one interface, a socket bound to 0.0.0.0 answers a
// datagram sent to the second address from the first (the kernel's
// choice of source): the trap a TURN server listening on 0.0.0.0 falls
// into, which a client's connected socket does not accept. A socket bound
// to the second address answers correctly.
func TestServerWithTwoAddresses(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		opts HostOptions
		// wrongSource: a 0.0.0.0 socket answers the second address from
		// the first.
		wrongSource bool
	}{
		{"one interface", HostOptions{AddressesPerInterface: 2}, true},
		{"two interfaces", HostOptions{Interfaces: 2}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			lab := New(t)
			srv := addHost(t, lab, "server", tc.opts)
			cli := addHost(t, lab, "client", HostOptions{})
			addrs := srv.Addrs()
			if len(addrs) != 2 || addrs[0] == addrs[1] {
				t.Fatalf("server addresses %v", addrs)
			}
			for _, a := range addrs {
				ctx, cancel := context.WithTimeout(context.Background(), wait)
				if _, err := cli.Ping(ctx, a); err != nil {
					t.Errorf("ping %v: %v", a, err)
				}
				cancel()
				tcp := tcpEcho(t, srv, a.String()+":0")
				if err := tcpRoundTrip(cli, tcp, wait); err != nil {
					t.Errorf("tcp to %v: %v", tcp, err)
				}
				bound := udpEcho(t, srv, a.String()+":0")
				if _, err := udpRoundTrip(cli, bound, wait); err != nil {
					t.Errorf("udp to a socket bound to %v: %v", a, err)
				}
			}
			wildcard := udpEcho(t, srv, "0.0.0.0:0")
			if _, err := udpRoundTrip(cli, netip.AddrPortFrom(addrs[0], wildcard.Port()), wait); err != nil {
				t.Errorf("udp to 0.0.0.0 socket via the first address: %v", err)
			}
			_, err := udpRoundTrip(cli, netip.AddrPortFrom(addrs[1], wildcard.Port()), time.Second)
			if tc.wrongSource && err == nil {
				t.Error("a 0.0.0.0 socket answered the second address from it; the lab does not reproduce the kernel's source choice")
			}
		})
	}
}

// With UDP blocked, a host reaches the others over TCP (and ping) only,
// in both directions; others are unaffected, and unblocking restores UDP.
func TestBlockUDP(t *testing.T) {
	t.Parallel()
	lab := New(t)
	srv := addHost(t, lab, "server", HostOptions{})
	blocked := addHost(t, lab, "blocked", HostOptions{BlockUDP: true})
	open := addHost(t, lab, "open", HostOptions{})
	echo := udpEcho(t, srv, "0.0.0.0:0")
	tcp := tcpEcho(t, srv, "0.0.0.0:0")
	udpTo := netip.AddrPortFrom(srv.Addr(), echo.Port())

	if _, err := udpRoundTrip(blocked, udpTo, time.Second); err == nil {
		t.Error("UDP passed for the blocked host")
	}
	if err := tcpRoundTrip(blocked, netip.AddrPortFrom(srv.Addr(), tcp.Port()), wait); err != nil {
		t.Errorf("tcp from the blocked host: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	if _, err := blocked.Ping(ctx, srv.Addr()); err != nil {
		t.Errorf("ping from the blocked host: %v", err)
	}
	if _, err := udpRoundTrip(open, udpTo, wait); err != nil {
		t.Errorf("udp from another host: %v", err)
	}
	// Towards the blocked host too.
	toBlocked := udpEcho(t, blocked, "0.0.0.0:0")
	if _, err := udpRoundTrip(srv, netip.AddrPortFrom(blocked.Addr(), toBlocked.Port()), time.Second); err == nil {
		t.Error("UDP reached the blocked host")
	}
	if err := blocked.UnblockUDP(t.Context()); err != nil {
		t.Fatal(err)
	}
	if _, err := udpRoundTrip(blocked, udpTo, wait); err != nil {
		t.Errorf("udp after unblocking: %v", err)
	}
	if err := blocked.BlockUDP(t.Context()); err != nil {
		t.Fatal(err)
	}
	if _, err := udpRoundTrip(blocked, udpTo, time.Second); err == nil {
		t.Error("UDP passed after blocking again")
	}
}

// An IPv4-only host has no IPv6 at all, while dual-stack hosts reach
// each other over IPv6 as well.
func TestIPv4OnlyAndDualStack(t *testing.T) {
	t.Parallel()
	lab := New(t)
	v4 := addHost(t, lab, "vfour", HostOptions{IPv4Only: true})
	ds := addHost(t, lab, "dual", HostOptions{IPv6: true})
	ds2 := addHost(t, lab, "dualtwo", HostOptions{IPv6: true})
	if len(ds.IPv6Addrs()) != 1 || len(v4.IPv6Addrs()) != 0 {
		t.Fatalf("ipv6 addresses: dual %v, v4 %v", ds.IPv6Addrs(), v4.IPv6Addrs())
	}
	err := v4.Do(func() error {
		ifs, err := net.Interfaces()
		if err != nil {
			return err
		}
		for _, ifc := range ifs {
			addrs, _ := ifc.Addrs()
			for _, a := range addrs {
				if ipn, ok := a.(*net.IPNet); ok && ipn.IP.To4() == nil {
					return fmt.Errorf("%s carries %v", ifc.Name, ipn)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Errorf("IPv4-only host: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	if _, err := v4.Ping(ctx, ds.Addr()); err != nil {
		t.Errorf("ipv4 ping from the IPv4-only host: %v", err)
	}
	if _, err := v4.Ping(ctx, ds.IPv6Addrs()[0]); err == nil {
		t.Error("the IPv4-only host pinged an IPv6 address")
	}
	if _, err := ds2.Ping(ctx, ds.IPv6Addrs()[0]); err != nil {
		t.Errorf("ipv6 ping between dual-stack hosts: %v", err)
	}
	echo := udpEcho(t, ds, "[::]:0")
	if _, err := udpRoundTrip(ds2, netip.AddrPortFrom(ds.IPv6Addrs()[0], echo.Port()), wait); err != nil {
		t.Errorf("udp over ipv6: %v", err)
	}
}

// Programs run inside a host by Command see its interfaces; an address
// in the lab is reachable from the test's namespace through Expose, and
// from another host through its HTTPClient.
func TestCommandExposeAndHTTPClient(t *testing.T) {
	t.Parallel()
	lab := New(t)
	srv := addHost(t, lab, "server", HostOptions{NAT: true})
	cli := addHost(t, lab, "client", HostOptions{})
	out, err := srv.Command(t.Context(), "ip", "-4", "-o", "addr", "show").CombinedOutput()
	if err != nil {
		t.Fatalf("ip addr in the server: %v: %s", err, out)
	}
	if !strings.Contains(string(out), srv.LocalAddrs()[0].String()+"/24") {
		t.Errorf("ip addr in the server shows %s, want %v", out, srv.LocalAddrs()[0])
	}
	if got := strings.Join(srv.Prefix(), " "); got != "ip netns exec "+srv.Namespace() {
		t.Errorf("prefix %q", got)
	}

	ln, err := srv.Listen("tcp", "0.0.0.0:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "hello %s", r.RemoteAddr)
	})}
	go func() { _ = hs.Serve(ln) }()
	t.Cleanup(func() { _ = hs.Close() })
	port := ln.Addr().(*net.TCPAddr).Port

	local, err := srv.Expose(fmt.Sprintf("%s:%d", srv.Addr(), port))
	if err != nil {
		t.Fatal(err)
	}
	body := get(t, http.DefaultClient, "http://"+local+"/")
	if !strings.HasPrefix(body, "hello ") {
		t.Errorf("through Expose: %q", body)
	}
	body = get(t, cli.HTTPClient(), fmt.Sprintf("http://%s:%d/", srv.Addr(), port))
	if !strings.HasPrefix(body, "hello "+cli.Addr().String()+":") {
		t.Errorf("from the client: %q, want the client's address", body)
	}
}

func get(t *testing.T, c *http.Client, url string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	resp, err := c.Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b)
}

// A lab leaves nothing behind: its namespaces are gone and what it ran
// inside them has been ended, whether it was running there or still
// entering the namespace when the test ended.
func TestCleanupLeavesNothing(t *testing.T) {
	t.Parallel()
	var names []string
	var pids []int
	t.Run("lab", func(t *testing.T) {
		lab := New(t)
		h := addHost(t, lab, "sleeper", HostOptions{NAT: true})
		impair(t, h, Downlink, Impairment{Delay: 10 * time.Millisecond})
		start := func() int {
			cmd := h.Command(context.Background(), "sleep", "600")
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// Reap it once the lab ends it, as a test's own code would.
			go func() { _ = cmd.Wait() }()
			return cmd.Process.Pid
		}
		running := start()
		deadline := time.Now().Add(30 * time.Second)
		for !slices.ContainsFunc(processesIn([]string{h.Namespace()}), func(p process) bool { return p.pid == running }) {
			if time.Now().After(deadline) {
				t.Fatal("sleep never showed up in the namespace")
			}
			time.Sleep(20 * time.Millisecond)
		}
		pids = []int{running, start()}
		names = []string{h.Namespace(), lab.Router().Namespace()}
		for _, n := range names {
			if _, err := os.Stat(netnsDir + "/" + n); err != nil {
				t.Fatalf("namespace %s: %v", n, err)
			}
		}
	})
	if len(pids) == 0 {
		t.Fatal("the lab did not start")
	}
	for _, n := range names {
		if _, err := os.Stat(netnsDir + "/" + n); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("namespace %s still there after the test (%v)", n, err)
		}
	}
	for _, pid := range pids {
		if f, err := statFields(pid); err == nil && f[0] != "Z" && f[1] == strconv.Itoa(os.Getpid()) {
			t.Errorf("the process started in the lab (pid %d) still runs: %v", pid, f[:3])
		}
	}
}

// helperEnv makes TestHelperLab run, as a child test binary, the way of
// ending a lab its value names.
const helperEnv = "NETLAB_TEST_HELPER"

// TestHelperLab is the child of TestFailedAndCrashedRuns: it makes a lab
// with a program running inside, prints the namespace names, then fails
// (its cleanup must still remove the lab) or exits at once (a crash: the
// lab stays until a later run removes it).
func TestHelperLab(t *testing.T) {
	mode := os.Getenv(helperEnv)
	if mode == "" {
		t.Skip("run by TestFailedAndCrashedRuns as a child process")
	}
	lab := New(t)
	h := addHost(t, lab, "child", HostOptions{NAT: true})
	cmd := h.Command(context.Background(), "sleep", "600")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for !slices.ContainsFunc(processesIn([]string{h.Namespace()}), func(p process) bool { return p.pid == cmd.Process.Pid }) {
		if time.Now().After(deadline) {
			t.Fatal("sleep never showed up in the namespace")
		}
		time.Sleep(20 * time.Millisecond)
	}
	fmt.Printf("LAB %d %s %s\n", cmd.Process.Pid, h.Namespace(), lab.Router().Namespace())
	if mode == "crash" {
		os.Exit(3)
	}
	t.Fatal("failing on purpose")
}

// A failed test still removes its lab; a crashed one leaves it, and the
// next lab removes it, ending what ran inside. (Not parallel: another
// test's lab would remove the leftovers first.)
func TestFailedAndCrashedRuns(t *testing.T) {
	Require(t)
	for _, mode := range []string{"fail", "crash"} {
		t.Run(mode, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestHelperLab$", "-test.count=1")
			cmd.Env = append(os.Environ(), helperEnv+"="+mode)
			out, err := cmd.CombinedOutput()
			if err == nil {
				t.Fatalf("the child passed: %s", out)
			}
			var names []string
			var sleeper int
			for _, line := range strings.Split(string(out), "\n") {
				if rest, ok := strings.CutPrefix(line, "LAB "); ok {
					f := strings.Fields(rest)
					if len(f) == 3 {
						sleeper, _ = strconv.Atoi(f[0])
						names = f[1:]
					}
				}
			}
			if len(names) != 2 || sleeper == 0 {
				t.Fatalf("the child printed no lab: %v\n%s", err, out)
			}
			exists := func(n string) bool { _, err := os.Stat(netnsDir + "/" + n); return err == nil }
			if mode == "crash" {
				// A run of another package may get there first.
				if !exists(names[0]) {
					t.Logf("another run removed the leftovers already")
				}
				New(t)
			}
			for _, n := range names {
				if exists(n) {
					t.Errorf("namespace %s is still there", n)
				}
			}
			deadline := time.Now().Add(10 * time.Second)
			for {
				f, err := statFields(sleeper)
				if err != nil || f[0] == "Z" {
					break
				}
				if time.Now().After(deadline) {
					t.Errorf("sleep (pid %d) of the child's lab still runs", sleeper)
					break
				}
				time.Sleep(50 * time.Millisecond)
			}
		})
	}
}
