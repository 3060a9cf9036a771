package socketio

import (
	"encoding/json"
	"log/slog"
	"sync"

	"souk/platform/realtime/engineio"
)

// ConnectFunc decides whether a socket may join a namespace; auth is the
// CONNECT payload (nil when the client sent none). Returning a *Refusal
// sends its message to the client as CONNECT_ERROR; any other error is
// logged and reported as an internal error.
type ConnectFunc func(s *Socket, auth json.RawMessage) error

// EventHandler handles one event. It runs on the connection's reader, so
// events of one connection are handled in order. A returned error closes
// the whole connection; use a *engineio.ProtocolError to choose the close
// code and reason.
type EventHandler func(s *Socket, ev *EventMessage) error

// Refusal is a connection refused for a reason the client may see.
type Refusal struct {
	Message string
	Data    any
}

func (r *Refusal) Error() string { return "connection refused: " + r.Message }

// Namespace is a named group of handlers and the sockets that joined it.
type Namespace struct {
	name       string
	logger     *slog.Logger
	connect    ConnectFunc
	connected  func(*Socket)
	disconnect func(s *Socket, reason string)
	handlers   map[string]EventHandler

	mu      sync.RWMutex
	sockets map[string]*Socket
	rooms   map[string]map[*Socket]struct{}
}

func newNamespace(name string, logger *slog.Logger) *Namespace {
	return &Namespace{
		name:     name,
		logger:   logger,
		handlers: make(map[string]EventHandler),
		sockets:  make(map[string]*Socket),
		rooms:    make(map[string]map[*Socket]struct{}),
	}
}

// Name is the namespace's name, "/" for the main one.
func (n *Namespace) Name() string { return n.name }

// OnConnect sets the hook that admits or refuses sockets. Set handlers
// before serving.
func (n *Namespace) OnConnect(f ConnectFunc) { n.connect = f }

// OnConnected sets a hook run after the client was told it is connected.
func (n *Namespace) OnConnected(f func(*Socket)) { n.connected = f }

// OnDisconnect sets the hook run once when a socket leaves.
func (n *Namespace) OnDisconnect(f func(s *Socket, reason string)) { n.disconnect = f }

// On sets the handler of an event.
func (n *Namespace) On(event string, h EventHandler) { n.handlers[event] = h }

func (n *Namespace) runConnect(s *Socket, auth json.RawMessage) error {
	if n.connect == nil {
		return nil
	}
	return n.connect(s, auth)
}

func (n *Namespace) runConnected(s *Socket) {
	if n.connected != nil {
		n.connected(s)
	}
}

func (n *Namespace) runDisconnect(s *Socket, reason string) {
	if n.disconnect != nil {
		n.disconnect(s, reason)
	}
}

func (n *Namespace) add(s *Socket) {
	n.mu.Lock()
	n.sockets[s.id] = s
	n.mu.Unlock()
}

// remove takes s out of the namespace and all its rooms.
func (n *Namespace) remove(s *Socket) {
	n.mu.Lock()
	defer n.mu.Unlock()
	delete(n.sockets, s.id)
	for room := range s.rooms {
		n.leaveLocked(s, room)
	}
}

func (n *Namespace) join(s *Socket, room string) bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	if _, ok := n.sockets[s.id]; !ok {
		return false // already gone
	}
	if _, ok := s.rooms[room]; ok {
		return false
	}
	members := n.rooms[room]
	if members == nil {
		members = make(map[*Socket]struct{})
		n.rooms[room] = members
	}
	members[s] = struct{}{}
	s.rooms[room] = struct{}{}
	return true
}

func (n *Namespace) leave(s *Socket, room string) bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.leaveLocked(s, room)
}

func (n *Namespace) leaveLocked(s *Socket, room string) bool {
	if _, ok := s.rooms[room]; !ok {
		return false
	}
	delete(s.rooms, room)
	members := n.rooms[room]
	delete(members, s)
	if len(members) == 0 {
		delete(n.rooms, room)
	}
	return true
}

// RoomSize is how many local sockets are in room.
func (n *Namespace) RoomSize(room string) int {
	n.mu.RLock()
	defer n.mu.RUnlock()
	return len(n.rooms[room])
}

// BroadcastLocal sends p to the sockets of this process in room, except
// the socket with id except (if any). The packet is encoded once. It
// returns how many sockets it was queued for.
func (n *Namespace) BroadcastLocal(room, except string, p *Packet) int {
	frames := p.Frames()
	n.mu.RLock()
	targets := make([]*Socket, 0, len(n.rooms[room]))
	for s := range n.rooms[room] {
		if s.id != except {
			targets = append(targets, s)
		}
	}
	n.mu.RUnlock()
	if len(targets) > 1 {
		frames = engineio.Prepare(frames)
	}
	for _, s := range targets {
		s.c.sess.Send(frames...)
	}
	return len(targets)
}
