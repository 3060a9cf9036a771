package turn

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"io"
	"log/slog"
	"net"
	"net/netip"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	pturn "github.com/pion/turn/v5"
)

const testSecret = "test-shared-secret"

var loopbackPeers = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}

func startTURN(t *testing.T, mutate ...func(*Config)) *Server {
	t.Helper()
	cfg := Config{ListenIP: "127.0.0.1", UDPPort: -1, TCPPort: -1, Secret: testSecret}
	for _, m := range mutate {
		m(&cfg)
	}
	s, err := New(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

func allowLoopback(c *Config) { c.AllowPeers = loopbackPeers }

// dial opens the client side of one transport to the server.
func dial(t *testing.T, s *Server, transport string, roots *x509.CertPool) (net.PacketConn, net.Addr) {
	t.Helper()
	switch transport {
	case "udp":
		conn, err := net.ListenPacket("udp4", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		return conn, s.UDPAddr()
	case "tcp":
		conn, err := net.Dial("tcp", s.TCPAddr().String())
		if err != nil {
			t.Fatal(err)
		}
		return pturn.NewSTUNConn(conn), s.TCPAddr()
	case "tls":
		conn, err := tls.Dial("tcp", s.TLSAddr().String(), &tls.Config{RootCAs: roots, ServerName: "127.0.0.1"})
		if err != nil {
			t.Fatal(err)
		}
		return pturn.NewSTUNConn(conn), s.TLSAddr()
	}
	t.Fatalf("unknown transport %s", transport)
	return nil, nil
}

func turnClient(t *testing.T, s *Server, transport, user, pass string, roots *x509.CertPool) *pturn.Client {
	t.Helper()
	conn, server := dial(t, s, transport, roots)
	t.Cleanup(func() { _ = conn.Close() })
	c, err := pturn.NewClient(&pturn.ClientConfig{
		STUNServerAddr: server.String(), TURNServerAddr: server.String(),
		Username: user, Password: pass, Realm: s.Realm(), Conn: conn,
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Listen(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

func mintedClient(t *testing.T, s *Server, transport, identity string, roots *x509.CertPool) *pturn.Client {
	u, p := s.Credentials(identity)
	return turnClient(t, s, transport, u, p, roots)
}

func testCert(t *testing.T, names ...string) (certFile, keyFile string, roots *x509.CertPool) {
	t.Helper()
	dir := t.TempDir()
	certFile, keyFile = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	if err := WriteSelfSignedCert(certFile, keyFile, time.Now().Add(time.Hour), names...); err != nil {
		t.Fatal(err)
	}
	c, err := LoadCertificate(certFile, keyFile)
	if err != nil {
		t.Fatal(err)
	}
	roots = x509.NewCertPool()
	roots.AddCert(c.Leaf)
	return certFile, keyFile, roots
}

// echo relays one round trip between a relay and a loopback peer.
func echo(t *testing.T, relay net.PacketConn) {
	t.Helper()
	peer, err := net.ListenPacket("udp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer peer.Close()
	if _, err := relay.WriteTo([]byte("ping"), peer.LocalAddr()); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 64)
	_ = peer.SetReadDeadline(time.Now().Add(5 * time.Second))
	n, from, err := peer.ReadFrom(buf)
	if err != nil || string(buf[:n]) != "ping" {
		t.Fatalf("peer read: %q %v", buf[:n], err)
	}
	if from.String() != relay.LocalAddr().String() {
		t.Errorf("peer saw %v, relay is %v", from, relay.LocalAddr())
	}
	// The client binds a channel right after its first send; a datagram
	// racing the binding's confirmation is dropped by the client, as UDP
	// may drop any datagram, so the peer repeats until one arrives.
	deadline := time.Now().Add(5 * time.Second)
	for {
		if _, err := peer.WriteTo([]byte("pong"), from); err != nil {
			t.Fatal(err)
		}
		_ = relay.SetReadDeadline(time.Now().Add(200 * time.Millisecond))
		n, _, err = relay.ReadFrom(buf)
		if err == nil && string(buf[:n]) == "pong" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("relay read: %q %v", buf[:n], err)
		}
	}
}

// A relay allocated with a minted credential carries traffic to a peer and
// back over each transport.
func TestAllocateRelay(t *testing.T) {
	certFile, keyFile, roots := testCert(t, "127.0.0.1", "turn.test")
	s := startTURN(t, allowLoopback, func(c *Config) { c.TLSPort, c.CertFile, c.KeyFile = -1, certFile, keyFile })
	urls := s.ICEServers("alice")[0].GetUrls()
	wantPrefix := []string{"turn:127.0.0.1:", "turn:127.0.0.1:", "turns:127.0.0.1:"}
	wantSuffix := []string{"?transport=udp", "?transport=tcp", "?transport=tcp"}
	if len(urls) != 3 {
		t.Fatalf("urls: %v", urls)
	}
	for i, u := range urls {
		if !strings.HasPrefix(u, wantPrefix[i]) || !strings.HasSuffix(u, wantSuffix[i]) {
			t.Errorf("url %d: %s", i, u)
		}
	}
	for _, transport := range []string{"udp", "tcp", "tls"} {
		t.Run(transport, func(t *testing.T) {
			relay, err := mintedClient(t, s, transport, "alice-"+transport, roots).Allocate()
			if err != nil {
				t.Fatalf("allocate: %v", err)
			}
			defer relay.Close()
			if got := relay.LocalAddr().(*net.UDPAddr).IP.String(); got != "127.0.0.1" {
				t.Errorf("relay address %s, want the relay ip", got)
			}
			echo(t, relay)
		})
	}
}

func TestBadCredentialsRefused(t *testing.T) {
	s := startTURN(t)
	good, _ := s.Credentials("bob")
	expiredUser, expiredPass := MintCredentials(testSecret, "x", -time.Minute)
	otherUser, otherPass := MintCredentials("another-secret", "x", time.Hour)
	cases := []struct{ name, user, pass string }{
		{"wrong password", good, "bm90LXRoZS1wYXNzd29yZA=="},
		{"expired", expiredUser, expiredPass},
		{"other secret", otherUser, otherPass},
		{"not a rest username", "nobody", "nothing"},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for _, transport := range []string{"udp", "tcp"} {
				c := turnClient(t, s, transport, tc.user, tc.pass, nil)
				if relay, err := c.Allocate(); err == nil {
					relay.Close()
					t.Fatalf("%s: allocation succeeded", transport)
				}
			}
			if got := s.Stats().AuthFailures; got < uint64(2*(i+1)) {
				t.Errorf("auth failures counted: %d", got)
			}
		})
	}
}

// Peers that would let a client reach the server's own network are refused
// on CreatePermission (and so on ChannelBind and Send) unless allowed.
func TestPeerPolicy(t *testing.T) {
	const publicNodeIP = "203.0.113.7"
	peers := []string{"127.0.0.1", "10.0.0.1", "169.254.169.254", publicNodeIP}
	for _, ip := range interfaceIPs() {
		if !ip.IsLoopback() && ip.To4() != nil && !ip.IsPrivate() && !ip.IsLinkLocalUnicast() {
			peers = append(peers, ip.String()) // an interface address, own by default
		}
	}
	own := func(c *Config) { c.OwnIPs = []string{publicNodeIP} }
	closed := startTURN(t, own)
	open := startTURN(t, own, func(c *Config) {
		c.AllowPeers = []netip.Prefix{
			netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("10.0.0.0/8"),
			netip.MustParsePrefix("169.254.0.0/16"), netip.MustParsePrefix("0.0.0.0/0"),
		}
	})
	for _, peer := range peers {
		t.Run(peer, func(t *testing.T) {
			addr := &net.UDPAddr{IP: net.ParseIP(peer), Port: 9}
			for _, transport := range []string{"udp", "tcp"} {
				c := mintedClient(t, closed, transport, "mallory", nil)
				relay, err := c.Allocate()
				if err != nil {
					t.Fatal(err)
				}
				if err := c.CreatePermission(addr); err == nil {
					t.Errorf("%s: permission to %s granted by default", transport, peer)
				}
				relay.Close()

				c = mintedClient(t, open, transport, "lan", nil)
				relay, err = c.Allocate()
				if err != nil {
					t.Fatal(err)
				}
				if err := c.CreatePermission(addr); err != nil {
					t.Errorf("%s: permission to %s refused despite allow_peers: %v", transport, peer, err)
				}
				relay.Close()
			}
		})
	}
	if closed.Stats().PeerRefusals == 0 {
		t.Error("refusals not counted")
	}
}

func TestPeerPolicyRanges(t *testing.T) {
	p := newPeerPolicy(nil, []net.IP{net.ParseIP("198.51.100.1")}, nil)
	cases := []struct {
		ip   string
		want string
	}{
		{"127.0.0.1", "loopback"}, {"::1", "loopback"}, {"0.0.0.0", "unspecified"}, {"0.1.2.3", "unspecified"},
		{"::", "unspecified"}, {"10.1.2.3", "private"}, {"172.16.0.1", "private"}, {"192.168.1.1", "private"},
		{"fd00::1", "private"}, {"169.254.169.254", "link-local"}, {"fe80::1", "link-local"},
		{"100.64.0.1", "carrier-grade NAT"}, {"224.0.0.1", "multicast or broadcast"}, {"ff02::1", "multicast or broadcast"},
		{"255.255.255.255", "multicast or broadcast"}, {"::ffff:127.0.0.1", "loopback"},
		{"198.51.100.1", "this server's own address"}, {"8.8.8.8", ""}, {"2001:db8::1", ""},
	}
	for _, tc := range cases {
		if got := p.refusal(net.ParseIP(tc.ip)); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.ip, got, tc.want)
		}
	}
}

func TestQuotas(t *testing.T) {
	s := startTURN(t, func(c *Config) { c.MaxAllocationsPerUser, c.MaxAllocations = 2, 3 })
	allocate := func(identity string) error {
		relay, err := mintedClient(t, s, "udp", identity, nil).Allocate()
		if err == nil {
			t.Cleanup(func() { _ = relay.Close() })
		}
		return err
	}
	steps := []struct {
		identity string
		ok       bool
	}{{"u1", true}, {"u1", true}, {"u1", false}, {"u2", true}, {"u3", false}}
	for i, st := range steps {
		err := allocate(st.identity)
		if (err == nil) != st.ok {
			t.Fatalf("step %d (%s): err %v, want ok=%v", i, st.identity, err, st.ok)
		}
	}
	if st := s.Stats(); st.Allocations != 3 || st.QuotaRefusals != 2 {
		t.Errorf("stats %+v", st)
	}
}

func TestByteRateLimit(t *testing.T) {
	s := startTURN(t, allowLoopback, func(c *Config) { c.BytesPerSecond = 1000 })
	relay, err := mintedClient(t, s, "udp", "fast", nil).Allocate()
	if err != nil {
		t.Fatal(err)
	}
	defer relay.Close()
	peer, err := net.ListenPacket("udp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer peer.Close()
	var received atomic.Int64
	go func() {
		buf := make([]byte, 1500)
		for {
			if _, _, err := peer.ReadFrom(buf); err != nil {
				return
			}
			received.Add(1)
		}
	}()
	const packets, size = 20, 400
	start := time.Now()
	payload := make([]byte, size)
	for range packets {
		if _, err := relay.WriteTo(payload, peer.LocalAddr()); err != nil {
			t.Fatal(err)
		}
	}
	// Every packet ends up either delivered or dropped; wait for all.
	deadline := time.Now().Add(20 * time.Second)
	for received.Load()+int64(s.Stats().DroppedPackets) < packets && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	elapsed := time.Since(start).Seconds()
	got, dropped := received.Load(), s.Stats().DroppedPackets
	if got+int64(dropped) != packets {
		t.Fatalf("%d delivered + %d dropped of %d", got, dropped, packets)
	}
	// The bucket holds one second of traffic and refills at the rate, so
	// what got through is bounded by that, however slow this machine is.
	if allowed := 1000 + 1000*elapsed + size; float64(got*size) > allowed {
		t.Errorf("%d bytes relayed in %.1fs at 1000 B/s (at most %.0f allowed); %d dropped", got*size, elapsed, allowed, dropped)
	}
	if dropped == 0 {
		t.Errorf("nothing dropped: %d packets of %d bytes in %.1fs at 1000 B/s", got, size, elapsed)
	}
}

func TestIdleAllocationsExpire(t *testing.T) {
	s := startTURN(t, func(c *Config) { c.IdleTimeout = 200 * time.Millisecond })
	relay, err := mintedClient(t, s, "udp", "sleepy", nil).Allocate()
	if err != nil {
		t.Fatal(err)
	}
	defer relay.Close()
	deadline := time.Now().Add(10 * time.Second)
	for s.Stats().Allocations != 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := s.Stats().Allocations; n != 0 {
		t.Fatalf("%d allocations still live", n)
	}
}

func TestCertificateReload(t *testing.T) {
	certFile, keyFile, _ := testCert(t, "old.test")
	s := startTURN(t, func(c *Config) {
		c.UDPPort, c.TCPPort, c.TLSPort, c.CertFile, c.KeyFile = 0, 0, -1, certFile, keyFile
		c.CertCheckInterval = 20 * time.Millisecond
	})
	served := func() string {
		conn, err := tls.Dial("tcp", s.TLSAddr().String(), &tls.Config{InsecureSkipVerify: true}) //nolint:gosec // only reads the name
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		return conn.ConnectionState().PeerCertificates[0].DNSNames[0]
	}
	if got := served(); got != "old.test" {
		t.Fatalf("served %s", got)
	}
	if err := WriteSelfSignedCert(certFile, keyFile, time.Now().Add(time.Hour), "new.test"); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for served() != "new.test" {
		if time.Now().After(deadline) {
			t.Fatal("certificate not reloaded")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestConfigErrors(t *testing.T) {
	cases := map[string]Config{
		"no secret":    {ListenIP: "127.0.0.1", UDPPort: -1},
		"no listener":  {ListenIP: "127.0.0.1", Secret: "s"},
		"tls no cert":  {ListenIP: "127.0.0.1", TLSPort: -1, Secret: "s"},
		"bad listen":   {ListenIP: "nope", UDPPort: -1, Secret: "s"},
		"missing cert": {ListenIP: "127.0.0.1", TLSPort: -1, Secret: "s", CertFile: "/nonexistent.pem", KeyFile: "/nonexistent.key"},
	}
	for name, cfg := range cases {
		if s, err := New(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil))); err == nil {
			_ = s.Close()
			t.Errorf("%s: started", name)
		}
	}
}

// With the SFU's media port as a self port, a relay reaches that port on
// this host's own address and nothing else there.
func TestSelfPortsOnly(t *testing.T) {
	var own net.IP
	for _, ip := range interfaceIPs() {
		if !ip.IsLoopback() && !ip.IsLinkLocalUnicast() && ip.To4() != nil {
			own = ip
			break
		}
	}
	if own == nil {
		t.Skip("this host has no non-loopback IPv4 address")
	}
	sfuPort, err := net.ListenPacket("udp4", net.JoinHostPort(own.String(), "0"))
	if err != nil {
		t.Fatal(err)
	}
	defer sfuPort.Close()
	other, err := net.ListenPacket("udp4", net.JoinHostPort(own.String(), "0"))
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	s := startTURN(t, func(c *Config) { c.SelfPorts = []int{sfuPort.LocalAddr().(*net.UDPAddr).Port} })
	c := mintedClient(t, s, "udp", "caller", nil)
	relay, err := c.Allocate()
	if err != nil {
		t.Fatal(err)
	}
	defer relay.Close()
	if err := c.CreatePermission(other.LocalAddr()); err != nil {
		t.Fatalf("permission to this host with a self port configured: %v", err)
	}
	buf := make([]byte, 64)
	for _, target := range []net.PacketConn{other, sfuPort} {
		if _, err := relay.WriteTo([]byte("hello"), target.LocalAddr()); err != nil {
			t.Fatal(err)
		}
	}
	_ = sfuPort.SetReadDeadline(time.Now().Add(5 * time.Second))
	if n, _, err := sfuPort.ReadFrom(buf); err != nil || string(buf[:n]) != "hello" {
		t.Fatalf("self port did not get the packet: %q %v", buf[:n], err)
	}
	// The packet to the other port was sent first; it must have been dropped.
	_ = other.SetReadDeadline(time.Now().Add(200 * time.Millisecond))
	if n, _, err := other.ReadFrom(buf); err == nil {
		t.Fatalf("another port of this host got %q through the relay", buf[:n])
	}
	if s.Stats().PeerRefusals == 0 {
		t.Error("dropped packet not counted")
	}
}
