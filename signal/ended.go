package signal

import (
	"context"
	"net/http"
	"sync"
	"time"

	"github.com/livekit/protocol/livekit"
)

// SessionChecker tells whether a sign-in session is still live (not
// signed out, expired or revoked). The platform implements it.
type SessionChecker interface {
	SessionLive(ctx context.Context, sessionID string) (bool, error)
}

var errSessionEnded = &authError{http.StatusUnauthorized, "the sign-in session of this token has ended; sign in again"}

// endedMemory is how long an ended session is remembered here. The
// SessionChecker is the authority; this covers tokens still in flight
// when it is absent (a node without the database) and must outlast the
// tokens minted for the session.
const endedMemory = 24 * time.Hour

// endedSessions remembers sessions that ended, as this node heard.
type endedSessions struct {
	mu sync.Mutex
	// sessions maps a session id to when it ended.
	sessions map[string]time.Time
	// users maps an identity to when all its sessions ended: its tokens
	// issued until then are refused.
	users map[string]time.Time
}

func (e *endedSessions) add(identity, session string, at time.Time) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.sessions == nil {
		e.sessions, e.users = map[string]time.Time{}, map[string]time.Time{}
	}
	for k, t := range e.sessions {
		if at.Sub(t) > endedMemory {
			delete(e.sessions, k)
		}
	}
	for k, t := range e.users {
		if at.Sub(t) > endedMemory {
			delete(e.users, k)
		}
	}
	if session != "" {
		e.sessions[session] = at
	} else {
		e.users[identity] = at
	}
}

// ended reports whether a token of identity, minted under session at
// issued, belongs to a session that ended.
func (e *endedSessions) ended(identity, session string, issued time.Time) bool {
	if session == "" {
		return false
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if _, ok := e.sessions[session]; ok {
		return true
	}
	t, ok := e.users[identity]
	return ok && !issued.After(t)
}

// joined is a live connection admitted with a user's token.
type joined struct {
	identity, session string
	issued            time.Time
	sess              Session
}

// checkSession refuses a user's token whose sign-in session ended.
func (s *Server) checkSession(ctx context.Context, tok *verifiedToken) error {
	session := tok.call.Session
	if session == "" {
		return nil
	}
	if s.ended.ended(tok.grants.Identity, session, tok.issued) {
		return errSessionEnded
	}
	if s.cfg.Sessions == nil {
		return nil
	}
	live, err := s.cfg.Sessions.SessionLive(ctx, session)
	switch {
	case err != nil:
		s.log.Warn("sign-in session not checked", "identity", tok.grants.Identity, "err", err)
		return &authError{http.StatusServiceUnavailable, "cannot check the sign-in session right now; try again shortly"}
	case !live:
		return errSessionEnded
	}
	return nil
}

// track records an admitted user's connection so that EndSessions finds
// it; it reports false when the session ended meanwhile.
func (s *Server) track(c *conn, tok *verifiedToken, sess Session) bool {
	if tok.call.Session == "" {
		return true
	}
	s.mu.Lock()
	s.joined[c] = joined{identity: tok.grants.Identity, session: tok.call.Session, issued: tok.issued, sess: sess}
	s.mu.Unlock()
	// An end that arrived between the join check and now found nothing
	// to remove.
	return !s.ended.ended(tok.grants.Identity, tok.call.Session, tok.issued)
}

func (s *Server) untrack(c *conn) {
	s.mu.Lock()
	delete(s.joined, c)
	s.mu.Unlock()
}

// EndSessions removes, with PARTICIPANT_REMOVED, this node's participants
// that joined with tokens of the identity's sign-in session (of every
// session when session is ""), and refuses those tokens from now on. It
// returns how many participants it removed.
func (s *Server) EndSessions(identity, session string) int {
	s.ended.add(identity, session, time.Now())
	s.mu.Lock()
	var ending []*conn
	for c, j := range s.joined {
		if j.identity == identity && (session == "" || j.session == session) {
			ending = append(ending, c)
		}
	}
	s.mu.Unlock()
	for _, c := range ending {
		s.mu.Lock()
		j, ok := s.joined[c]
		s.mu.Unlock()
		if ok {
			s.removeSignedOut(c, j.sess)
		}
	}
	return len(ending)
}

// removeSignedOut ends a participant whose sign-in session ended.
func (s *Server) removeSignedOut(c *conn, sess Session) {
	_ = c.Send(&livekit.SignalResponse{Message: &livekit.SignalResponse_Leave{Leave: &livekit.LeaveRequest{
		Reason: livekit.DisconnectReason_PARTICIPANT_REMOVED, Action: livekit.LeaveRequest_DISCONNECT,
	}}})
	c.Close("signed out")
	sess.Remove(livekit.DisconnectReason_PARTICIPANT_REMOVED)
}
