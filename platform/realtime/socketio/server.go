package socketio

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"time"

	"souk/platform/realtime/engineio"
)

// Options tune the Socket.IO layer and its transport.
type Options struct {
	Engine engineio.Options
	// ConnectTimeout closes a connection that has joined no namespace
	// this long after the handshake. Zero means 45s, the protocol's usual
	// default, as Engine's zero values do; the product's own limits are
	// the realtime section of its configuration (connect_timeout 10s),
	// passed in by the realtime service.
	ConnectTimeout time.Duration
	// MaxAttachments caps the binary attachments of one packet.
	MaxAttachments int
	Logger         *slog.Logger
}

// Server serves Socket.IO. Create namespaces with Of before serving.
type Server struct {
	opts   Options
	engine *engineio.Server
	nsps   map[string]*Namespace
}

// NewServer returns a server with the main namespace "/" created.
func NewServer(opts Options) *Server {
	if opts.ConnectTimeout <= 0 {
		opts.ConnectTimeout = 45 * time.Second
	}
	if opts.MaxAttachments <= 0 {
		opts.MaxAttachments = 16
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	opts.Engine.Logger = opts.Logger
	s := &Server{opts: opts, nsps: make(map[string]*Namespace)}
	s.engine = engineio.NewServer(opts.Engine, s.accept)
	s.Of("/")
	return s
}

// Of returns the namespace called name, creating it. Namespaces must be
// created before the server serves its first request.
func (s *Server) Of(name string) *Namespace {
	if n, ok := s.nsps[name]; ok {
		return n
	}
	n := newNamespace(name, s.opts.Logger)
	s.nsps[name] = n
	return n
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.engine.ServeHTTP(w, r) }

// Close disconnects every client and waits for their goroutines, at most
// until ctx ends.
func (s *Server) Close(ctx context.Context) error { return s.engine.Close(ctx) }

func (s *Server) accept(sess *engineio.Session) engineio.Receiver {
	c := &client{
		srv:     s,
		sess:    sess,
		dec:     Decoder{MaxAttachments: s.opts.MaxAttachments},
		sockets: make(map[string]*Socket),
	}
	c.connectTimer = time.AfterFunc(s.opts.ConnectTimeout, func() {
		if !c.anyConnected() {
			s.opts.Logger.Info("realtime client joined no namespace in time", "sid", sess.ID(), "remote", sess.RemoteAddr())
			sess.Close(4000, "connect timeout")
		}
	})
	return c
}

// connectError is the CONNECT_ERROR payload the client library turns
// into an Error with message and data.
type connectError struct {
	Message string `json:"message"`
	Data    any    `json:"data,omitempty"`
}

func connectErrorPacket(nsp, message string, data any) *Packet {
	raw, _ := json.Marshal(connectError{Message: message, Data: data})
	return &Packet{Type: ConnectError, Namespace: nsp, ID: NoID, Data: raw}
}
