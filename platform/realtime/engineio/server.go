package engineio

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"
)

// Options tune the transport. NewServer fills zero values with the
// protocol's usual defaults.
type Options struct {
	PingInterval time.Duration
	PingTimeout  time.Duration
	// MaxPayload caps one incoming frame; it is announced in the open
	// packet. A bigger frame closes the session with 1009.
	MaxPayload int
	// WriteTimeout bounds one frame write.
	WriteTimeout time.Duration
	// FlushInterval is the least time between two writes to a busy
	// peer; frames queued meanwhile go out together. Zero means 20ms;
	// negative writes every frame as soon as the writer wakes.
	FlushInterval time.Duration
	// FlushBurst is how many writes a peer gets back to back before the
	// interval applies. Zero means 1: after a quiet spell the first
	// write goes at once, the next waits. (Replies, sent with
	// Session.Reply, never wait; a larger burst only added writes in
	// the fan-out benchmark.)
	FlushBurst int
	// WriteRate is the number of writes per second all busy peers
	// together should stay under: with more open sessions than
	// WriteRate×FlushInterval, the interval grows with the session
	// count (up to MaxFlushInterval). Zero means 25,000; negative
	// keeps FlushInterval whatever the session count.
	WriteRate int
	// MaxFlushInterval caps the grown interval. Zero means 200ms.
	MaxFlushInterval time.Duration
	// SendQueue is how many batches may wait for a slow peer before the
	// session is closed.
	SendQueue int
	// SessionIDSuffix ends every session id this server gives out; a
	// cluster puts the node's name there so that Forward can find the
	// node from the id alone.
	SessionIDSuffix string
	// Forward, when set, is asked about requests naming a session this
	// server does not hold: it returns the handler that relays them to
	// the node holding it, or nil to answer "Session ID unknown".
	Forward func(r *http.Request, sid string) (http.Handler, error)
	Logger  *slog.Logger
}

// Receiver is what the layer above does with a session. Receive runs on
// the session's reader, one message at a time; an error closes the
// session (a *ProtocolError chooses the close code). Closed runs once,
// after the reader stopped.
type Receiver interface {
	Receive(msg Message) error
	Closed(reason string)
}

// AcceptFunc attaches a Receiver to a new session. It runs once the open
// packet is queued (whatever is sent to the session from then on follows
// it) and before anything is read, so it must not block.
type AcceptFunc func(s *Session) Receiver

// Server is an http.Handler for the Engine.IO endpoint.
type Server struct {
	opts     Options
	accept   AcceptFunc
	upgrader websocket.Upgrader

	copyBufs *sync.Pool // gathers frames for connections without vectored writes

	openSessions atomic.Int64 // sessions tracked, read by every busy writer

	mu       sync.Mutex
	sessions map[string]*Session // by id
	closed   bool
	wg       sync.WaitGroup
}

// NewServer returns a server handing each new session to accept.
func NewServer(opts Options, accept AcceptFunc) *Server {
	if opts.PingInterval <= 0 {
		opts.PingInterval = 25 * time.Second
	}
	if opts.PingTimeout <= 0 {
		opts.PingTimeout = 20 * time.Second
	}
	if opts.MaxPayload <= 0 {
		opts.MaxPayload = 1_000_000
	}
	if opts.WriteTimeout <= 0 {
		opts.WriteTimeout = 10 * time.Second
	}
	if opts.FlushInterval == 0 {
		opts.FlushInterval = 20 * time.Millisecond
	}
	if opts.FlushBurst <= 0 {
		opts.FlushBurst = 1
	}
	if opts.WriteRate == 0 {
		opts.WriteRate = 25_000
	}
	if opts.MaxFlushInterval <= 0 {
		opts.MaxFlushInterval = 200 * time.Millisecond
	}
	if opts.SendQueue <= 0 {
		opts.SendQueue = 1024
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	return &Server{
		opts:   opts,
		accept: accept,
		upgrader: websocket.Upgrader{
			ReadBufferSize: 4096,
			// Data frames bypass the library's writer (see wireConn);
			// its buffer serves only the close handshake, borrowed
			// while writing so that idle sockets do not each hold one.
			WriteBufferSize: 256,
			WriteBufferPool: &sync.Pool{},
			// Credentials travel in the query or the Socket.IO auth
			// payload, never in cookies, so a foreign origin gains
			// nothing a token holder does not already have.
			CheckOrigin: func(*http.Request) bool { return true },
		},
		sessions: make(map[string]*Session),
		copyBufs: &sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }},
	}
}

