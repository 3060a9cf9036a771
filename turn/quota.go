package turn

import (
	"errors"
	"net"
	"sync"
	"sync/atomic"
	"time"

	pturn "github.com/pion/turn/v5"
)

var errQuota = errors.New("turn: allocation quota reached")

// relays creates relay sockets bound to the relay address and enforces the
// allocation quotas, the per-allocation byte rate and the idle timeout.
type relays struct {
	inner  pturn.RelayAddressGenerator
	bindIP string
	// natIPs are this server's public addresses that are not on any
	// interface (1:1 NAT, Docker). Packets from a relay to a self port on
	// one of them go to the same port on local instead, so that relayed
	// calls reach the SFU without the NAT's hairpin; replies are mapped
	// back, so the client only ever sees the public address.
	natIPs                     []net.IP
	local                      net.IP
	perUser, perNetwork, total int
	bytesPerSecond             int
	idle                       time.Duration
	policy                     peerPolicy
	dropped                    atomic.Uint64
	// refused counts packets to or from this host's own addresses on a
	// port other than the self ports.
	refused atomic.Uint64

	mu        sync.Mutex
	byUser    map[string]int
	byNetwork map[string]int
	live      map[*relayConn]struct{}
}

func newRelays(relayIP, bindIP net.IP, policy peerPolicy, natIPs []net.IP, cfg Config) *relays {
	return &relays{
		policy:         policy,
		bindIP:         bindIP.String(),
		local:          bindIP,
		natIPs:         natIPs,
		inner:          &pturn.RelayAddressGeneratorStatic{RelayAddress: relayIP, Address: bindIP.String()},
		perUser:        cfg.MaxAllocationsPerUser,
		perNetwork:     cfg.MaxAllocationsPerNetwork,
		total:          cfg.MaxAllocations,
		bytesPerSecond: cfg.BytesPerSecond,
		idle:           cfg.IdleTimeout,
		byUser:         map[string]int{},
		byNetwork:      map[string]int{},
		live:           map[*relayConn]struct{}{},
	}
}

// admit is the QuotaHandler: it answers 486 before any socket is opened.
// key is the allocation's owner key (see owner).
func (r *relays) admit(key string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.roomFor(parseOwner(key))
}

// roomFor reports whether o may hold one more allocation; r.mu is held.
func (r *relays) roomFor(o owner) bool {
	return len(r.live) < r.total && r.byUser[o.user] < r.perUser && r.byNetwork[o.network] < r.perNetwork
}

func (r *relays) active() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.live)
}

func (r *relays) Validate() error { return r.inner.Validate() }

func (r *relays) AllocatePacketConn(conf pturn.AllocateListenerConfig) (net.PacketConn, net.Addr, error) {
	o := parseOwner(conf.UserID)
	r.mu.Lock()
	if !r.roomFor(o) {
		r.mu.Unlock()
		return nil, nil, errQuota
	}
	// Reserve before opening the socket so that concurrent requests
	// cannot overshoot the quota.
	rc := &relayConn{relays: r, owner: o}
	r.byUser[o.user]++
	r.byNetwork[o.network]++
	r.live[rc] = struct{}{}
	r.mu.Unlock()

	pc, addr, err := r.inner.AllocatePacketConn(conf)
	if err != nil {
		r.release(rc)
		return nil, nil, err
	}
	r.mu.Lock()
	rc.PacketConn = pc
	rc.in = newBucket(r.bytesPerSecond)
	rc.out = newBucket(r.bytesPerSecond)
	rc.touch()
	r.mu.Unlock()
	return rc, addr, nil
}

// TCP relays (RFC 6062) are not offered: browsers never ask for them and
// they would open outgoing connections from the server.
func (r *relays) AllocateListener(pturn.AllocateListenerConfig) (net.Listener, net.Addr, error) {
	return nil, nil, errors.New("turn: tcp relay allocations are not offered")
}

func (r *relays) AllocateConn(pturn.AllocateConnConfig) (net.Conn, error) {
	return nil, errors.New("turn: tcp relay allocations are not offered")
}

func (r *relays) release(rc *relayConn) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.live[rc]; !ok {
		return
	}
	delete(r.live, rc)
	if r.byUser[rc.owner.user]--; r.byUser[rc.owner.user] <= 0 {
		delete(r.byUser, rc.owner.user)
	}
	if r.byNetwork[rc.owner.network]--; r.byNetwork[rc.owner.network] <= 0 {
		delete(r.byNetwork, rc.owner.network)
	}
}

