package turn

import (
	"crypto/sha256"
	"encoding/base64"
	"net"
	"net/netip"
	"strings"
	"sync"
	"time"
)

// owner is who an allocation counts against: the client's network, the
// user, and the sign-in session the credential was minted for ("" for
// credentials minted without one, such as an external tool's).
type owner struct {
	network, user, session string
}

// The TURN server keeps the owner as the allocation's user id, so that
// every later request on the allocation must come from the same owner.
const ownerSep = "|"

func (o owner) key() string { return o.network + ownerSep + o.user + ownerSep + o.session }

func parseOwner(key string) owner {
	network, rest, _ := strings.Cut(key, ownerSep)
	user, session, _ := strings.Cut(rest, ownerSep)
	return owner{network: network, user: user, session: session}
}

// networkOf is the quota key of a client address: the IPv4 address, or
// the /64 of an IPv6 address (one subscriber's usual assignment).
func networkOf(a net.Addr) string {
	var ip netip.Addr
	switch v := a.(type) {
	case *net.UDPAddr:
		ip, _ = netip.AddrFromSlice(v.IP)
	case *net.TCPAddr:
		ip, _ = netip.AddrFromSlice(v.IP)
	default:
		if ap, err := netip.ParseAddrPort(a.String()); err == nil {
			ip = ap.Addr()
		}
	}
	ip = ip.Unmap()
	if ip.Is6() {
		return netip.PrefixFrom(ip, 64).Masked().String()
	}
	return ip.String()
}

// SessionRef is how a TURN username names a sign-in session: a digest,
// since usernames cross the network in the clear.
func SessionRef(sessionID string) string {
	if sessionID == "" {
		return ""
	}
	sum := sha256.Sum256([]byte("souk turn session\x00" + sessionID))
	return base64.RawURLEncoding.EncodeToString(sum[:12])
}

// revocations remembers ended sessions until the credentials minted for
// them have expired.
type revocations struct {
	mu sync.Mutex
	// until maps "user" (every session of the user) or "user|session" to
	// the latest expiry of a credential that is refused.
	until map[string]time.Time
}

func newRevocations() *revocations { return &revocations{until: map[string]time.Time{}} }

func revocationKey(user, session string) string {
	if session == "" {
		return user
	}
	return user + ownerSep + session
}

// revoke refuses credentials of the user's session (every session when
// session is "") that expire at or before notAfter.
func (r *revocations) revoke(user, session string, notAfter time.Time) {
	k := revocationKey(user, session)
	r.mu.Lock()
	defer r.mu.Unlock()
	if notAfter.After(r.until[k]) {
		r.until[k] = notAfter
	}
}

// refused reports whether a credential of user and session expiring at
// expiry was revoked.
func (r *revocations) refused(user, session string, expiry time.Time) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if t, ok := r.until[user]; ok && !expiry.After(t) {
		return true
	}
	if session == "" {
		return false
	}
	t, ok := r.until[revocationKey(user, session)]
	return ok && !expiry.After(t)
}

// prune forgets revocations whose credentials have all expired.
func (r *revocations) prune(now time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for k, t := range r.until {
		if now.After(t) {
			delete(r.until, k)
		}
	}
}
