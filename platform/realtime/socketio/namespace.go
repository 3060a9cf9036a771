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
	rooms   map[string]*room
}

// room is the sockets in one room: a slice to walk on every broadcast
// and each socket's place in it, for O(1) joins and leaves.
type room struct {
	members []*Socket
	index   map[*Socket]int
}

func (r *room) add(s *Socket) {
	r.index[s] = len(r.members)
	r.members = append(r.members, s)
}

func (r *room) remove(s *Socket) {
	i, ok := r.index[s]
	if !ok {
		return
	}
	last := len(r.members) - 1
	if i != last {
		moved := r.members[last]
		r.members[i] = moved
		r.index[moved] = i
	}
	r.members[last] = nil
	r.members = r.members[:last]
	delete(r.index, s)
}

func newNamespace(name string, logger *slog.Logger) *Namespace {
	return &Namespace{
		name:     name,
		logger:   logger,
		handlers: make(map[string]EventHandler),
		sockets:  make(map[string]*Socket),
		rooms:    make(map[string]*room),
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

func (n *Namespace) join(s *Socket, name string) bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	if _, ok := n.sockets[s.id]; !ok {
		return false // already gone
	}
	if _, ok := s.rooms[name]; ok {
		return false
	}
	members := n.rooms[name]
	if members == nil {
		members = &room{index: make(map[*Socket]int)}
		n.rooms[name] = members
	}
	members.add(s)
	s.rooms[name] = struct{}{}
	return true
}

func (n *Namespace) leave(s *Socket, room string) bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.leaveLocked(s, room)
}

func (n *Namespace) leaveLocked(s *Socket, name string) bool {
	if _, ok := s.rooms[name]; !ok {
		return false
	}
	delete(s.rooms, name)
	if members := n.rooms[name]; members != nil {
		members.remove(s)
		if len(members.members) == 0 {
			delete(n.rooms, name)
		}
	}
	return true
}

// RoomSize is how many local sockets are in room.
func (n *Namespace) RoomSize(name string) int {
	n.mu.RLock()
	defer n.mu.RUnlock()
	if r := n.rooms[name]; r != nil {
		return len(r.members)
	}
	return 0
}

// BroadcastLocal sends p to the sockets of this process in room, except
// the socket with id except (if any). The packet is encoded and framed
// once; every recipient's queue gets the same bytes. It returns how many
// sockets it was queued for.
func (n *Namespace) BroadcastLocal(name, except string, p *Packet) int {
	frames := engineio.Prepare(p.Frames())
	n.mu.RLock()
	defer n.mu.RUnlock()
	r := n.rooms[name]
	if r == nil {
		return 0
	}
	// Send never blocks (a peer that is too slow is cut off instead), so
	// the walk holds the read lock: no copy of the member list per
	// broadcast.
	sent := 0
	for _, s := range r.members {
		if s.id != except {
			s.c.sess.Send(frames...)
			sent++
		}
	}
	return sent
}
