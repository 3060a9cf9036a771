package client

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"
	"github.com/livekit/protocol/livekit"
	"github.com/pion/rtp"
	"github.com/pion/transport/v4"
	"github.com/pion/webrtc/v4"
	"google.golang.org/protobuf/proto"
)

// Config describes one connection.
type Config struct {
	// URL of the server (http, https, ws or wss); /rtc is appended.
	URL   string
	Token string
	// NoAutoSubscribe turns off automatic subscription to others' tracks.
	NoAutoSubscribe bool
	// IncludeLoopback lets ICE use 127.0.0.1 (server on the same host).
	IncludeLoopback bool
	// SinglePC joins on /rtc/v1 with one peer connection (the browser
	// library's default) instead of the legacy /rtc pair.
	SinglePC bool
	// OnRTP, when set, sees every received RTP packet with its arrival
	// time, on the track's reader goroutine (keep it short; do not retain p).
	OnRTP func(t *RemoteTrack, p *rtp.Packet, arrival time.Time)
	// DropSent, when set, simulates a lossy uplink: every outgoing media
	// packet (of a stream with that codec) it returns true for is dropped
	// before the socket, after pion's NACK responder kept it for
	// retransmission. Retransmissions on an RTX SSRC are never offered.
	DropSent func(mime string, h *rtp.Header) bool
	Logger   *slog.Logger
	// Net, when set, carries the peer connections instead of the host's
	// network (pion's virtual network in tests); signalling still uses the
	// host's.
	Net transport.Net
}

// Client is one joined participant.
type Client struct {
	cfg  Config
	log  *slog.Logger
	ws   *websocket.Conn
	join *livekit.JoinResponse

	wmu sync.Mutex // websocket writes

	pub, sub *peer

	mu       sync.Mutex
	history  []*livekit.SignalResponse
	notify   chan struct{}
	closed   bool
	closeErr error
	pending  map[string]chan *livekit.TrackInfo // cid → published
	remote   map[string]*RemoteTrack            // track sid
	local    []*LocalTrack
	data     []*livekit.DataPacket
	dataOut  map[livekit.DataPacket_Kind]*webrtc.DataChannel
	dataIn   int // server data channels open on the subscriber connection
	done     chan struct{}
}

// ErrLeft is returned once the server sent a leave.
var ErrLeft = errors.New("server asked the client to leave")

// Connect dials, waits for the JoinResponse and sets up both peer
// connections. ctx bounds the connection setup only.
func Connect(ctx context.Context, cfg Config) (*Client, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	u, err := signalURL(cfg)
	if err != nil {
		return nil, err
	}
	ws, resp, err := websocket.DefaultDialer.DialContext(ctx, u, nil)
	if err != nil {
		if resp != nil {
			return nil, &HTTPError{Status: resp.StatusCode, Body: readBody(resp)}
		}
		return nil, fmt.Errorf("dial signal: %w", err)
	}
	c := &Client{cfg: cfg, log: cfg.Logger, ws: ws, notify: make(chan struct{}), pending: map[string]chan *livekit.TrackInfo{},
		remote: map[string]*RemoteTrack{}, dataOut: map[livekit.DataPacket_Kind]*webrtc.DataChannel{}, done: make(chan struct{})}

	first, err := c.readFirst(ctx)
	if err != nil {
		_ = ws.Close()
		return nil, err
	}
	c.join = first
	if err := c.setupPeers(); err != nil {
		_ = ws.Close()
		return nil, err
	}
	go c.readLoop()
	if err := c.pub.negotiate(ctx); err != nil {
		c.Close()
		return nil, fmt.Errorf("publisher negotiation: %w", err)
	}
	return c, nil
}

// HTTPError is a refused upgrade, with the server's reason.
type HTTPError struct {
	Status int
	Body   string
}

func (e *HTTPError) Error() string { return fmt.Sprintf("signal refused: %d %s", e.Status, e.Body) }

func readBody(r *http.Response) string {
	defer r.Body.Close()
	b := make([]byte, 512)
	n, _ := r.Body.Read(b)
	return strings.TrimSpace(string(b[:n]))
}

func signalURL(cfg Config) (string, error) {
	u, err := url.Parse(cfg.URL)
	if err != nil {
		return "", fmt.Errorf("server url: %w", err)
	}
	switch u.Scheme {
	case "http":
		u.Scheme = "ws"
	case "https":
		u.Scheme = "wss"
	}
	u.Path = strings.TrimSuffix(u.Path, "/") + "/rtc"
	if cfg.SinglePC {
		return v1URL(u, cfg)
	}
	q := url.Values{}
	q.Set("access_token", cfg.Token)
	q.Set("sdk", "go")
	q.Set("version", "0.1.0")
	q.Set("protocol", "16")
	q.Set("auto_subscribe", map[bool]string{true: "0", false: "1"}[cfg.NoAutoSubscribe])
	u.RawQuery = q.Encode()
	return u.String(), nil
}

