package turn

import (
	"net"
	"sync"
	"testing"
	"time"
)

// recordingConn stands in for a relay socket: it records where packets
// would go and plays back queued datagrams, so that no packet leaves the
// machine.
type recordingConn struct {
	net.PacketConn
	mu    sync.Mutex
	sent  []string
	inbox chan datagram
}

type datagram struct {
	from net.Addr
	data []byte
}

func (c *recordingConn) WriteTo(p []byte, addr net.Addr) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sent = append(c.sent, addr.String())
	return len(p), nil
}

func (c *recordingConn) ReadFrom(p []byte) (int, net.Addr, error) {
	select {
	case d := <-c.inbox:
		return copy(p, d.data), d.from, nil
	case <-time.After(time.Second):
		return 0, nil, net.ErrClosed
	}
}

func (c *recordingConn) Close() error { return nil }

// Behind 1:1 NAT the SFU's advertised address is not on this host: a relay
// sends its packets for the SFU's port to the local address instead and
// shows the SFU's replies as coming from the public one.
func TestRelayToSFUBehindNAT(t *testing.T) {
	public, local := net.ParseIP("203.0.113.7"), net.ParseIP("172.17.0.2")
	const sfuPort = 7882
	policy := newPeerPolicy(nil, []net.IP{public, local}, []int{sfuPort})
	r := newRelays(local, local, policy, []net.IP{public}, Config{}.withDefaults())
	inner := &recordingConn{inbox: make(chan datagram, 4)}
	rc := &relayConn{PacketConn: inner, relays: r, in: newBucket(1 << 30), out: newBucket(1 << 30)}

	for _, to := range []*net.UDPAddr{{IP: public, Port: sfuPort}, {IP: public, Port: 22}, {IP: local, Port: 6379}} {
		if _, err := rc.WriteTo([]byte("x"), to); err != nil {
			t.Fatal(err)
		}
	}
	if got := inner.sent; len(got) != 1 || got[0] != "172.17.0.2:7882" {
		t.Fatalf("sent to %v, want only the SFU's local port", got)
	}
	if n := r.refused.Load(); n != 2 {
		t.Errorf("refused %d packets to other ports of this host, want 2", n)
	}

	inner.inbox <- datagram{from: &net.UDPAddr{IP: local, Port: 6379}, data: []byte("other service")}
	inner.inbox <- datagram{from: &net.UDPAddr{IP: local, Port: sfuPort}, data: []byte("reply")}
	buf := make([]byte, 64)
	n, from, err := rc.ReadFrom(buf)
	if err != nil {
		t.Fatal(err)
	}
	if string(buf[:n]) != "reply" || from.String() != "203.0.113.7:7882" {
		t.Fatalf("read %q from %v, want the SFU's reply from its public address", buf[:n], from)
	}
}