// handshake is the open packet's payload.
type handshake struct {
	SID          string   `json:"sid"`
	Upgrades     []string `json:"upgrades"`
	PingInterval int64    `json:"pingInterval"`
	PingTimeout  int64    `json:"pingTimeout"`
	MaxPayload   int      `json:"maxPayload"`
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if q.Get("EIO") != "4" {
		refuse(w, http.StatusBadRequest, errUnsupportedVersion, "Unsupported protocol version: this server speaks Engine.IO 4 (EIO=4)")
		return
	}
	transport := q.Get("transport")
	if transport != TransportPolling && transport != TransportWebSocket {
		refuse(w, http.StatusBadRequest, errTransportUnknown,
			fmt.Sprintf("Transport unknown: %q; this server speaks polling and websocket", transport))
		return
	}
	if sid := q.Get("sid"); sid != "" {
		s.serveSession(w, r, sid, transport)
		return
	}
	if r.Method != http.MethodGet {
		refuse(w, http.StatusBadRequest, errBadHandshakeMethod,
			fmt.Sprintf("Bad handshake method: %s; a session opens with GET", r.Method))
		return
	}
	if transport == TransportPolling {
		s.servePollingHandshake(w, r)
		return
	}
	if !websocket.IsWebSocketUpgrade(r) {
		refuse(w, http.StatusBadRequest, errBadRequest, "Bad request: transport=websocket needs a WebSocket upgrade")
		return
	}
	if !s.enter(w) {
		return
	}
	defer s.wg.Done()
	conn, wire, ok := s.upgrade(w, r)
	if !ok {
		return
	}
	sess := newSession(s, r)
	sess.conn, sess.wire = conn, wire
	sess.ws.Store(true)
	if !s.track(sess) {
		conn.Close()
		return
	}
	// The open packet is queued before the receiver exists: once accept
	// has run, other goroutines may send to the session, and their frames
	// must follow it.
	sess.out.push([]Frame{s.openPacket(sess.id, false)}, 1, true)
	sess.receiver = s.accept(sess)
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		sess.writeLoop()
	}()
	sess.readLoop()
}

// serveSession serves a request naming a session: a poll, a POST, or the
// WebSocket that upgrades a polling session.
func (s *Server) serveSession(w http.ResponseWriter, r *http.Request, sid, transport string) {
	sess := s.lookup(sid)
	if sess == nil {
		if s.opts.Forward != nil {
			h, err := s.opts.Forward(r, sid)
			if err != nil {
				s.opts.Logger.Warn("realtime session could not be located", "sid", sid, "err", err)
				refuse(w, http.StatusServiceUnavailable, errBadRequest, "Bad request: the node holding this session cannot be reached now; reconnect")
				return
			}
			if h != nil {
				h.ServeHTTP(w, r)
				return
			}
		}
		refuse(w, http.StatusBadRequest, errUnknownSID, "Session ID unknown: the session ended (closed, timed out) or never existed; open a new one")
		return
	}
	switch {
	case transport == TransportWebSocket:
		if !websocket.IsWebSocketUpgrade(r) {
			refuse(w, http.StatusBadRequest, errBadRequest, "Bad request: transport=websocket needs a WebSocket upgrade")
			return
		}
		s.serveUpgrade(w, r, sess)
	case sess.ws.Load():
		refuse(w, http.StatusBadRequest, errBadRequest, "Bad request: this session has upgraded to websocket; polling requests for it are refused")
	case r.Method == http.MethodGet:
		sess.servePoll(w, r)
	case r.Method == http.MethodPost:
		sess.servePost(w, r)
	default:
		refuse(w, http.StatusBadRequest, errBadRequest,
			fmt.Sprintf("Bad request: method %s; a polling session takes GET (receive) and POST (send)", r.Method))
	}
}