func (c *Client) readFirst(ctx context.Context) (*livekit.JoinResponse, error) {
	deadline := time.Now().Add(10 * time.Second)
	if d, ok := ctx.Deadline(); ok {
		deadline = d
	}
	_ = c.ws.SetReadDeadline(deadline)
	defer c.ws.SetReadDeadline(time.Time{})
	msg, err := c.readMsg()
	if err != nil {
		return nil, fmt.Errorf("waiting for join response: %w", err)
	}
	switch m := msg.GetMessage().(type) {
	case *livekit.SignalResponse_Join:
		return m.Join, nil
	case *livekit.SignalResponse_Leave:
		return nil, fmt.Errorf("%w: %s", ErrLeft, m.Leave.GetReason())
	}
	return nil, fmt.Errorf("unexpected first message %T", msg.GetMessage())
}

func (c *Client) readMsg() (*livekit.SignalResponse, error) {
	_, b, err := c.ws.ReadMessage()
	if err != nil {
		return nil, err
	}
	msg := &livekit.SignalResponse{}
	if err := proto.Unmarshal(b, msg); err != nil {
		return nil, fmt.Errorf("decode signal response: %w", err)
	}
	return msg, nil
}

func (c *Client) send(req *livekit.SignalRequest) error {
	b, err := proto.Marshal(req)
	if err != nil {
		return err
	}
	c.wmu.Lock()
	defer c.wmu.Unlock()
	_ = c.ws.SetWriteDeadline(time.Now().Add(5 * time.Second))
	return c.ws.WriteMessage(websocket.BinaryMessage, b)
}

// JoinResponse is what the server sent on join.
func (c *Client) JoinResponse() *livekit.JoinResponse { return c.join }

// SID is this participant's server id.
func (c *Client) SID() string { return c.join.GetParticipant().GetSid() }

func (c *Client) readLoop() {
	defer close(c.done)
	for {
		msg, err := c.readMsg()
		if err != nil {
			c.mu.Lock()
			c.closed, c.closeErr = true, err
			c.mu.Unlock()
			c.wake()
			return
		}
		c.mu.Lock()
		c.history = append(c.history, msg)
		c.mu.Unlock()
		c.handle(msg)
		c.wake()
	}
}

func (c *Client) wake() {
	c.mu.Lock()
	close(c.notify)
	c.notify = make(chan struct{})
	c.mu.Unlock()
}

func (c *Client) handle(msg *livekit.SignalResponse) {
	switch m := msg.GetMessage().(type) {
	case *livekit.SignalResponse_Offer:
		if c.sub == nil {
			return // v1: the client always offers; a server offer is ignored
		}
		go func() {
			if err := c.sub.answerOffer(m.Offer); err != nil {
				c.log.Warn("subscriber answer", "err", err)
			}
		}()
	case *livekit.SignalResponse_Answer:
		c.pub.gotAnswer(m.Answer)
	case *livekit.SignalResponse_MediaSectionsRequirement:
		go c.addRecvSections(m.MediaSectionsRequirement)
	case *livekit.SignalResponse_Trickle:
		p := c.pub
		if m.Trickle.GetTarget() == livekit.SignalTarget_SUBSCRIBER && c.sub != nil {
			p = c.sub
		}
		p.addCandidate(m.Trickle.GetCandidateInit())
	case *livekit.SignalResponse_TrackPublished:
		c.mu.Lock()
		ch := c.pending[m.TrackPublished.GetCid()]
		delete(c.pending, m.TrackPublished.GetCid())
		c.mu.Unlock()
		if ch != nil {
			ch <- m.TrackPublished.GetTrack()
		}
	}
}

// WaitFor blocks until a received signal response satisfies match, looking
// at everything received since connect, and returns it.
func (c *Client) WaitFor(ctx context.Context, match func(*livekit.SignalResponse) bool) (*livekit.SignalResponse, error) {
	seen := 0
	for {
		c.mu.Lock()
		for ; seen < len(c.history); seen++ {
			if match(c.history[seen]) {
				m := c.history[seen]
				c.mu.Unlock()
				return m, nil
			}
		}
		ch, closed, cerr := c.notify, c.closed, c.closeErr
		c.mu.Unlock()
		if closed {
			return nil, fmt.Errorf("signal closed: %w", cerr)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-ch:
		}
	}
}

// Send writes a raw signal request (tests use it for protocol edge cases).
func (c *Client) Send(req *livekit.SignalRequest) error { return c.send(req) }

// Leave tells the server we leave, then closes everything.
func (c *Client) Leave() {
	_ = c.send(&livekit.SignalRequest{Message: &livekit.SignalRequest_Leave{Leave: &livekit.LeaveRequest{Reason: livekit.DisconnectReason_CLIENT_INITIATED}}})
	c.Close()
}

// DropSignal closes only the WebSocket, as a network blip would; the peer
// connections stay up so the session can be resumed.
func (c *Client) DropSignal() {
	_ = c.ws.Close()
	<-c.done
}

// Close drops the connection without a leave (as a crashed client would).
func (c *Client) Close() {
	_ = c.ws.Close()
	if c.pub != nil {
		_ = c.pub.pc.Close()
	}
	if c.sub != nil {
		_ = c.sub.pc.Close()
	}
	<-c.done
}
