package turn

import (
	"context"
	"io"
	"log/slog"
	"net"
	"strings"
	"testing"
	"time"

	pturn "github.com/pion/turn/v5"
)

func startTURN(t *testing.T) *Server {
	t.Helper()
	s, err := New(context.Background(), Config{ListenIP: "127.0.0.1", UDPPort: -1}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

func turnClient(t *testing.T, s *Server, user, pass string) *pturn.Client {
	t.Helper()
	conn, err := net.ListenPacket("udp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	c, err := pturn.NewClient(&pturn.ClientConfig{
		STUNServerAddr: s.Addr().String(), TURNServerAddr: s.Addr().String(),
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

// A relay allocated with the advertised credentials carries traffic to a
// peer and back.
func TestAllocateRelay(t *testing.T) {
	s := startTURN(t)
	ice := s.ICEServers("alice")
	if len(ice) != 1 || !strings.HasPrefix(ice[0].GetUrls()[0], "turn:127.0.0.1:") || ice[0].GetUsername() == "" || ice[0].GetCredential() == "" {
		t.Fatalf("ice servers: %v", ice)
	}
	c := turnClient(t, s, ice[0].GetUsername(), ice[0].GetCredential())
	relay, err := c.Allocate()
	if err != nil {
		t.Fatalf("allocate: %v", err)
	}
	defer relay.Close()

	peer, err := net.ListenPacket("udp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer peer.Close()
	// The peer writes first to learn nothing; the relay needs a permission,
	// which WriteTo creates.
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
	if _, err := peer.WriteTo([]byte("pong"), from); err != nil {
		t.Fatal(err)
	}
	_ = relay.SetReadDeadline(time.Now().Add(5 * time.Second))
	n, _, err = relay.ReadFrom(buf)
	if err != nil || string(buf[:n]) != "pong" {
		t.Fatalf("relay read: %q %v", buf[:n], err)
	}
}

func TestBadCredentialsRefused(t *testing.T) {
	s := startTURN(t)
	expiredUser, expiredPass, _ := pturn.GenerateLongTermTURNRESTCredentials(s.cfg.Secret, "x", -time.Minute)
	cases := map[string][2]string{
		"wrong password": {s.ICEServers("bob")[0].GetUsername(), "bm90LXRoZS1wYXNzd29yZA=="},
		"expired":        {expiredUser, expiredPass},
		"garbage user":   {"nobody", "nothing"},
	}
	for name, up := range cases {
		t.Run(name, func(t *testing.T) {
			c := turnClient(t, s, up[0], up[1])
			if relay, err := c.Allocate(); err == nil {
				relay.Close()
				t.Fatal("allocation succeeded")
			}
		})
	}
}
