package realtime

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"souk/platform"
	"souk/platform/realtime/socketio"
)

// member is what the service knows about a connected socket.
type member struct {
	user *platform.User
	site *platform.Site
	rate *bucket
	log  *slog.Logger
	// token and sessionID tie the socket to its session, which may end
	// before the socket does; expiry closes it when the session expires.
	token     string
	sessionID string
	expiry    *time.Timer
}

func memberOf(s *socketio.Socket) *member {
	m, _ := s.Data().(*member)
	return m
}

// connectAuth is the CONNECT payload the client may send.
type connectAuth struct {
	Token string `json:"token"`
}

// admit authenticates a socket: the apiToken comes in the auth payload
// or the token query parameter, and must belong to a user of the site
// the Host header selects.
func (s *Service) admit(sock *socketio.Socket, auth json.RawMessage) error {
	ctx := sock.Context()
	site := platform.SiteFrom(ctx)
	if site == nil {
		s.log.Error("realtime handshake without a site: mount the handler below the site middleware")
		return &socketio.Refusal{Message: "no site for this host", Data: errorBody(platform.EINTERNAL, "no site for this host")}
	}
	token := strings.TrimSpace(sock.Query().Get("token"))
	if len(auth) > 0 {
		var a connectAuth
		if err := json.Unmarshal(auth, &a); err != nil {
			return refusal(platform.EINVALID, "auth must look like {\"token\": \"<apiToken>\"}")
		}
		if a.Token != "" {
			token = strings.TrimSpace(a.Token)
		}
	}
	if token == "" {
		return refusal(platform.EUNAUTHORIZED, "an apiToken is required: pass it as the token query parameter or in auth {token}")
	}
	sess, err := s.auth.AuthenticateAPISession(ctx, site.Project, token)
	if err != nil {
		if platform.ErrorCode(err) == platform.EINTERNAL {
			s.log.Error("realtime authentication failed", "site", site.Project, "err", err)
			return refusal(platform.EINTERNAL, "authentication is unavailable, try again later")
		}
		s.log.Info("realtime connection refused", "site", site.Project, "remote", sock.RemoteAddr(), "err", err)
		return refusal(platform.EUNAUTHORIZED, "invalid or expired apiToken")
	}
	user := sess.User
	tooMany := func(where string) error {
		s.log.Info("realtime connection refused: too many connections", "site", site.Project, "user", user.ID, "counted", where)
		return refusal(platform.ERATELIMIT, fmt.Sprintf("too many connections for this user (at most %d)", s.cfg.MaxConnectionsPerUser))
	}
	if !s.countConnection(site.Project, user.ID) {
		return tooMany("this node")
	}
	if !s.acquireSharedSlot(ctx, userKey{site.Project, user.ID}, sock) {
		s.releaseConnection(site.Project, user.ID)
		return tooMany("all nodes")
	}
	m := &member{
		user:      user,
		site:      site,
		rate:      newBucket(s.cfg.MessageRate, s.cfg.MessageBurst),
		log:       s.log.With("site", site.Project, "user", user.ID, "socket", sock.ID()),
		token:     token,
		sessionID: sess.ID,
	}
	sock.SetData(m)
	s.track(sock, m, sess.ExpiresAt)
	return nil
}

func refusal(code, message string) error {
	return &socketio.Refusal{Message: message, Data: errorBody(code, message)}
}

func (s *Service) countConnection(site, user string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	k := userKey{site, user}
	if s.connections[k] >= s.cfg.MaxConnectionsPerUser {
		return false
	}
	s.connections[k]++
	return true
}

func (s *Service) releaseConnection(site, user string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	k := userKey{site, user}
	if s.connections[k] <= 1 {
		delete(s.connections, k)
		return
	}
	s.connections[k]--
}

// leaveAll tells the rooms of a departing socket that it left.
func (s *Service) leaveAll(sock *socketio.Socket, reason string) {
	m := memberOf(sock)
	if m == nil {
		return
	}
	s.untrack(sock, m)
	s.releaseConnection(m.site.Project, m.user.ID)
	s.releaseSharedSlot(userKey{m.site.Project, m.user.ID}, sock)
	for _, key := range sock.Rooms() {
		s.announce(sock, m, key, PrefixLeave, "leave")
	}
	m.log.Debug("realtime socket left", "reason", reason)
}
