package signal

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"
	"github.com/livekit/protocol/livekit"

	"souk/sfu"
)

// Server serves the signalling endpoints. Mount it on /rtc and /rtc/...
type Server struct {
	cfg   Config
	keys  KeyProvider
	rooms Rooms
	log   *slog.Logger
	up    websocket.Upgrader

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	ended  endedSessions
	mu     sync.Mutex
	joined map[*conn]joined
}

// NewServer returns a signalling server. Connections end when ctx is
// cancelled or Close is called.
func NewServer(ctx context.Context, cfg Config, keys KeyProvider, rooms Rooms, log *slog.Logger) *Server {
	ctx, cancel := context.WithCancel(ctx)
	s := &Server{cfg: cfg.withDefaults(), keys: keys, rooms: rooms, log: log.With("component", "signal"), ctx: ctx, cancel: cancel,
		joined: map[*conn]joined{}}
	s.up = websocket.Upgrader{
		ReadBufferSize: 16 << 10, WriteBufferSize: 16 << 10,
		// Browsers connect from the app's origin; the access token is the
		// authorisation, so any origin may open the socket.
		CheckOrigin: func(*http.Request) bool { return true },
	}
	return s
}

// Close ends all connections and waits for their goroutines.
func (s *Server) Close(ctx context.Context) error {
	s.cancel()
	done := make(chan struct{})
	go func() { s.wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch strings.TrimSuffix(r.URL.Path, "/") {
	case "/rtc/v1":
		s.serveRTC(w, r, true)
	case "/rtc":
		s.serveRTC(w, r, false)
	case "/rtc/validate", "/rtc/v1/validate":
		s.serveValidate(w, r)
	default:
		cors(w)
		http.NotFound(w, r)
	}
}

func cors(w http.ResponseWriter) {
	w.Header().Set("Access-Control-Allow-Origin", "*")
	w.Header().Set("Access-Control-Allow-Headers", "Authorization, Content-Type")
	w.Header().Set("Access-Control-Allow-Methods", "GET, HEAD, OPTIONS")
}

// HeadRoot answers the client's reachability probe (HEAD on the server URL).
func HeadRoot() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cors(w)
		w.WriteHeader(http.StatusOK)
	})
}

// serveValidate is what livekit-client fetches after a failed upgrade to
// learn why; the body becomes its error message.
func (s *Server) serveValidate(w http.ResponseWriter, r *http.Request) {
	cors(w)
	if r.Method == http.MethodOptions {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	tok, err := verify(s.keys, tokenFrom(r))
	if err == nil {
		err = s.checkSession(r.Context(), tok)
	}
	if err != nil {
		code, reason := statusOf(err)
		http.Error(w, reason, code)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write([]byte("success"))
}

func (s *Server) serveRTC(w http.ResponseWriter, r *http.Request, v1 bool) {
	cors(w)
	tok, err := verify(s.keys, tokenFrom(r))
	if err != nil {
		code, reason := statusOf(err)
		s.log.Info("signal auth refused", "status", code, "reason", reason, "remote", r.RemoteAddr)
		http.Error(w, reason, code)
		return
	}
	var jr *livekit.JoinRequest
	if v1 {
		if jr, err = decodeJoinRequest(r.URL.Query().Get("join_request")); err != nil {
			s.log.Info("bad join request", "err", err, "identity", tok.grants.Identity)
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
	} else {
		jr = joinRequestFromV0(r.URL.Query())
	}
	if !websocket.IsWebSocketUpgrade(r) {
		http.Error(w, "expected a websocket upgrade", http.StatusBadRequest)
		return
	}
	if s.route(w, r, tok.grants.Video.Room) {
		return
	}
	// The node that joins checks the session: the room's, when relayed.
	if err := s.checkSession(r.Context(), tok); err != nil {
		code, reason := statusOf(err)
		s.log.Info("signal auth refused", "status", code, "reason", reason, "identity", tok.grants.Identity, "remote", r.RemoteAddr)
		http.Error(w, reason, code)
		return
	}
	ws, err := s.up.Upgrade(w, r, nil)
	if err != nil {
		s.log.Info("websocket upgrade failed", "err", err)
		return
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		s.runConn(ws, tok, jr, v1)
	}()
}

func (s *Server) joinParams(tok *verifiedToken, jr *livekit.JoinRequest, v1 bool) sfu.JoinRequest {
	g := tok.grants
	name := g.Name
	return sfu.JoinRequest{
		Room: g.Video.Room, Identity: g.Identity, Name: name, Metadata: g.Metadata, Attributes: g.Attributes,
		Kind: g.GetParticipantKind(), Grant: g.Video, ClientInfo: jr.GetClientInfo(),
		AutoSubscribe:  jr.GetConnectionSettings() == nil || jr.GetConnectionSettings().GetAutoSubscribe(),
		SinglePC:       v1,
		PublisherOffer: jr.GetPublisherOffer(),
		Reconnect:      jr.GetReconnect(),
		ParticipantSID: jr.GetParticipantSid(),
		PingInterval:   ceilSeconds(s.cfg.PingInterval),
		PingTimeout:    ceilSeconds(s.cfg.PingTimeout),
		ICEServers:     s.iceServers(tok),
	}
}

// iceServers are the join's ICE servers when Config.ICEServers is set;
// nil leaves them to the room layer.
func (s *Server) iceServers(tok *verifiedToken) []*livekit.ICEServer {
	if s.cfg.ICEServers == nil {
		return nil
	}
	servers := s.cfg.ICEServers(ICEGrant{Identity: tok.grants.Identity, Session: tok.call.Session,
		Relay: tok.relayAllowed(), Expires: tok.expires})
	if servers == nil {
		servers = []*livekit.ICEServer{}
	}
	return servers
}

// leaveFor maps a join failure to what the client is told.
func leaveFor(err error) (*livekit.LeaveRequest, string) {
	switch {
	case errors.Is(err, sfu.ErrResumeFailed):
		return nil, "session not found, rejoin"
	case errors.Is(err, sfu.ErrRoomFull):
		return &livekit.LeaveRequest{Reason: livekit.DisconnectReason_JOIN_FAILURE}, "room is full"
	}
	return &livekit.LeaveRequest{Reason: livekit.DisconnectReason_JOIN_FAILURE}, "join failed"
}

// ceilSeconds rounds up: the protocol counts whole seconds, and a
// sub-second interval must not become 0, which means "never ping".
func ceilSeconds(d time.Duration) int32 {
	return int32((d + time.Second - 1) / time.Second)
}
