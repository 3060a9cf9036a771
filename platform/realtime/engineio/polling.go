package engineio

import (
	"errors"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// Transport names as they appear in the transport query parameter.
const (
	TransportPolling   = "polling"
	TransportWebSocket = "websocket"
)

// pollCloseGrace is how long a polling session that the server closes
// with frames still queued waits for the client's next GET to carry them
// (and the close packet) before it ends anyway. A polling client sends
// its next GET as soon as the previous one returns, so this covers a slow
// round trip, not an absent client.
const pollCloseGrace = 5 * time.Second

// pollState is what a long-polling session tracks besides its outbox.
// Its fields are guarded by mu, and so are Session.conn and wire while an
// upgrade sets them.
type pollState struct {
	mu         sync.Mutex
	getPending bool // a GET waits for frames
	posting    bool // a POST is being read
	upgrading  bool // a WebSocket asked to take over
	probed     bool // and answered the probe: polls end with a noop
	// upgraded is closed when an upgrade completes or is abandoned.
	upgraded chan struct{}
	probe    *websocket.Conn
	// kick tells the pending GET to look again: the upgrade wants it to
	// end with a noop. Capacity 1.
	kick chan struct{}

	// The heartbeat of a polling session runs on timers rather than a
	// goroutine: an idle polling client costs no goroutine at all.
	ping, pongDue, grace *time.Timer
	awaitingPong         bool
	// pingDue is when the next ping is due; pongDeadline when the pong
	// of the ping sent must have come. A request checks them itself
	// (overdue), so a timer that fires late on a busy machine does not
	// stretch the timeout.
	pingDue, pongDeadline time.Time
	// holdsSlot: the session counts in the server's WaitGroup until it
	// finishes (a WebSocket session is counted by its handler instead).
	holdsSlot bool
}

// stopTimers stops the polling heartbeat and the close grace. mu is held.
func (p *pollState) stopTimers() {
	for _, t := range []*time.Timer{p.ping, p.pongDue, p.grace} {
		if t != nil {
			t.Stop()
		}
	}
}

// startHeartbeat schedules the first ping of a polling session.
func (s *Session) startHeartbeat() {
	s.poll.mu.Lock()
	defer s.poll.mu.Unlock()
	s.poll.pingDue = time.Now().Add(s.srv.opts.PingInterval)
	s.poll.ping = time.AfterFunc(s.srv.opts.PingInterval, s.pollPing)
	s.poll.pongDue = time.AfterFunc(time.Hour, s.pollPongTimeout)
	s.poll.pongDue.Stop()
}

// pollPing queues a ping for the next GET and expects the pong within
// PingTimeout.
func (s *Session) pollPing() {
	s.poll.mu.Lock()
	if s.ws.Load() || s.closing.Load() {
		s.poll.mu.Unlock()
		return
	}
	s.poll.awaitingPong = true
	// A client with a poll pending gets the ping now; one without was
	// due to poll since the ping was due.
	from := time.Now()
	if !s.poll.getPending && s.poll.pingDue.Before(from) {
		from = s.poll.pingDue
	}
	s.poll.pongDeadline = from.Add(s.srv.opts.PingTimeout)
	s.poll.pongDue.Reset(time.Until(s.poll.pongDeadline))
	s.poll.mu.Unlock()
	s.send([]Frame{{Data: []byte{byte(PacketPing)}}}, true)
}

// pollPong records the client's pong: the next ping follows PingInterval
// later.
func (s *Session) pollPong() {
	s.poll.mu.Lock()
	defer s.poll.mu.Unlock()
	if !s.poll.awaitingPong || s.ws.Load() {
		return
	}
	s.poll.awaitingPong = false
	s.poll.pongDue.Stop()
	s.poll.pingDue = time.Now().Add(s.srv.opts.PingInterval)
	s.poll.ping.Reset(s.srv.opts.PingInterval)
}

// overdue reports whether the heartbeat has timed out by now, whether or
// not its timer has fired yet.
func (s *Session) overdue(now time.Time) bool {
	s.poll.mu.Lock()
	defer s.poll.mu.Unlock()
	if s.ws.Load() || s.poll.ping == nil {
		return false
	}
	if s.poll.awaitingPong {
		return now.After(s.poll.pongDeadline)
	}
	return now.After(s.poll.pingDue.Add(s.srv.opts.PingTimeout))
}

// timedOut closes a session whose heartbeat is overdue and answers the
// request as for an ended session; it reports whether it did.
func (s *Session) timedOut(w http.ResponseWriter) bool {
	if !s.overdue(time.Now()) {
		return false
	}
	s.closeWith(websocket.ClosePolicyViolation, "ping timeout", true, false)
	refuse(w, http.StatusBadRequest, errUnknownSID, "Session ID unknown: the session timed out (no pong within pingTimeout); open a new one")
	return true
}

func (s *Session) pollPongTimeout() {
	s.poll.mu.Lock()
	timedOut := s.poll.awaitingPong && !s.ws.Load()
	s.poll.mu.Unlock()
	if timedOut {
		s.closeWith(websocket.ClosePolicyViolation, "ping timeout", true, false)
	}
}

// pollClosing ends a polling session after Close: a pending GET carries
// what is queued and the close packet, then finishes the session. With
// no GET pending, a discarding close ends the session now (the next poll
// finds no session); a close with frames queued waits up to
// pollCloseGrace for the next GET to carry them; so does the client's
// own close, for the poll it may have sent alongside (that poll gets the
// noop the reference server would have answered).
func (s *Session) pollClosing(discard, byPeer bool) {
	s.poll.mu.Lock()
	pending := s.poll.getPending
	now := !byPeer && (discard || s.out.empty())
	if !pending && !now && s.poll.grace == nil {
		grace := pollCloseGrace
		if byPeer {
			grace = peerCloseGrace
		}
		s.poll.grace = time.AfterFunc(grace, s.finish)
	}
	s.poll.mu.Unlock()
	if !pending && now {
		// Not inline: the caller may be handling a packet, and finish
		// waits for that to end.
		go s.finish()
	}
	// Otherwise the pending GET wakes on the outbox's close and
	// finishes the session.
}

// peerCloseGrace is how long a session the client closed stays to answer
// a poll the client sent with its close packet.
const peerCloseGrace = time.Second

// servePoll answers a long-polling GET: at once with what is queued, or
// as soon as something is, with a noop when an upgrade needs the poll to
// end, or with a close packet when the session closes.
func (s *Session) servePoll(w http.ResponseWriter, r *http.Request) {
	if s.timedOut(w) {
		return
	}
	s.poll.mu.Lock()
	switch {
	case s.ws.Load():
		s.poll.mu.Unlock()
		refuse(w, http.StatusBadRequest, errBadRequest, "Bad request: this session has upgraded to websocket; polling requests for it are refused")
		return
	case s.poll.getPending:
		s.poll.mu.Unlock()
		// The reference server ends the session: two polls at once
		// mean two clients share a sid, or a broken one.
		s.srv.opts.Logger.Info("realtime polling session closed: overlapping GET requests", "sid", s.id, "remote", s.remote)
		s.closeWith(websocket.ClosePolicyViolation, "overlapping poll requests", true, false)
		refuse(w, http.StatusBadRequest, errBadRequest, "Bad request: another GET of this session is pending; the session is closed")
		return
	}
	if s.poll.upgrading {
		// A poll sent while the client upgrades, after the WebSocket
		// opened: the client's probe and upgrade packets may still be on
		// their way to the WebSocket reader. Its answer depends on how
		// the upgrade ends, so it waits for that, briefly: refused once
		// upgraded, a noop if the upgrade still waits for the client
		// (which may be waiting for this poll to end), a poll as usual
		// if the upgrade failed.
		settled := s.poll.upgraded
		s.poll.mu.Unlock()
		if !s.awaitUpgradeOutcome(r, settled) {
			refuse(w, http.StatusBadRequest, errBadRequest, "Bad request: this session has upgraded to websocket; polling requests for it are refused")
			return
		}
		s.poll.mu.Lock()
		if s.poll.upgrading {
			s.poll.mu.Unlock()
			writePoll(w, [][]byte{noopFrame})
			return
		}
		if s.poll.getPending {
			s.poll.mu.Unlock()
			s.closeWith(websocket.ClosePolicyViolation, "overlapping poll requests", true, false)
			refuse(w, http.StatusBadRequest, errBadRequest, "Bad request: another GET of this session is pending; the session is closed")
			return
		}
	}
	s.poll.getPending = true
	s.poll.mu.Unlock()
	defer func() {
		s.poll.mu.Lock()
		s.poll.getPending = false
		s.poll.mu.Unlock()
		// A close that counted on this GET while it was already
		// answering is carried by the next one, or ends the session.
		if s.closing.Load() && !s.finished() {
			s.pollClosing(false, false)
		}
	}()
	// A poll is held up to PingInterval, after which the ping answers
	// it; the server's own write timeout was chosen for ordinary
	// requests.
	rc := http.NewResponseController(w)
	_ = rc.SetWriteDeadline(time.Now().Add(s.srv.opts.PingInterval + s.srv.opts.PingTimeout + s.srv.opts.WriteTimeout))

	stopped := false
	for {
		frames, closing := s.out.take(nil)
		if len(frames) > 0 || closing != nil || stopped {
			switch {
			case closing != nil && closing.byPeer:
				frames = append(frames, noopFrame)
			case closing != nil || stopped:
				frames = append(frames, closeFrame)
			}
			writePoll(w, frames)
			if closing != nil || stopped {
				s.finish()
			}
			return
		}
		s.poll.mu.Lock()
		probed := s.poll.probed
		s.poll.mu.Unlock()
		if probed || s.ws.Load() {
			// The client pauses polling to upgrade: this poll must end
			// before it sends the upgrade packet.
			writePoll(w, [][]byte{noopFrame})
			return
		}
		select {
		case <-s.out.wake:
		case <-s.poll.kick:
		case <-s.stop:
			stopped = true // one more look: the close request says how
		case <-r.Context().Done():
			// The reference server closes the session too: the client,
			// or a proxy, gave up on the poll.
			s.closeWith(websocket.CloseGoingAway, "poll connection closed prematurely", true, false)
			return
		}
	}
}

// upgradeSettleWait bounds how long a poll that arrives during an
// upgrade waits for its outcome; the reference server likewise answers
// such polls on a 100ms check. Enough for upgrade packets already sent
// to be read, short of the heartbeat.
const upgradeSettleWait = 100 * time.Millisecond

// awaitUpgradeOutcome waits until the upgrade in progress completes or
// fails, or upgradeSettleWait passes; it reports false once the session
// speaks WebSocket.
func (s *Session) awaitUpgradeOutcome(r *http.Request, settled <-chan struct{}) bool {
	t := time.NewTimer(upgradeSettleWait)
	defer t.Stop()
	select {
	case <-settled:
	case <-t.C:
	case <-s.stop:
	case <-r.Context().Done():
	}
	return !s.ws.Load()
}

// The noop and close packets as queued frames.
var (
	noopFrame  = appendFrame(nil, false, []byte{byte(PacketNoop)})
	closeFrame = appendFrame(nil, false, []byte{byte(PacketClose)})
)

// writePoll answers a GET with queued frames as one payload.
func writePoll(w http.ResponseWriter, frames [][]byte) {
	body := appendPollPayload(make([]byte, 0, pollPayloadSize(frames)), frames)
	h := w.Header()
	h.Set("Content-Type", "text/plain; charset=UTF-8")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	w.Write(body)
}

// servePost reads a POST's payload and hands its packets on in order.
func (s *Session) servePost(w http.ResponseWriter, r *http.Request) {
	if s.ws.Load() {
		refuse(w, http.StatusBadRequest, errBadRequest, "Bad request: this session has upgraded to websocket; polling requests for it are refused")
		return
	}
	if s.timedOut(w) {
		return
	}
	if r.Header.Get("Content-Type") == "application/octet-stream" {
		s.srv.opts.Logger.Info("realtime polling session closed: binary POST body", "sid", s.id, "remote", s.remote)
		s.closeWith(websocket.CloseUnsupportedData, "binary POST body", true, false)
		refuse(w, http.StatusBadRequest, errBadRequest, "Bad request: Engine.IO 4 payloads are text; send binary data as base64 'b' packets")
		return
	}
	s.poll.mu.Lock()
	if s.poll.posting {
		s.poll.mu.Unlock()
		s.srv.opts.Logger.Info("realtime polling session closed: overlapping POST requests", "sid", s.id, "remote", s.remote)
		s.closeWith(websocket.ClosePolicyViolation, "overlapping data requests", true, false)
		refuse(w, http.StatusBadRequest, errBadRequest, "Bad request: another POST of this session is being read; the session is closed")
		return
	}
	s.poll.posting = true
	s.poll.mu.Unlock()
	defer func() {
		s.poll.mu.Lock()
		s.poll.posting = false
		s.poll.mu.Unlock()
	}()

	max := s.srv.opts.MaxPayload
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, int64(max)))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			s.srv.opts.Logger.Info("realtime polling session closed: payload over max payload", "sid", s.id, "remote", s.remote, "max", max)
			s.closeWith(websocket.CloseMessageTooBig, "payload over max payload", true, false)
			refuse(w, http.StatusBadRequest, errBadRequest,
				"Bad request: payload too large: at most "+strconv.Itoa(max)+" bytes (maxPayload) per POST; the session is closed")
			return
		}
		s.closeWith(websocket.CloseGoingAway, "data request connection closed prematurely", true, false)
		refuse(w, http.StatusBadRequest, errBadRequest, "Bad request: the payload could not be read")
		return
	}
	err = decodePollPayload(body, func(binary bool, data []byte) error {
		if s.closing.Load() {
			return errStopDecoding
		}
		return s.receive(binary, data)
	})
	if err != nil && !errors.Is(err, errStopDecoding) {
		var pe *ProtocolError
		if !errors.As(err, &pe) {
			pe = &ProtocolError{Code: websocket.CloseInternalServerErr, Reason: "internal error"}
		}
		s.srv.opts.Logger.Info("realtime session closed for a protocol error",
			"sid", s.id, "remote", s.remote, "transport", TransportPolling, "reason", pe.Reason, "err", err)
		s.closeWith(pe.Code, pe.Reason, true, false)
		refuse(w, http.StatusBadRequest, errBadRequest, "Bad request: "+pe.Reason+"; the session is closed")
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/plain; charset=UTF-8")
	h.Set("Content-Length", "2")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	io.WriteString(w, "ok")
}

// errStopDecoding ends a payload's packets once the session closed.
var errStopDecoding = errors.New("engineio: session closed while decoding")
