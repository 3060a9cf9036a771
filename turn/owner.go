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

// revocations remembers ended sessions until the credentials minted
// before their end have expired.
type revocations struct {
	// memory is the longest life of a credential (Config.CredentialTTL).
	memory time.Duration

	mu sync.Mutex
	// sessions maps "user|session" to when that session ended: its
	// credentials are refused whenever they were minted.
	sessions map[string]time.Time
	// users maps a user to when all its sessions ended: credentials
	// minted until then are refused, later ones (a new sign-in) are not.
	users map[string]time.Time
}

func newRevocations(memory time.Duration) *revocations {
	return &revocations{memory: memory, sessions: map[string]time.Time{}, users: map[string]time.Time{}}
}

func (r *revocations) revoke(user, session string, at time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if session == "" {
		r.users[user] = at
	} else {
		r.sessions[user+ownerSep+session] = at
	}
}

// refused reports whether a credential of the user's session minted at
// issued was revoked.
func (r *revocations) refused(user, session string, issued time.Time) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if t, ok := r.users[user]; ok && !issued.After(t) {
		return true
	}
	if session == "" {
		return false
	}
	_, ok := r.sessions[user+ownerSep+session]
	return ok
}

// prune forgets revocations older than any credential can live.
func (r *revocations) prune(now time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, m := range []map[string]time.Time{r.sessions, r.users} {
		for k, t := range m {
			if now.Sub(t) > r.memory {
				delete(m, k)
			}
		}
	}
}
