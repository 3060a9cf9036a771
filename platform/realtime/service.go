package realtime

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"souk/config"
	"souk/platform"
	"souk/platform/realtime/bus"
	"souk/platform/realtime/engineio"
	"souk/platform/realtime/socketio"
)

// Options wires a Service.
type Options struct {
	Config config.Realtime
	Auth   platform.SessionAuthenticator
	Users  platform.UserFinder
	Calls  platform.CallService
	// Bus carries broadcasts between nodes; Mailbox holds invitations
	// for offline users. Both must be shared by all nodes (bus.Local for
	// one node, bus.Redis for several).
	Bus     bus.Bus
	Mailbox bus.Mailbox
	// Node names this process in relayed envelopes (sourcesrv). A random
	// name is used when empty.
	Node   string
	Logger *slog.Logger
	// Slots, when set, makes the per-user connection limit hold across
	// nodes.
	Slots ConnectionSlots
	// Forwarder, when set, relays the requests of long-polling sessions
	// that other nodes hold (see sessionroute.go).
	Forwarder SessionForwarder
	// InvitationTTL is how long an invitation rings before the call ends
	// unanswered; zero means platform.InvitationTTL. Tests shorten it.
	InvitationTTL time.Duration
}

// Service is the realtime channel server; it is an http.Handler to mount
// at /socket.io/.
type Service struct {
	cfg     config.Realtime
	auth    platform.SessionAuthenticator
	users   platform.UserFinder
	calls   platform.CallService
	bus     bus.Bus
	mailbox bus.Mailbox
	node    string
	log     *slog.Logger

	invitationTTL time.Duration
	expiries      *expiries
	io            *socketio.Server
	main          *socketio.Namespace

	slots          ConnectionSlots // nil: the limit counts this node only
	slotsDownUntil atomic.Int64    // unix ns; see sharedSlotsUsable
	stopSlots      chan struct{}
	closeOnce      sync.Once

	mu          sync.Mutex
	connections map[userKey]int
	sockets     map[userKey]map[*socketio.Socket]struct{}
	// sessionEnds are told of every ended session this node hears of,
	// after its sockets are closed (OnSessionEnd).
	sessionEnds []func(platform.SessionEnd)

	counts counters // see Stats
}

type userKey struct{ site, user string }

// New builds the service and subscribes it to the bus.
func New(opts Options) (*Service, error) {
	if opts.Auth == nil || opts.Users == nil || opts.Calls == nil || opts.Bus == nil || opts.Mailbox == nil {
		return nil, errors.New("realtime: Auth, Users, Calls, Bus and Mailbox are required")
	}
	if err := opts.Config.Validate(); err != nil {
		return nil, err
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.InvitationTTL <= 0 {
		opts.InvitationTTL = platform.InvitationTTL
	}
	if opts.Node == "" {
		var b [6]byte
		rand.Read(b[:])
		opts.Node = "node-" + hex.EncodeToString(b[:])
	}
	s := &Service{
		cfg:         opts.Config,
		auth:        opts.Auth,
		users:       opts.Users,
		calls:       opts.Calls,
		bus:         opts.Bus,
		mailbox:     opts.Mailbox,
		node:        opts.Node,
		log:         opts.Logger.With("component", "realtime", "node", opts.Node),
		connections: make(map[userKey]int),
		sockets:     make(map[userKey]map[*socketio.Socket]struct{}),
		slots:       opts.Slots,
		stopSlots:   make(chan struct{}),

		invitationTTL: opts.InvitationTTL,
	}
	s.expiries = newExpiries(s.expireCall)
	if s.slots != nil {
		go s.renewSlots(s.stopSlots)
	}
	s.io = socketio.NewServer(socketio.Options{
		Engine: engineio.Options{
			PingInterval: s.cfg.PingInterval,
			PingTimeout:  s.cfg.PingTimeout,
			MaxPayload:   s.cfg.MaxPayload,
			WriteTimeout: s.cfg.WriteTimeout,
			SendQueue:    s.cfg.SendQueue,
			// A polling session lives on one node; its id names the
			// node so that any node can relay its requests there.
			SessionIDSuffix: sessionIDSuffix(opts.Forwarder),
			Forward:         forwardSession(opts.Forwarder),
		},
		ConnectTimeout: s.cfg.ConnectTimeout,
		Logger:         s.log,
	})
	s.main = s.io.Of("/")
	s.main.OnConnect(s.admit)
	s.main.OnDisconnect(s.leaveAll)
	s.main.On(EventJoinRoom, s.limited(s.joinRoom))
	s.main.On(EventLeaveRoom, s.limited(s.leaveRoom))
	s.main.On(EventBroadcast, s.limited(s.broadcast))
	s.main.On(EventChatMessage, s.limited(s.chatMessage))
	s.bus.Subscribe(s.deliver)
	return s, nil
}

func (s *Service) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.io.ServeHTTP(w, r) }

// Close disconnects every client (they reconnect to another node or
// after a restart) and waits for their goroutines until ctx ends. The bus
// belongs to the caller.
func (s *Service) Close(ctx context.Context) error {
	s.closeOnce.Do(func() { close(s.stopSlots) })
	err := s.io.Close(ctx)
	if e := s.expiries.close(ctx); err == nil {
		err = e
	}
	return err
}

// Node is this process's name in relayed envelopes.
func (s *Service) Node() string { return s.node }

// deliver hands a bus message to this node's sockets.
func (s *Service) deliver(m bus.Message) {
	if m.Kind == kindSessionEnd {
		s.endSessions(m.Data)
		return
	}
	if m.Kind != "" {
		s.log.Warn("bus message of an unknown kind dropped", "kind", m.Kind, "origin", m.Origin)
		return
	}
	s.counts.delivered.Add(1)
	t := socketio.Event
	if len(m.Attachments) > 0 {
		t = socketio.BinaryEvent
	}
	s.main.BroadcastLocal(m.Room, m.Except, &socketio.Packet{
		Type: t, Namespace: "/", ID: socketio.NoID, Data: m.Data, Attachments: m.Attachments,
	})
}

// publish sends an event to a room on every node.
func (s *Service) publish(ctx context.Context, room, except string, event string, args ...any) error {
	p, err := socketio.NewEvent("/", event, args...)
	if err != nil {
		return err
	}
	return s.bus.Publish(ctx, bus.Message{Room: room, Except: except, Data: p.Data, Attachments: p.Attachments, Origin: s.node})
}
