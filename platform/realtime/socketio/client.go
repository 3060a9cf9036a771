package socketio

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"souk/platform/realtime/engineio"
)

// client is one Engine.IO session and the namespaces it joined.
type client struct {
	srv          *Server
	sess         *engineio.Session
	dec          Decoder
	connectTimer *time.Timer

	mu      sync.Mutex
	sockets map[string]*Socket // by namespace
	closed  bool
}

func (c *client) anyConnected() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.sockets) > 0
}

func protocolError(err error) error {
	return &engineio.ProtocolError{Code: websocket.CloseProtocolError, Reason: err.Error()}
}

// Receive runs on the session's reader.
func (c *client) Receive(msg engineio.Message) error {
	p, err := c.dec.Add(msg.Binary, msg.Data)
	if err != nil {
		return protocolError(err)
	}
	if p == nil {
		return nil
	}
	switch p.Type {
	case Connect:
		return c.connect(p)
	case Disconnect:
		if s := c.socket(p.Namespace); s != nil {
			c.remove(s, "client namespace disconnect")
		}
		return nil
	case Event, BinaryEvent:
		s := c.socket(p.Namespace)
		if s == nil {
			// The reference server drops events for namespaces the
			// client has not joined; so do we.
			c.srv.opts.Logger.Debug("event for an unjoined namespace dropped", "sid", c.sess.ID(), "nsp", p.Namespace)
			return nil
		}
		return s.dispatch(p)
	case Ack, BinaryAck:
		// This server never asks clients for acknowledgements, so every
		// id is unknown.
		return protocolError(fmt.Errorf("%w: no acknowledgement %d was requested", ErrBadID, p.ID))
	default:
		return protocolError(fmt.Errorf("%w: clients do not send %s", ErrBadType, p.Type))
	}
}

func (c *client) connect(p *Packet) error {
	n, ok := c.srv.nsps[p.Namespace]
	if !ok {
		return c.send(connectErrorPacket(p.Namespace, "Invalid namespace", nil))
	}
	if c.socket(p.Namespace) != nil {
		return protocolError(errors.New("namespace joined twice"))
	}
	s := newSocket(c, n)
	if err := n.runConnect(s, p.Data); err != nil {
		var refusal *Refusal
		if !errors.As(err, &refusal) {
			c.srv.opts.Logger.Error("realtime connect hook failed", "sid", c.sess.ID(), "nsp", n.name, "err", err)
			refusal = &Refusal{Message: "internal error", Data: map[string]string{"code": "internal"}}
		}
		return c.send(connectErrorPacket(p.Namespace, refusal.Message, refusal.Data))
	}
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		s.cancel()
		n.runDisconnect(s, "transport closed while connecting")
		return nil
	}
	c.sockets[n.name] = s
	c.mu.Unlock()
	c.connectTimer.Stop()
	n.add(s)
	if err := c.send(&Packet{Type: Connect, Namespace: n.name, ID: NoID, Data: sidPayload(s.id)}); err != nil {
		return err
	}
	n.runConnected(s)
	return nil
}

func sidPayload(sid string) []byte { return []byte(`{"sid":"` + sid + `"}`) }

func (c *client) socket(nsp string) *Socket {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.sockets[nsp]
}

// remove takes s out of its namespace and rooms and runs the disconnect
// hook once.
func (c *client) remove(s *Socket, reason string) {
	c.mu.Lock()
	if c.sockets[s.nsp.name] != s {
		c.mu.Unlock()
		return
	}
	delete(c.sockets, s.nsp.name)
	c.mu.Unlock()
	// The hook runs while the socket is still in its rooms, so it can
	// tell them it is leaving.
	s.nsp.runDisconnect(s, reason)
	s.nsp.remove(s)
	s.cancel()
}

func (c *client) send(p *Packet) error {
	send := c.sess.Send
	switch p.Type {
	case Connect, ConnectError, Ack, BinaryAck:
		// The peer waits for these: they skip the flush interval.
		send = c.sess.Reply
	}
	err := send(p.Frames()...)
	if errors.Is(err, engineio.ErrClosed) {
		return nil
	}
	return err
}

// Closed runs once the transport is gone.
func (c *client) Closed(reason string) {
	c.connectTimer.Stop()
	c.mu.Lock()
	c.closed = true
	sockets := make([]*Socket, 0, len(c.sockets))
	for _, s := range c.sockets {
		sockets = append(sockets, s)
	}
	c.mu.Unlock()
	for _, s := range sockets {
		c.remove(s, reason)
	}
}
