package turn

import (
	"net"
	"strconv"
	"strings"
	"testing"
	"time"

	pturn "github.com/pion/turn/v5"
)

// clientFrom is a TURN client over UDP whose packets leave from local.
func clientFrom(t *testing.T, s *Server, local, user, pass string) *pturn.Client {
	t.Helper()
	conn, err := net.ListenPacket("udp4", net.JoinHostPort(local, "0"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	c, err := pturn.NewClient(&pturn.ClientConfig{
		STUNServerAddr: s.UDPAddr().String(), TURNServerAddr: s.UDPAddr().String(),
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

func TestNetworkQuota(t *testing.T) {
	s := startTURN(t, func(c *Config) { c.MaxAllocationsPerUser, c.MaxAllocationsPerNetwork, c.MaxAllocations = 10, 3, 100 })
	allocate := func(local, user string) error {
		u, p := MintSessionCredentials(testSecret, user, "", time.Now().Add(time.Minute))
		relay, err := clientFrom(t, s, local, u, p).Allocate()
		if err == nil {
			t.Cleanup(func() { _ = relay.Close() })
		}
		return err
	}
	// Each allocation comes from a new identity: only the network is
	// shared. 127.0.0.2 is another client address on the loopback.
	steps := []struct {
		local, user string
		ok          bool
	}{
		{"127.0.0.1", "a", true}, {"127.0.0.1", "b", true}, {"127.0.0.1", "c", true},
		{"127.0.0.1", "d", false}, {"127.0.0.2", "e", true},
	}
	for i, st := range steps {
		if err := allocate(st.local, st.user); (err == nil) != st.ok {
			t.Fatalf("step %d (%s from %s): err %v, want ok=%v", i, st.user, st.local, err, st.ok)
		}
	}
	if st := s.Stats(); st.Allocations != 4 || st.QuotaRefusals != 1 {
		t.Errorf("stats %+v", st)
	}
}

func TestNetworkOf(t *testing.T) {
	tests := []struct {
		addr net.Addr
		want string
	}{
		{&net.UDPAddr{IP: net.ParseIP("192.0.2.7"), Port: 5000}, "192.0.2.7"},
		{&net.UDPAddr{IP: net.ParseIP("::ffff:192.0.2.7"), Port: 5000}, "192.0.2.7"},
		{&net.TCPAddr{IP: net.ParseIP("2001:db8:1:2:3:4:5:6"), Port: 5000}, "2001:db8:1:2::/64"},
		{&net.UDPAddr{IP: net.ParseIP("2001:db8:1:2:ffff::1"), Port: 1}, "2001:db8:1:2::/64"},
	}
	for _, tt := range tests {
		if got := networkOf(tt.addr); got != tt.want {
			t.Errorf("networkOf(%v) = %q, want %q", tt.addr, got, tt.want)
		}
	}
}

func TestEndSessions(t *testing.T) {
	s := startTURN(t, allowLoopback)
	ended, kept := SessionRef("session-1"), SessionRef("session-2")
	expires := time.Now().Add(time.Minute)
	u1, p1 := MintSessionCredentials(testSecret, "alice", ended, expires)
	u2, p2 := MintSessionCredentials(testSecret, "alice", kept, expires)
	c1 := clientFrom(t, s, "127.0.0.1", u1, p1)
	relay1, err := c1.Allocate()
	if err != nil {
		t.Fatal(err)
	}
	defer relay1.Close()
	relay2, err := clientFrom(t, s, "127.0.0.1", u2, p2).Allocate()
	if err != nil {
		t.Fatal(err)
	}
	defer relay2.Close()

	if n := s.EndSessions("alice", ended); n != 1 {
		t.Fatalf("EndSessions closed %d allocations, want 1", n)
	}
	deadline := time.Now().Add(10 * time.Second)
	for s.Stats().Allocations != 1 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := s.Stats().Allocations; n != 1 {
		t.Fatalf("%d allocations live, want only the other session's", n)
	}
	// The ended session's credential allocates nothing any more, from a
	// new client or over its old connection; the other session's still works.
	if relay, err := clientFrom(t, s, "127.0.0.1", u1, p1).Allocate(); err == nil {
		relay.Close()
		t.Fatal("a new allocation with the ended session's credential was accepted")
	}
	if err := c1.CreatePermission(&net.UDPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 9}); err == nil {
		t.Error("the ended session's client still has an allocation")
	}
	echo(t, relay2)
	// Even minted later, the ended session's credentials are refused.
	u3, p3 := MintSessionCredentials(testSecret, "alice", ended, expires.Add(time.Minute))
	if relay, err := clientFrom(t, s, "127.0.0.1", u3, p3).Allocate(); err == nil {
		relay.Close()
		t.Fatal("a credential minted later for the ended session was accepted")
	}
}

func TestEndEverySessionOfUser(t *testing.T) {
	s := startTURN(t)
	expires := time.Now().Add(time.Minute)
	for _, ref := range []string{SessionRef("a"), SessionRef("b"), ""} {
		u, p := MintSessionCredentials(testSecret, "bob", ref, expires)
		relay, err := clientFrom(t, s, "127.0.0.1", u, p).Allocate()
		if err != nil {
			t.Fatal(err)
		}
		defer relay.Close()
	}
	if n := s.EndSessions("bob", ""); n != 3 {
		t.Fatalf("EndSessions closed %d allocations, want 3", n)
	}
	u, p := MintSessionCredentials(testSecret, "bob", SessionRef("a"), expires)
	if relay, err := clientFrom(t, s, "127.0.0.1", u, p).Allocate(); err == nil {
		relay.Close()
		t.Fatal("a credential of a user whose sessions all ended was accepted")
	}
	// A session signed in after the end gets credentials that work.
	later := strconv.FormatInt(expires.Unix(), 10) + ":bob:" + SessionRef("c") + ":" + strconv.FormatInt(time.Now().Add(2*time.Second).Unix(), 10)
	relay, err := clientFrom(t, s, "127.0.0.1", later, password(testSecret, later)).Allocate()
	if err != nil {
		t.Fatalf("a credential minted after the end was refused: %v", err)
	}
	relay.Close()
}

func TestParseUsername(t *testing.T) {
	ttl := time.Hour
	tests := []struct {
		username string
		ok       bool
		want     credential
	}{
		{"100:alice", true, credential{user: "alice", expires: time.Unix(100, 0), issued: time.Unix(100, 0).Add(-ttl)}},
		{"100:alice:ref:40", true, credential{user: "alice", session: "ref", expires: time.Unix(100, 0), issued: time.Unix(40, 0)}},
		{"100:alice:ref", false, credential{}},
		{"100:", false, credential{}},
		{"x:alice", false, credential{}},
		{"100:al|ice", false, credential{}},
		{"100:alice::40", false, credential{}},
		{"100:alice:ref:x", false, credential{}},
	}
	for _, tt := range tests {
		got, err := parseUsername(tt.username, ttl)
		if (err == nil) != tt.ok || (tt.ok && got != tt.want) {
			t.Errorf("parseUsername(%q) = %+v, %v; want %+v ok=%v", tt.username, got, err, tt.want, tt.ok)
		}
	}
}

// An allocation made in time outlives its credential: the call goes on.
func TestExpiredCredentialKeepsItsAllocation(t *testing.T) {
	s := startTURN(t, allowLoopback)
	u, p := MintSessionCredentials(testSecret, "carol", SessionRef("s"), time.Now().Add(1500*time.Millisecond))
	c := clientFrom(t, s, "127.0.0.1", u, p)
	relay, err := c.Allocate()
	if err != nil {
		t.Fatal(err)
	}
	defer relay.Close()
	expiry, _, _ := strings.Cut(u, ":")
	exp, err := strconv.ParseInt(expiry, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(time.Minute)
	for time.Now().Unix() <= exp && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	if err := c.CreatePermission(&net.UDPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 9}); err != nil {
		t.Fatalf("a permission on an allocation made in time was refused after the credential expired: %v", err)
	}
	echo(t, relay)
	if relay, err := clientFrom(t, s, "127.0.0.1", u, p).Allocate(); err == nil {
		relay.Close()
		t.Fatal("a new allocation with an expired credential was accepted")
	}
}
