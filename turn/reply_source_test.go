package turn

import (
	"net"
	"strconv"
	"testing"
	"time"

	"github.com/pion/stun/v3"
	pturn "github.com/pion/turn/v5"
)

// wildcardTURN is a server listening on 0.0.0.0 (the default), relaying
// from 127.0.0.1, open to loopback peers.
func wildcardTURN(t *testing.T) *Server {
	t.Helper()
	return startTURN(t, allowLoopback, func(c *Config) { c.ListenIP, c.RelayIP = "0.0.0.0", "127.0.0.1" })
}

// secondAddress is the server's UDP port on 127.0.0.2: on Linux every
// 127.x.y.z address is local, so a server on 0.0.0.0 is reached on an
// address other than the one the kernel would pick to answer 127.0.0.1.
func secondAddress(t *testing.T, s *Server) *net.UDPAddr {
	t.Helper()
	probe, err := net.ListenPacket("udp4", "127.0.0.2:0")
	if err != nil {
		t.Skipf("127.0.0.2 is not a local address here: %v", err)
	}
	_ = probe.Close()
	return &net.UDPAddr{IP: net.IPv4(127, 0, 0, 2), Port: portOf(s.UDPAddr())}
}

// A reply to a request sent to 127.0.0.2 comes from 127.0.0.2: a client
// (a browser, a NAT) drops datagrams from any other address.
func TestUDPRepliesFromTheAddressReached(t *testing.T) {
	s := wildcardTURN(t)
	cases := []struct {
		name   string
		client string
		server *net.UDPAddr
	}{
		{"second IPv4 address", "127.0.0.1:0", secondAddress(t, s)},
		{"first IPv4 address", "127.0.0.1:0", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1), Port: portOf(s.UDPAddr())}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			conn, err := net.ListenPacket("udp4", tc.client)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			// An unauthenticated Allocate: the server answers 401 with a nonce.
			req := stun.MustBuild(stun.TransactionID, stun.NewType(stun.MethodAllocate, stun.ClassRequest),
				stun.RawAttribute{Type: stun.AttrRequestedTransport, Value: []byte{17, 0, 0, 0}}, stun.Fingerprint)
			if _, err := conn.WriteTo(req.Raw, tc.server); err != nil {
				t.Fatal(err)
			}
			_ = conn.SetReadDeadline(time.Now().Add(5 * time.Second))
			buf := make([]byte, 1500)
			n, from, err := conn.ReadFrom(buf)
			if err != nil {
				t.Fatalf("no reply: %v", err)
			}
			res := &stun.Message{Raw: buf[:n]}
			if err := res.Decode(); err != nil || res.TransactionID != req.TransactionID {
				t.Fatalf("reply is not the answer to the request: %v", err)
			}
			if from.String() != tc.server.String() {
				t.Fatalf("reply came from %s, the request went to %s", from, tc.server)
			}
		})
	}
}

// connectedConn is a client socket connected to the server's address, as
// a browser's is in effect: the kernel drops datagrams from any other
// source, so answers from the wrong address never reach the client.
type connectedConn struct {
	*net.UDPConn
	server net.Addr
}

func (c connectedConn) ReadFrom(p []byte) (int, net.Addr, error) {
	n, err := c.Read(p)
	return n, c.server, err
}

func (c connectedConn) WriteTo(p []byte, _ net.Addr) (int, error) { return c.Write(p) }

// An allocation, a permission and data both ways through the server on
// its second address, with a client that only hears that address.
func TestRelayThroughSecondAddress(t *testing.T) {
	s := wildcardTURN(t)
	server := secondAddress(t, s)
	uc, err := net.DialUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)}, server)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = uc.Close() })
	user, pass := s.Credentials("second-address")
	c, err := pturn.NewClient(&pturn.ClientConfig{
		STUNServerAddr: server.String(), TURNServerAddr: server.String(),
		Username: user, Password: pass, Realm: s.Realm(), Conn: connectedConn{uc, server}, RTO: 500 * time.Millisecond,
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Listen(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	relay, err := c.Allocate()
	if err != nil {
		t.Fatalf("allocate through %s: %v", server, err)
	}
	defer relay.Close()
	echo(t, relay)

	// Data a peer sends later reaches the client from the address its
	// allocation was made on, even after the server last heard from
	// another client on another address.
	peer, err := net.ListenPacket("udp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer peer.Close()
	if _, err := relay.WriteTo([]byte("hello"), peer.LocalAddr()); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 64)
	_ = peer.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, _, err := peer.ReadFrom(buf); err != nil {
		t.Fatalf("peer read: %v", err)
	}
	other := mintedClient(t, s, "udp", "first-address", nil)
	r, err := other.Allocate()
	if err != nil {
		t.Fatalf("allocate on the first address: %v", err)
	}
	echo(t, r)
	r.Close()
	deadline := time.Now().Add(5 * time.Second)
	for {
		if _, err := peer.WriteTo([]byte("late"), relay.LocalAddr()); err != nil {
			t.Fatal(err)
		}
		_ = relay.SetReadDeadline(time.Now().Add(200 * time.Millisecond))
		n, _, err := relay.ReadFrom(buf)
		if err == nil && string(buf[:n]) == "late" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("peer data never reached the client through %s: %v", server, err)
		}
	}
}

// On an IPv6 wildcard socket the reply source is set with IPV6_PKTINFO.
func TestUDPRepliesOverIPv6Wildcard(t *testing.T) {
	probe, err := net.ListenPacket("udp6", "[::1]:0")
	if err != nil {
		t.Skipf("no IPv6 loopback: %v", err)
	}
	_ = probe.Close()
	s := startTURN(t, func(c *Config) { c.ListenIP, c.RelayIP, c.TCPPort = "::", "::1", 0 })
	conn, err := net.ListenPacket("udp6", "[::1]:0")
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	server := &net.UDPAddr{IP: net.IPv6loopback, Port: portOf(s.UDPAddr())}
	req := stun.MustBuild(stun.TransactionID, stun.BindingRequest, stun.Fingerprint)
	if _, err := conn.WriteTo(req.Raw, server); err != nil {
		t.Fatal(err)
	}
	_ = conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	buf := make([]byte, 1500)
	n, from, err := conn.ReadFrom(buf)
	if err != nil {
		t.Fatalf("no reply over IPv6: %v", err)
	}
	res := &stun.Message{Raw: buf[:n]}
	if err := res.Decode(); err != nil || res.TransactionID != req.TransactionID {
		t.Fatalf("not the answer: %v", err)
	}
	if from.String() != net.JoinHostPort("::1", strconv.Itoa(server.Port)) {
		t.Fatalf("reply from %s, want %s", from, server)
	}
}