// closeSessions closes the relays of the user's session (every session
// when session is ""); the TURN server then deletes their allocations.
func (r *relays) closeSessions(user, session string) int {
	r.mu.Lock()
	var ending []*relayConn
	for rc := range r.live {
		if rc.PacketConn != nil && rc.owner.user == user && (session == "" || rc.owner.session == session) {
			ending = append(ending, rc)
		}
	}
	r.mu.Unlock()
	for _, rc := range ending {
		_ = rc.Close()
	}
	return len(ending)
}

// expireIdle closes relays that carried nothing for the idle timeout; the
// TURN server then deletes their allocations.
func (r *relays) expireIdle(now time.Time) int {
	r.mu.Lock()
	var idle []*relayConn
	for rc := range r.live {
		if rc.PacketConn != nil && now.Sub(rc.lastActive()) > r.idle {
			idle = append(idle, rc)
		}
	}
	r.mu.Unlock()
	for _, rc := range idle {
		_ = rc.Close()
	}
	return len(idle)
}

// relayConn is one allocation's relay socket.
type relayConn struct {
	net.PacketConn
	relays  *relays
	owner   owner
	in, out *bucket
	active  atomic.Int64 // unix nanoseconds of the last relayed packet
	once    sync.Once
}

func (c *relayConn) touch()                { c.active.Store(time.Now().UnixNano()) }
func (c *relayConn) lastActive() time.Time { return time.Unix(0, c.active.Load()) }

// ReadFrom receives from peers; packets over the byte rate are dropped.
func (c *relayConn) ReadFrom(p []byte) (int, net.Addr, error) {
	for {
		n, addr, err := c.PacketConn.ReadFrom(p)
		if err != nil {
			return n, addr, err
		}
		addr = c.relays.fromLocal(addr)
		if !c.relays.policy.deliverable(addr) {
			c.relays.refused.Add(1)
			continue
		}
		if c.in.take(n, time.Now()) {
			c.touch()
			return n, addr, nil
		}
		c.relays.dropped.Add(1)
	}
}

// WriteTo sends to a peer; packets over the byte rate are dropped, as a
// congested link would.
func (c *relayConn) WriteTo(p []byte, addr net.Addr) (int, error) {
	if !c.relays.policy.deliverable(addr) {
		c.relays.refused.Add(1)
		return len(p), nil
	}
	addr = c.relays.toLocal(addr)
	if !c.out.take(len(p), time.Now()) {
		c.relays.dropped.Add(1)
		return len(p), nil
	}
	c.touch()
	return c.PacketConn.WriteTo(p, addr)
}

func (c *relayConn) Close() error {
	var err error
	c.once.Do(func() {
		err = c.PacketConn.Close()
		c.relays.release(c)
	})
	return err
}

// bucket is a token bucket holding at most one second of traffic.
type bucket struct {
	mu     sync.Mutex
	rate   float64
	tokens float64
	last   time.Time
}

func newBucket(bytesPerSecond int) *bucket {
	return &bucket{rate: float64(bytesPerSecond), tokens: float64(bytesPerSecond), last: time.Now()}
}

func (b *bucket) take(n int, now time.Time) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.tokens = min(b.rate, b.tokens+now.Sub(b.last).Seconds()*b.rate)
	b.last = now
	if b.tokens < float64(n) {
		return false
	}
	b.tokens -= float64(n)
	return true
}

// toLocal maps a self port on a NAT address to the same port locally.
func (r *relays) toLocal(addr net.Addr) net.Addr {
	u, ok := addr.(*net.UDPAddr)
	if !ok || !r.policy.selfPorts[u.Port] {
		return addr
	}
	for _, ip := range r.natIPs {
		if ip.Equal(u.IP) {
			return &net.UDPAddr{IP: r.local, Port: u.Port}
		}
	}
	return addr
}

// fromLocal is toLocal's inverse for replies: a self port on the local
// address appears to come from the NAT address of the same family.
func (r *relays) fromLocal(addr net.Addr) net.Addr {
	u, ok := addr.(*net.UDPAddr)
	if !ok || len(r.natIPs) == 0 || !r.policy.selfPorts[u.Port] || !u.IP.Equal(r.local) {
		return addr
	}
	for _, ip := range r.natIPs {
		if (ip.To4() == nil) == (u.IP.To4() == nil) {
			return &net.UDPAddr{IP: ip, Port: u.Port}
		}
	}
	return addr
}
