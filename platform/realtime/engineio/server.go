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
	Logger    *slog.Logger
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
	open     []byte // the open packet's JSON minus the sid

	copyBufs *sync.Pool // gathers frames for connections without vectored writes

	openSessions atomic.Int64 // sessions tracked, read by every busy writer

	mu       sync.Mutex
	sessions map[*Session]struct{}
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
		sessions: make(map[*Session]struct{}),
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

// Engine.IO error codes, as the reference server answers them.
const (
	errTransportUnknown   = 0
	errUnknownSID         = 1
	errBadHandshakeMethod = 2
	errBadRequest         = 3
	errUnsupportedVersion = 5
)

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	switch {
	case q.Get("EIO") != "4":
		refuse(w, http.StatusBadRequest, errUnsupportedVersion, "unsupported protocol version: this server speaks Engine.IO 4 (EIO=4)")
		return
	case q.Get("transport") != "websocket":
		refuse(w, http.StatusBadRequest, errTransportUnknown,
			fmt.Sprintf("transport %q is not served: only websocket is; configure the client with transports: ['websocket']", q.Get("transport")))
		return
	case q.Get("sid") != "":
		refuse(w, http.StatusBadRequest, errUnknownSID, "session ID unknown: sessions cannot be upgraded from polling here")
		return
	case r.Method != http.MethodGet:
		refuse(w, http.StatusBadRequest, errBadHandshakeMethod, "bad handshake method: use GET with a WebSocket upgrade")
		return
	case !websocket.IsWebSocketUpgrade(r):
		refuse(w, http.StatusBadRequest, errBadRequest, "bad request: a WebSocket upgrade is required")
		return
	}
	s.mu.Lock()
	closed := s.closed
	if !closed {
		s.wg.Add(1)
	}
	s.mu.Unlock()
	if closed {
		refuse(w, http.StatusServiceUnavailable, errBadRequest, "server is shutting down")
		return
	}
	defer s.wg.Done()

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
		return
	}
	conn.SetReadLimit(int64(s.opts.MaxPayload))
	wire := &wireConn{Conn: conn.NetConn()}
	if hijacking != nil && hijacking.conn != nil {
		wire = hijacking.conn
	}
	sess := newSession(s, conn, wire, r)
	if !s.track(sess) {
		sess.hardClose()
		return
	}
	open, err := json.Marshal(handshake{
		SID:          sess.id,
		Upgrades:     []string{},
		PingInterval: s.opts.PingInterval.Milliseconds(),
		PingTimeout:  s.opts.PingTimeout.Milliseconds(),
		MaxPayload:   s.opts.MaxPayload,
	})
	if err != nil {
		sess.hardClose()
		return
	}
	// The open packet is queued before the receiver exists: once accept
	// has run, other goroutines may send to the session, and their frames
	// must follow it.
	sess.out.push([]Frame{{Data: append([]byte{byte(PacketOpen)}, open...)}}, 1, true)
	sess.receiver = s.accept(sess)
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		sess.writeLoop()
	}()
	sess.readLoop()
	s.untrack(sess)
}

func (s *Server) track(sess *Session) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return false
	}
	s.sessions[sess] = struct{}{}
	s.openSessions.Add(1)
	return true
}

func (s *Server) untrack(sess *Session) {
	s.mu.Lock()
	if _, ok := s.sessions[sess]; ok {
		delete(s.sessions, sess)
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
	for sess := range s.sessions {
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

// refuse answers a handshake that cannot be served. The body carries the
// Engine.IO code and message (as the reference server does) inside an
// RFC 9457 problem.
func refuse(w http.ResponseWriter, status, code int, message string) {
	w.Header().Set("Content-Type", "application/problem+json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{
		"type":    "about:blank",
		"title":   http.StatusText(status),
		"status":  status,
		"detail":  message,
		"code":    code,
		"message": message,
	})
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
