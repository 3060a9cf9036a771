package socketio

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"sync"
	"sync/atomic"

	"souk/platform/realtime/engineio"
)

// Socket is one client's membership in one namespace.
type Socket struct {
	id     string
	c      *client
	nsp    *Namespace
	ctx    context.Context
	cancel context.CancelFunc
	rooms  map[string]struct{} // guarded by nsp.mu

	dataMu sync.Mutex
	data   any
}

func newSocket(c *client, n *Namespace) *Socket {
	var b [15]byte
	rand.Read(b[:])
	ctx, cancel := context.WithCancel(c.sess.Context())
	return &Socket{
		id:     base64.RawURLEncoding.EncodeToString(b[:]),
		c:      c,
		nsp:    n,
		ctx:    ctx,
		cancel: cancel,
		rooms:  make(map[string]struct{}),
	}
}

// ID is the socket id sent to the client in the CONNECT answer.
func (s *Socket) ID() string { return s.id }

// Namespace is the namespace the socket joined.
func (s *Socket) Namespace() *Namespace { return s.nsp }

// Context carries the handshake request's values and ends when the
// socket leaves.
func (s *Socket) Context() context.Context { return s.ctx }

// Query returns the handshake's query parameters.
func (s *Socket) Query() url.Values { return s.c.sess.Query() }

// Header returns the handshake's headers.
func (s *Socket) Header() http.Header { return s.c.sess.Header() }

// RemoteAddr is the peer's address.
func (s *Socket) RemoteAddr() string { return s.c.sess.RemoteAddr() }

// SetData attaches the application's state (e.g. the signed-in user).
func (s *Socket) SetData(v any) {
	s.dataMu.Lock()
	s.data = v
	s.dataMu.Unlock()
}

// Data returns what SetData attached.
func (s *Socket) Data() any {
	s.dataMu.Lock()
	defer s.dataMu.Unlock()
	return s.data
}

// Emit sends an event to this socket. []byte arguments travel as binary
// attachments.
func (s *Socket) Emit(event string, args ...any) error {
	p, err := NewEvent(s.nsp.name, event, args...)
	if err != nil {
		return err
	}
	return s.Send(p)
}

// Send sends a prepared packet to this socket.
func (s *Socket) Send(p *Packet) error { return s.c.send(p) }

// Join adds the socket to a local room; it reports false when the socket
// already was in it or has left.
func (s *Socket) Join(room string) bool { return s.nsp.join(s, room) }

// Leave removes the socket from a room.
func (s *Socket) Leave(room string) bool { return s.nsp.leave(s, room) }

// Rooms lists the rooms the socket is in.
func (s *Socket) Rooms() []string {
	s.nsp.mu.RLock()
	defer s.nsp.mu.RUnlock()
	out := make([]string, 0, len(s.rooms))
	for r := range s.rooms {
		out = append(out, r)
	}
	return out
}

// InRoom reports membership of room.
func (s *Socket) InRoom(room string) bool {
	s.nsp.mu.RLock()
	defer s.nsp.mu.RUnlock()
	_, ok := s.rooms[room]
	return ok
}

// Disconnect tells the client it was disconnected from the namespace
// (the client library then does not reconnect by itself) and closes the
// connection with reason in the WebSocket close frame.
func (s *Socket) Disconnect(code int, reason string) {
	s.c.send(&Packet{Type: Disconnect, Namespace: s.nsp.name, ID: NoID})
	s.c.remove(s, "server namespace disconnect: "+reason)
	s.c.sess.Close(code, reason)
}

// EventMessage is an event received from a client.
type EventMessage struct {
	Name string
	// Args are the arguments after the name; binary arguments are
	// placeholders pointing into Attachments.
	Args        []json.RawMessage
	Attachments [][]byte

	socket *Socket
	ackID  int64
	acked  atomic.Bool
}

// WantsAck reports whether the client waits for an acknowledgement.
func (e *EventMessage) WantsAck() bool { return e.ackID != NoID }

// Ack answers the client's acknowledgement callback once; later calls
// and events without a callback are no-ops.
func (e *EventMessage) Ack(args ...any) error {
	if !e.WantsAck() || !e.acked.CompareAndSwap(false, true) {
		return nil
	}
	p, err := NewAck(e.socket.nsp.name, e.ackID, args...)
	if err != nil {
		return err
	}
	return e.socket.Send(p)
}

// ErrNoHandler is the error acknowledgement for unknown events.
var ErrNoHandler = errors.New("no handler for this event")

func (s *Socket) dispatch(p *Packet) error {
	args, err := splitArray(p.Data)
	if err != nil || len(args) == 0 {
		return protocolError(fmt.Errorf("%w: event arguments", ErrBadPayload))
	}
	name, _ := EventName(args[0])
	ev := &EventMessage{Name: name, Args: args[1:], Attachments: p.Attachments, socket: s, ackID: p.ID}
	h, ok := s.nsp.handlers[name]
	if !ok {
		s.nsp.logger.Debug("realtime event without handler", "event", name, "socket", s.id)
		return ev.Ack(map[string]any{"error": map[string]string{"code": "not_found", "message": "unknown event " + name}})
	}
	if err := h(s, ev); err != nil {
		var pe *engineio.ProtocolError
		if errors.As(err, &pe) {
			return err
		}
		return &engineio.ProtocolError{Code: 1011, Reason: "internal error"}
	}
	return nil
}
