package cluster

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"
	"time"
)

// relayHeader marks a signalling request one node relayed to another. Its
// value names the target node and carries an HMAC over target and room
// with the shared relay secret, so a client cannot use it to pin a room
// on a node of its choice.
const relayHeader = "X-Souk-Relay"

// ErrMoved: a join was relayed to this node for a room that is recorded
// on another one by the time it arrived; the client should join again.
var ErrMoved = errors.New("room moved to another node")

// Relay decides where a signalling connection goes and relays it there.
// It implements signal.Router.
type Relay struct {
	reg    *Registry
	secret []byte
	// local reports whether this node hosts room right now; while Redis
	// is down such rooms are still served.
	local func(room string) bool
	// canHost: this node has the sfu role.
	canHost bool
	ctx     context.Context // relays end when it does (shutdown)
	log     *slog.Logger
}

// NewRelay returns the router of this node. secret must be the same on
// every node (souk derives it from the media keys); local may be nil on a
// node without rooms. Relayed connections are closed when ctx ends.
func NewRelay(ctx context.Context, reg *Registry, secret []byte, canHost bool, local func(room string) bool) *Relay {
	if local == nil {
		local = func(string) bool { return false }
	}
	return &Relay{reg: reg, secret: secret, local: local, canHost: canHost, ctx: ctx, log: reg.log}
}

// Route implements signal.Router: a room nobody hosts is placed first.
func (rl *Relay) Route(r *http.Request, room string) (http.Handler, error) {
	if rl.relayedHere(r, room) {
		if rl.local(room) {
			return nil, nil
		}
		// The room would start here. Another node placed it on this one,
		// but the record may have changed since (Redis lost its data, or
		// this node was silent past the TTL): start it only while the
		// record names this node, never beside a copy on another node.
		n, err := rl.reg.RoomNode(r.Context(), room)
		if err != nil {
			return nil, err
		}
		if n.ID != rl.reg.Self() {
			return nil, fmt.Errorf("%w: room %q is now recorded on node %s", ErrMoved, room, n.ID)
		}
		return nil, nil
	}
	return rl.lookup(r, room, func(ctx context.Context, room string) (Node, bool, error) {
		n, err := rl.reg.RoomNode(ctx, room)
		return n, err == nil, err
	})
}

// route returns a handler relaying r to the node hosting room, as host
// finds it (ok false: nobody hosts it), or nil to serve r here: it was
// relayed here, the room lives here, or nobody hosts it.
func (rl *Relay) route(r *http.Request, room string, host func(ctx context.Context, room string) (n Node, ok bool, err error)) (http.Handler, error) {
	if rl.relayedHere(r, room) {
		return nil, nil
	}
	return rl.lookup(r, room, host)
}

// lookup is route for a request that was not relayed here.
func (rl *Relay) lookup(r *http.Request, room string, host func(ctx context.Context, room string) (n Node, ok bool, err error)) (http.Handler, error) {
	n, ok, err := host(r.Context(), room)
	if err != nil {
		if errors.Is(err, ErrUnavailable) && rl.canHost && rl.local(room) {
			// Redis is down, but the room lives here: keep serving it
			// (reconnects and rejoins of its participants).
			return nil, nil
		}
		return nil, err
	}
	if !ok || n.ID == rl.reg.Self() {
		return nil, nil
	}
	return rl.proxy(n, room)
}

// Self is this node's id, the one Forward takes.
func (rl *Relay) Self() string { return rl.reg.Self() }

// Forward returns a handler relaying r to the node called id, for a
// request about state that lives on that node alone (a realtime
// long-polling session, whose id is key), or nil to serve r here: id is
// this node, r was relayed here already (a node that no longer holds the
// state answers for it rather than bouncing it on), or no live node is
// called id. Requests and WebSocket upgrades are relayed alike.
func (rl *Relay) Forward(r *http.Request, id, key string) (http.Handler, error) {
	if v := r.Header.Get(relayHeader); v != "" {
		if rl.validMark(v, key) {
			return nil, nil
		}
		rl.log.Warn("ignoring an invalid relay mark", "key", key, "path", r.URL.Path, "remote", r.RemoteAddr)
	}
	if id == rl.reg.Self() {
		return nil, nil
	}
	n, ok, err := rl.reg.Node(r.Context(), id)
	if err != nil || !ok {
		return nil, err
	}
	return rl.proxy(n, key)
}

// relayedHere reports whether r carries a valid mark of another node
// relaying it to this one about room; an invalid mark is logged and
// ignored.
func (rl *Relay) relayedHere(r *http.Request, room string) bool {
	v := r.Header.Get(relayHeader)
	if v == "" {
		return false
	}
	if rl.canHost && rl.validMark(v, room) {
		return true
	}
	rl.log.Warn("ignoring an invalid relay mark", "room", room, "path", r.URL.Path, "remote", r.RemoteAddr)
	return false
}

func (rl *Relay) mark(target, room string) string {
	m := hmac.New(sha256.New, rl.secret)
	m.Write([]byte(target + "\n" + room))
	return target + "." + hex.EncodeToString(m.Sum(nil))
}

func (rl *Relay) validMark(v, room string) bool {
	target, _, ok := strings.Cut(v, ".")
	if !ok || target != rl.reg.Self() {
		return false
	}
	return hmac.Equal([]byte(v), []byte(rl.mark(target, room)))
}

// proxy relays the WebSocket upgrade and then the frames both ways. A
// relay (rather than a redirect) because livekit-client follows no
// redirect on its signalling socket, and browsers need not reach every
// node's HTTP port: only its media ports.
func (rl *Relay) proxy(n Node, room string) (http.Handler, error) {
	target, err := url.Parse(n.SignalURL)
	if err != nil || target.Host == "" {
		return nil, errors.New("node " + n.ID + " announced no usable signal URL")
	}
	mark := rl.mark(n.ID, room)
	log := rl.log.With("room", room, "to", n.ID)
	rp := &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(target)
			pr.SetXForwarded()
			// The site is chosen by the host name the client used.
			pr.Out.Host = pr.In.Host
			pr.Out.Header.Set(relayHeader, mark)
		},
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			log.Warn("signal relay failed", "err", err)
			http.Error(w, "the node hosting this room did not answer; try again shortly", http.StatusBadGateway)
		},
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The HTTP server's read and write timeouts were set on the
		// connection for an ordinary request; a relayed socket lives as
		// long as the call.
		rc := http.NewResponseController(w)
		_ = rc.SetReadDeadline(time.Time{})
		_ = rc.SetWriteDeadline(time.Time{})
		ctx, cancel := context.WithCancel(r.Context())
		defer cancel()
		stop := context.AfterFunc(rl.ctx, cancel)
		defer stop()
		log.Debug("relaying signal connection")
		rp.ServeHTTP(w, r.WithContext(ctx))
	}), nil
}
