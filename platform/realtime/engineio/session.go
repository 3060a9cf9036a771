package engineio

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"
)

// ErrClosed is returned by Send on a closing session.
var ErrClosed = errors.New("engineio: session closed")

// ErrSlowPeer is returned by Send when the peer does not keep up; the
// session is closed.
var ErrSlowPeer = errors.New("engineio: send queue full, peer too slow")

// closeGrace is how long a closing session waits for the peer's close
// frame before dropping the TCP connection.
const closeGrace = time.Second

// Session is one client connection. It starts on WebSocket or on HTTP
// long-polling; a polling session may upgrade to WebSocket once. The
// outbox, the receiver and the close reason are the same whatever the
// transport.
type Session struct {
	id       string
	srv      *Server
	query    url.Values
	header   http.Header
	remote   string
	ctx      context.Context
	cancel   context.CancelFunc
	receiver Receiver

	out     *outbox
	pong    chan struct{}
	stop    chan struct{} // closed once the session has finished
	closing atomic.Bool
	// ws is set once the session speaks WebSocket: from its handshake,
	// or since its upgrade completed. conn and wire are set before it.
	ws   atomic.Bool
	conn *websocket.Conn
	wire *wireConn // below conn: where the writer puts data frames

	poll pollState
	// recvMu lets one packet at a time reach the receiver: a polling
	// session's POSTs and, after an upgrade, its WebSocket reader could
	// otherwise overlap, and the receiver must not see a packet after
	// Closed.
	recvMu sync.Mutex

	reasonOnce sync.Once
	reason     string
	finishOnce sync.Once
}

func newSession(srv *Server, r *http.Request) *Session {
	// The session outlives nothing of the request but its values (site,
	// request-scoped logger), so it keeps them without its cancellation.
	ctx, cancel := context.WithCancel(context.WithoutCancel(r.Context()))
	return &Session{
		id:     newSessionID() + srv.opts.SessionIDSuffix,
		srv:    srv,
		query:  r.URL.Query(),
		header: r.Header.Clone(),
		remote: r.RemoteAddr,
		ctx:    ctx,
		cancel: cancel,
		out:    newOutbox(),
		pong:   make(chan struct{}, 1),
		stop:   make(chan struct{}),
		poll:   pollState{kick: make(chan struct{}, 1)},
	}
}

// ID is the Engine.IO session id sent in the open packet.
func (s *Session) ID() string { return s.id }

// Context carries the values of the upgrade request and ends when the
// session closes.
func (s *Session) Context() context.Context { return s.ctx }

// Query returns the handshake request's query parameters.
func (s *Session) Query() url.Values { return s.query }

// Header returns the handshake request's headers.
func (s *Session) Header() http.Header { return s.header }

// RemoteAddr is the peer's address as the HTTP server saw it.
func (s *Session) RemoteAddr() string { return s.remote }

// Transport is "websocket" or "polling", the transport the session uses
// now.
func (s *Session) Transport() string {
	if s.ws.Load() {
		return TransportWebSocket
	}
	return TransportPolling
}

// Send queues frames to go out back to back. It never blocks: a peer that
// already has SendQueue batches waiting is disconnected, and what it had
// not taken yet is dropped.
func (s *Session) Send(frames ...Frame) error { return s.send(frames, false) }

// Reply is Send for frames that answer the peer's own request (a
// connect, an acknowledgement): they, and whatever is queued before
// them, go out without waiting for the flush interval, since the peer
// waits for them.
func (s *Session) Reply(frames ...Frame) error { return s.send(frames, true) }

func (s *Session) send(frames []Frame, urgent bool) error {
	if s.closing.Load() {
		return ErrClosed
	}
	switch s.out.push(frames, s.srv.opts.SendQueue, urgent) {
	case pushClosed:
		return ErrClosed
	case pushFull:
		s.closeWith(websocket.ClosePolicyViolation, "send queue full: client too slow", true, false)
		return ErrSlowPeer
	}
	return nil
}

// Close sends what is already queued, then a close (a WebSocket close
// frame with code and reason, or a close packet over long-polling), and
// ends the session.
func (s *Session) Close(code int, reason string) { s.closeWith(code, reason, false, false) }

