package direct

import (
	"net/netip"
	"sync"

	"github.com/pion/ice/v4"
	"github.com/pion/stun/v3"
	"github.com/pion/webrtc/v4"
)

// Consent checks answered on the direct path. Each peer sends a STUN
// binding request on the selected pair every couple of seconds (RFC 7675;
// pion every 2 s, Chrome every 2.5 s). Through pion, each crossed the UDP
// mux, the candidate's reader and the ICE agent's task loop, two goroutine
// wake-ups plus a signed answer: with a hundred viewers, each with two
// connections, that was a sixth of all the server's wake-ups. A request
// from a direct route's peer address that is a plain check on the
// selected pair is answered by the socket's reader instead, with the
// answer pion would give (the same transaction, XOR-MAPPED-ADDRESS,
// MESSAGE-INTEGRITY with our password, FINGERPRINT).
//
// Everything else goes to pion as before: a nomination (USE-CANDIDATE or
// renomination), a role that conflicts with ours, a username that is not
// the current one (an ICE restart) or a check that fails to authenticate.
// pion stops seeing the peer's checks, so it hears from the peer through
// the answers to its own checks (every 2 s); the server's ICE timeouts
// (sfu's webrtc.go) leave room for several of them to be lost.

// iceCreds is what answering a check on a route needs.
type iceCreds struct {
	username    string // our ufrag, a colon, the peer's ufrag
	password    stun.MessageIntegrity
	controlling bool // our ICE role
}

// iceCredsOf reads the connection's current credentials and role; nil
// when ICE has not started.
func iceCredsOf(t *webrtc.ICETransport) *iceCreds {
	if t == nil {
		return nil
	}
	local, err := t.GetLocalParameters()
	if err != nil || local.UsernameFragment == "" {
		return nil
	}
	remote, err := t.GetRemoteParameters()
	if err != nil || remote.UsernameFragment == "" {
		return nil
	}
	return &iceCreds{username: local.UsernameFragment + ":" + remote.UsernameFragment,
		password: stun.NewShortTermIntegrity(local.Password), controlling: t.Role() == webrtc.ICERoleControlling}
}

// stunAnswerer holds the scratch messages of one connection's answers.
type stunAnswerer struct {
	mu       sync.Mutex
	req, res stun.Message
	user     stun.Username
}

// AnswerSTUN answers b, a binding request from from, when it is a plain
// consent check on d's route, and says whether it did.
func (d *Conn) AnswerSTUN(b []byte, from netip.AddrPort) bool {
	r := d.route.Load()
	if r == nil || r.creds == nil || from != r.to {
		return false
	}
	a := &d.stun
	a.mu.Lock()
	defer a.mu.Unlock()
	req := &a.req
	req.Raw = append(req.Raw[:0], b...)
	if req.Decode() != nil || req.Type != stun.BindingRequest {
		return false
	}
	role := stun.AttrICEControlling // the peer's role is the other one
	if r.creds.controlling {
		role = stun.AttrICEControlled
	}
	if !req.Contains(role) || req.Contains(stun.AttrUseCandidate) || req.Contains(ice.DefaultNominationAttribute) {
		return false
	}
	if a.user.GetFrom(req) != nil || string(a.user) != r.creds.username {
		return false
	}
	if stun.Fingerprint.Check(req) != nil || r.creds.password.Check(req) != nil {
		return false
	}
	res := &a.res
	res.Reset()
	mapped := stun.XORMappedAddress{IP: from.Addr().AsSlice(), Port: int(from.Port())}
	if res.Build(req, stun.BindingSuccess, &mapped, r.creds.password, stun.Fingerprint) != nil {
		return false
	}
	if _, err := r.conn.WriteToAddrPort(res.Raw, from); err != nil {
		d.log.Debug("consent check answer not sent", "peer", from.String(), "err", err)
	}
	return true
}