// servePollingHandshake opens a long-polling session and answers its
// first GET with the open packet.
func (s *Server) servePollingHandshake(w http.ResponseWriter, r *http.Request) {
	if !s.enter(w) {
		return
	}
	sess := newSession(s, r)
	// The session keeps the slot enter took until it finishes.
	sess.poll.holdsSlot = true
	if !s.track(sess) {
		s.wg.Done()
		refuse(w, http.StatusServiceUnavailable, errBadRequest, "Bad request: the server is shutting down")
		return
	}
	sess.out.push([]Frame{s.openPacket(sess.id, true)}, 1, true)
	// A close (Server.Close) may finish the session from now on; finish
	// reads the receiver under recvMu.
	sess.recvMu.Lock()
	sess.receiver = s.accept(sess)
	sess.recvMu.Unlock()
	sess.startHeartbeat()
	sess.servePoll(w, r)
}

// openPacket is the handshake for a new session; a polling session may
// upgrade to websocket, a WebSocket one has nowhere to go.
func (s *Server) openPacket(sid string, polling bool) Frame {
	upgrades := []string{}
	if polling {
		upgrades = []string{TransportWebSocket}
	}
	open, _ := json.Marshal(handshake{
		SID:          sid,
		Upgrades:     upgrades,
		PingInterval: s.opts.PingInterval.Milliseconds(),
		PingTimeout:  s.opts.PingTimeout.Milliseconds(),
		MaxPayload:   s.opts.MaxPayload,
	})
	return Frame{Data: append([]byte{byte(PacketOpen)}, open...)}
}

// enter counts a request in the server's WaitGroup unless the server is
// closing, which it answers.
func (s *Server) enter(w http.ResponseWriter) bool {
	s.mu.Lock()
	closed := s.closed
	if !closed {
		s.wg.Add(1)
	}
	s.mu.Unlock()
	if closed {
		refuse(w, http.StatusServiceUnavailable, errBadRequest, "Bad request: the server is shutting down")
	}
	return !closed
}

// upgrade completes the WebSocket handshake and returns the connection
// with the raw TCP connection below it, for the session's writer.
func (s *Server) upgrade(w http.ResponseWriter, r *http.Request) (*websocket.Conn, *wireConn, bool) {
	base := hijacker(w)
	var hijacking *hijackingWriter
	if h, ok := base.(http.Hijacker); ok {
		hijacking = &hijackingWriter{ResponseWriter: base, hijacker: h}
		base = hijacking
	}
	conn, err := s.upgrader.Upgrade(base, r, nil)
	if err != nil {
		// The upgrader has already answered the client.
		s.opts.Logger.Debug("websocket upgrade failed", "err", err, "remote", r.RemoteAddr)
		return nil, nil, false
	}
	conn.SetReadLimit(int64(s.opts.MaxPayload))
	wire := &wireConn{Conn: conn.NetConn()}
	if hijacking != nil && hijacking.conn != nil {
		wire = hijacking.conn
	}
	return conn, wire, true
}

func (s *Server) lookup(sid string) *Session {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sessions[sid]
}

func (s *Server) track(sess *Session) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return false
	}
	s.sessions[sess.id] = sess
	s.openSessions.Add(1)
	return true
}

func (s *Server) untrack(sess *Session) {
	s.mu.Lock()
	if s.sessions[sess.id] == sess {
		delete(s.sessions, sess.id)
		s.openSessions.Add(-1)
	}
	s.mu.Unlock()
}

// Close refuses new sessions, closes the open ones with 1001 and waits
// until their goroutines ended or ctx is done.
func (s *Server) Close(ctx context.Context) error {
	s.mu.Lock()
	s.closed = true
	open := make([]*Session, 0, len(s.sessions))
	for _, sess := range s.sessions {
		open = append(open, sess)
	}
	s.mu.Unlock()
	for _, sess := range open {
		sess.Close(websocket.CloseGoingAway, "server shutting down")
	}
	done := make(chan struct{})
	go func() {
		s.wg.Wait()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		for _, sess := range open {
			sess.hardClose()
		}
		return fmt.Errorf("realtime sessions still closing: %w", ctx.Err())
	}
}

// hijacker finds the connection's own ResponseWriter below middleware
// wrappers that expose it only through Unwrap.
func hijacker(w http.ResponseWriter) http.ResponseWriter {
	for {
		if _, ok := w.(http.Hijacker); ok {
			return w
		}
		u, ok := w.(interface{ Unwrap() http.ResponseWriter })
		if !ok {
			return w
		}
		w = u.Unwrap()
	}
}

func newSessionID() string {
	var b [15]byte
	rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}