// closeWith records the close once. discard drops what is still queued;
// byPeer says the client asked for it.
func (s *Session) closeWith(code int, reason string, discard, byPeer bool) {
	if !s.closing.CompareAndSwap(false, true) {
		return
	}
	s.setReason(reason)
	s.out.close(code, reason, discard, byPeer)
	if !s.ws.Load() {
		s.pollClosing(discard, byPeer)
	}
}

func (s *Session) setReason(reason string) { s.reasonOnce.Do(func() { s.reason = reason }) }

// hardClose drops the connection without a goodbye.
func (s *Session) hardClose() {
	s.closing.Store(true)
	s.setReason("connection dropped")
	s.poll.mu.Lock()
	conn := s.conn
	s.poll.mu.Unlock()
	if conn != nil {
		conn.Close()
		return
	}
	go s.finish()
}

func (s *Session) readLoop() {
	defer s.finish()
	for {
		typ, data, err := s.conn.ReadMessage()
		if err != nil {
			s.setReason(readErrorReason(err))
			return
		}
		if s.closing.Load() {
			continue // drain until the peer answers our close frame
		}
		if err := s.receive(typ == websocket.BinaryMessage, data); err != nil {
			var pe *ProtocolError
			if !errors.As(err, &pe) {
				pe = &ProtocolError{Code: websocket.CloseInternalServerErr, Reason: "internal error"}
			}
			s.srv.opts.Logger.Info("realtime session closed for a protocol error",
				"sid", s.id, "remote", s.remote, "code", pe.Code, "reason", pe.Reason, "err", err)
			s.Close(pe.Code, pe.Reason)
		}
	}
}

// receive handles one packet from either transport, one at a time.
func (s *Session) receive(binary bool, data []byte) error {
	s.recvMu.Lock()
	defer s.recvMu.Unlock()
	if s.closing.Load() {
		return nil // the receiver may already have been told of the close
	}
	return s.handle(binary, data)
}

func (s *Session) handle(binary bool, data []byte) error {
	if binary {
		return s.receiver.Receive(Message{Binary: true, Data: data})
	}
	if len(data) == 0 {
		return &ProtocolError{Code: websocket.CloseProtocolError, Reason: "empty packet"}
	}
	switch PacketType(data[0]) {
	case PacketMessage:
		return s.receiver.Receive(Message{Data: data[1:]})
	case PacketPong:
		if !s.ws.Load() {
			s.pollPong()
			return nil
		}
		select {
		case s.pong <- struct{}{}:
		default:
		}
		return nil
	case PacketPing:
		// v4 servers ping, clients pong; answering a stray ping keeps
		// older or probing clients alive without harm.
		reply := append([]byte{byte(PacketPong)}, data[1:]...)
		if err := s.Send(Frame{Data: reply}); err != nil && !errors.Is(err, ErrClosed) {
			return &ProtocolError{Code: websocket.ClosePolicyViolation, Reason: err.Error()}
		}
		return nil
	case PacketNoop:
		return nil
	case PacketClose:
		// Over polling nothing queued can reach a client that left.
		s.closeWith(websocket.CloseNormalClosure, "client closed", !s.ws.Load(), true)
		return nil
	default:
		return &ProtocolError{Code: websocket.CloseProtocolError, Reason: "unexpected engine.io packet type " + string(data[0])}
	}
}

// finished reports whether finish has run.
func (s *Session) finished() bool {
	select {
	case <-s.stop:
		return true
	default:
		return false
	}
}

// finish ends the session once: when its WebSocket reader stops, or when
// a polling session closes. It ends the writer, forgets the id and tells
// the layer above, after any packet it is handling.
func (s *Session) finish() {
	s.finishOnce.Do(func() {
		s.closing.Store(true)
		s.cancel()
		close(s.stop)
		s.poll.mu.Lock()
		conn, probe := s.conn, s.poll.probe
		s.poll.stopTimers()
		s.poll.mu.Unlock()
		if conn != nil {
			conn.Close()
		}
		if probe != nil {
			probe.Close()
		}
		s.srv.untrack(s)
		s.recvMu.Lock()
		if s.receiver != nil {
			s.receiver.Closed(s.reason)
		}
		s.recvMu.Unlock()
		if s.poll.holdsSlot {
			s.srv.wg.Done()
		}
	})
}

