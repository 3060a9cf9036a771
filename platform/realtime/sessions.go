package realtime

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/gorilla/websocket"

	"souk/platform"
	"souk/platform/realtime/bus"
	"souk/platform/realtime/socketio"
)

// kindSessionEnd marks bus messages that end sessions rather than carry
// a room broadcast; every node closes its own sockets of those sessions.
const kindSessionEnd = "session-end"

// sessionEndMessages are what a user reads when their socket closes.
var sessionEndMessages = map[string]string{
	platform.EndLogout:         "signed out",
	platform.EndPasswordChange: "the password was changed; sign in again",
	platform.EndExpired:        "the session expired; sign in again",
}

// SessionsEnded implements platform.SessionNotifier: the user's sockets of
// the ended session (or of every session) are disconnected on every node.
func (s *Service) SessionsEnded(ctx context.Context, end platform.SessionEnd) error {
	return PublishSessionEnd(ctx, s.bus, s.node, end)
}

// PublishSessionEnd tells every node on b to close the sockets of ended
// sessions; processes without a Service of their own (the admin command)
// use it on the shared Redis bus.
func PublishSessionEnd(ctx context.Context, b bus.Bus, origin string, end platform.SessionEnd) error {
	raw, err := json.Marshal(end)
	if err != nil {
		return fmt.Errorf("encode session end: %w", err)
	}
	return b.Publish(ctx, bus.Message{Kind: kindSessionEnd, Data: raw, Origin: origin})
}

// endSessions disconnects this node's sockets of an ended session.
func (s *Service) endSessions(raw json.RawMessage) {
	var end platform.SessionEnd
	if err := json.Unmarshal(raw, &end); err != nil {
		s.log.Warn("undecodable session end dropped", "err", err)
		return
	}
	s.mu.Lock()
	var ending []*socketio.Socket
	for sock := range s.sockets[userKey{end.Site, end.UserID}] {
		if m := memberOf(sock); m != nil && (end.SessionID == "" || m.sessionID == end.SessionID) {
			ending = append(ending, sock)
		}
	}
	listeners := s.sessionEnds
	s.mu.Unlock()
	for _, sock := range ending {
		s.endSocket(sock, end.Reason)
	}
	for _, f := range listeners {
		f(end)
	}
}

// OnSessionEnd has f called on this node for every ended session the bus
// delivers (from any node), so that what else the session holds open
// here, such as its calls, ends too.
func (s *Service) OnSessionEnd(f func(platform.SessionEnd)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sessionEnds = append(s.sessionEnds[:len(s.sessionEnds):len(s.sessionEnds)], f)
}

// SessionEndOf decodes a bus message that ends sessions; ok is false for
// other messages. Processes that subscribe to the bus without a Service
// (a media node without the platform) use it.
func SessionEndOf(m bus.Message) (end platform.SessionEnd, ok bool) {
	if m.Kind != kindSessionEnd {
		return platform.SessionEnd{}, false
	}
	if err := json.Unmarshal(m.Data, &end); err != nil {
		return platform.SessionEnd{}, false
	}
	return end, true
}

// endSocket tells the client why its session ended, then closes it.
func (s *Service) endSocket(sock *socketio.Socket, reason string) {
	message, ok := sessionEndMessages[reason]
	if !ok {
		message = "the session ended; sign in again"
	}
	if m := memberOf(sock); m != nil {
		m.log.Info("realtime socket closed: session ended", "reason", reason)
	}
	sock.Emit(EventDisconnectReason, map[string]string{"code": platform.EUNAUTHORIZED, "reason": reason, "message": message})
	sock.Disconnect(websocket.CloseNormalClosure, message)
}

// track registers an admitted socket under its user and closes it when
// its session expires.
func (s *Service) track(sock *socketio.Socket, m *member, expires time.Time) {
	k := userKey{m.site.Project, m.user.ID}
	s.mu.Lock()
	if s.sockets[k] == nil {
		s.sockets[k] = make(map[*socketio.Socket]struct{})
	}
	s.sockets[k][sock] = struct{}{}
	s.mu.Unlock()
	m.expiry = time.AfterFunc(time.Until(expires), func() { s.endSocket(sock, platform.EndExpired) })
}

// untrack forgets a departed socket.
func (s *Service) untrack(sock *socketio.Socket, m *member) {
	if m.expiry != nil {
		m.expiry.Stop()
	}
	k := userKey{m.site.Project, m.user.ID}
	s.mu.Lock()
	delete(s.sockets[k], sock)
	if len(s.sockets[k]) == 0 {
		delete(s.sockets, k)
	}
	s.mu.Unlock()
}

// stillSignedIn checks the socket's token again before it may join a
// room, so that a session that ended refuses joins even if its end was
// not delivered to this node.
func (s *Service) stillSignedIn(ctx context.Context, sock *socketio.Socket, m *member) error {
	_, err := s.auth.AuthenticateAPISession(ctx, m.site.Project, m.token)
	switch platform.ErrorCode(err) {
	case "":
		return nil
	case platform.EUNAUTHORIZED:
		go s.endSocket(sock, platform.EndExpired)
		return platform.Errorf(platform.EUNAUTHORIZED, "the session ended; sign in again")
	default:
		return fmt.Errorf("check session: %w", err)
	}
}
