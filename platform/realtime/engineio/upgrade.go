package engineio

import (
	"net/http"
	"time"

	"github.com/gorilla/websocket"
)

// upgradeTimeout is how long a WebSocket that asks to take over a polling
// session may take to complete the upgrade (the reference server's
// default).
const upgradeTimeout = 10 * time.Second

// serveUpgrade moves a polling session onto the WebSocket this request
// opens: the client probes ("2probe", answered "3probe"), the pending
// poll ends with a noop, and the client's upgrade packet ("5") switches
// the session's writer and reader to the WebSocket. Until then the
// session goes on polling; a failed upgrade leaves it there.
func (s *Server) serveUpgrade(w http.ResponseWriter, r *http.Request, sess *Session) {
	if !s.enter(w) {
		return
	}
	defer s.wg.Done()
	sess.poll.mu.Lock()
	taken := sess.ws.Load() || sess.poll.upgrading || sess.closing.Load()
	if !taken {
		sess.poll.upgrading = true
		sess.poll.upgraded = make(chan struct{})
	}
	sess.poll.mu.Unlock()
	conn, wire, ok := s.upgrade(w, r)
	if !ok {
		if !taken {
			sess.abandonUpgrade(nil)
		}
		return
	}
	if taken {
		// As the reference server does: the socket opens, and closes.
		s.opts.Logger.Debug("realtime upgrade refused: the session already upgraded or is upgrading", "sid", sess.id, "remote", r.RemoteAddr)
		closeNow(conn, websocket.ClosePolicyViolation, "session already upgraded")
		return
	}
	sess.poll.mu.Lock()
	sess.poll.probe = conn
	closing := sess.closing.Load()
	sess.poll.mu.Unlock()
	if closing || !sess.awaitUpgrade(conn) {
		sess.abandonUpgrade(conn)
		return
	}

	sess.poll.mu.Lock()
	if sess.closing.Load() {
		sess.poll.mu.Unlock()
		sess.abandonUpgrade(conn)
		return
	}
	sess.conn, sess.wire = conn, wire
	sess.poll.probe = nil
	sess.poll.upgrading = false
	sess.poll.probed = false
	sess.poll.awaitingPong = false
	sess.poll.stopTimers()
	sess.ws.Store(true)
	close(sess.poll.upgraded)
	sess.poll.mu.Unlock()
	// A poll still pending ends with a noop; what is queued goes out on
	// the WebSocket.
	signal(sess.poll.kick)
	conn.SetReadDeadline(time.Time{})
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		sess.writeLoop()
	}()
	sess.readLoop()
}

// awaitUpgrade runs the probe exchange on the new WebSocket and reports
// whether the client completed the upgrade.
func (s *Session) awaitUpgrade(conn *websocket.Conn) bool {
	conn.SetReadDeadline(time.Now().Add(upgradeTimeout))
	typ, data, err := conn.ReadMessage()
	if err != nil || typ != websocket.TextMessage || string(data) != "2probe" {
		s.srv.opts.Logger.Debug("realtime upgrade abandoned: no probe", "sid", s.id, "err", err)
		return false
	}
	conn.SetWriteDeadline(time.Now().Add(s.srv.opts.WriteTimeout))
	if err := conn.WriteMessage(websocket.TextMessage, []byte("3probe")); err != nil {
		return false
	}
	// The client now waits for its pending poll to end before it sends
	// the upgrade packet.
	s.poll.mu.Lock()
	s.poll.probed = true
	s.poll.mu.Unlock()
	signal(s.poll.kick)
	typ, data, err = conn.ReadMessage()
	if err != nil || typ != websocket.TextMessage || string(data) != string(PacketUpgrade) {
		s.srv.opts.Logger.Debug("realtime upgrade abandoned: no upgrade packet", "sid", s.id, "err", err)
		return false
	}
	return true
}

// abandonUpgrade lets the session go on polling and closes the WebSocket
// that failed to take over, if there is one.
func (s *Session) abandonUpgrade(conn *websocket.Conn) {
	s.poll.mu.Lock()
	if s.poll.upgrading {
		s.poll.upgrading = false
		s.poll.probed = false
		close(s.poll.upgraded)
	}
	if s.poll.probe == conn {
		s.poll.probe = nil
	}
	s.poll.mu.Unlock()
	if conn != nil {
		closeNow(conn, websocket.CloseNormalClosure, "upgrade abandoned")
	}
}

// closeNow says goodbye on a WebSocket that carries no session and drops
// it.
func closeNow(conn *websocket.Conn, code int, reason string) {
	conn.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, reason), time.Now().Add(time.Second))
	conn.Close()
}