// pingFrame is the Engine.IO ping as a WebSocket frame.
var pingFrame = appendFrame(nil, false, []byte{byte(PacketPing)})

func (s *Session) writeLoop() {
	opts := s.srv.opts
	// Frames may wait already: queued while the session polled, before
	// its upgrade.
	s.out.notify()
	ping := time.NewTimer(opts.PingInterval)
	defer ping.Stop()
	pongDue := time.NewTimer(time.Hour)
	pongDue.Stop()
	defer pongDue.Stop()
	awaitingPong := false
	var spare [][]byte
	// A busy socket writes at most once per flush interval, after a
	// burst of FlushBurst writes: what arrives meanwhile joins the next
	// write, so a stream of messages costs the kernel, and the peer, a
	// few large writes rather than one per message.
	pace := pacer{burst: opts.FlushBurst}
	gap := time.NewTimer(time.Hour)
	gap.Stop()
	defer gap.Stop()
	for {
		select {
		case <-s.stop:
			return
		case <-s.out.wake:
			interval := flushInterval(&opts, s.srv.openSessions.Load())
			if wait := pace.delay(time.Now(), interval); wait > 0 && !s.out.inHurry() {
				if !s.waitGap(gap, wait) {
					return
				}
			}
			pace.wrote(time.Now(), interval)
			frames, closing := s.out.take(spare)
			if err := s.writeFrames(frames); err != nil {
				s.setReason("write failed: " + err.Error())
				s.conn.Close()
				return
			}
			clear(frames) // the shared broadcast bytes are not ours to keep
			if cap(frames) <= maxSpare {
				spare = frames
			} else {
				spare = nil // a past backlog need not stay allocated
			}
			if closing != nil {
				s.writeClose(closing.code, closing.reason)
				return
			}
		case <-ping.C:
			if err := s.writeFrames([][]byte{pingFrame}); err != nil {
				s.setReason("write failed: " + err.Error())
				s.conn.Close()
				return
			}
			awaitingPong = true
			pongDue.Reset(opts.PingTimeout)
		case <-s.pong:
			if awaitingPong {
				awaitingPong = false
				pongDue.Stop()
				ping.Reset(opts.PingInterval)
			}
		case <-pongDue.C:
			if awaitingPong {
				s.closing.Store(true)
				s.setReason("ping timeout")
				s.writeClose(websocket.ClosePolicyViolation, "ping timeout")
				return
			}
		}
	}
}

// waitGap waits out the flush interval's remaining wait, or less if a
// reply or close arrives meanwhile. It reports false once the session
// stopped.
func (s *Session) waitGap(gap *time.Timer, wait time.Duration) bool {
	gap.Reset(wait)
	for {
		select {
		case <-gap.C:
			return true
		case <-s.out.hurry:
			if s.out.inHurry() { // not a token left over from an earlier turn
				gap.Stop()
				return true
			}
		case <-s.stop:
			return false
		}
	}
}

// maxSpare bounds the queue capacity a writer keeps between turns.
const maxSpare = 1024

// writeFrames puts frames on the connection in one write.
func (s *Session) writeFrames(frames [][]byte) error {
	if len(frames) == 0 {
		return nil
	}
	return s.wire.writeFrames(frames, s.srv.opts.WriteTimeout, s.srv.copyBufs)
}

// writeClose says goodbye and gives the peer closeGrace to answer before
// the reader gives up on the connection.
func (s *Session) writeClose(code int, reason string) {
	if len(reason) > 120 {
		reason = reason[:120] // a close frame's payload is at most 125 bytes
	}
	deadline := time.Now().Add(s.srv.opts.WriteTimeout)
	if err := s.conn.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, reason), deadline); err != nil {
		s.conn.Close()
		return
	}
	s.conn.SetReadDeadline(time.Now().Add(closeGrace))
}

func readErrorReason(err error) string {
	var ce *websocket.CloseError
	switch {
	case errors.As(err, &ce):
		if ce.Code == websocket.CloseMessageTooBig {
			return "frame over max payload"
		}
		return "transport close"
	case errors.Is(err, websocket.ErrReadLimit):
		return "frame over max payload"
	default:
		return "transport error"
	}
}
