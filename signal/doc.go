// Package signal serves the WebSocket signalling endpoints livekit-client
// speaks (/rtc/v1 single peer connection, /rtc legacy dual peer connection,
// the validate endpoints and HEAD /), authenticates access tokens and turns
// frames into calls on the room layer.
//
// It may import sfu/ (for the join request and sink types), pion-free
// protocol types from github.com/livekit/protocol, gorilla/websocket and the
// standard library. It must not import platform/ or cmd/. What it needs from
// the rooms is the small Rooms interface in rooms.go (Join, which returns a
// Session of three methods); FromManager adapts an *sfu.Manager to it.
//
// Wiring in the main binary (cfg is config.Media; the full version, with
// TURN over UDP/TCP/TLS, NAT addresses and codecs, is cmd/souk/wire_media.go):
//
//	ts, err := turn.New(ctx, turn.Config{ListenIP: cfg.TURN.ListenIP, UDPPort: cfg.TURN.UDPPort,
//		TCPPort: cfg.TURN.TCPPort, Secret: cfg.TURN.Secret, ...}, logger)
//	// handle err; defer ts.Close()
//	iceServers := ts.ICEServers
//	mgr, err := sfu.NewManager(ctx, sfu.Config{
//		EmptyTimeout: cfg.EmptyTimeout, ReconnectWindow: cfg.ReconnectWindow,
//		MaxParticipants: cfg.MaxParticipants, MaxTracksPerParticipant: cfg.MaxTracksPerParticipant,
//		MaxDataPacketBytes: cfg.MaxDataPacketBytes,
//		WebRTC: sfu.WebRTCConfig{UDPPort: cfg.UDPPort, NodeIPs: cfg.NodeIPs,
//			PortRangeStart: uint16(cfg.PortRangeStart), PortRangeEnd: uint16(cfg.PortRangeEnd),
//			IncludeLoopback: development}, // loopback candidates for a local browser
//		ICEServers: iceServers, // nil when TURN is off
//	}, logger)
//	srv := signal.NewServer(ctx, signal.Config{PingInterval: cfg.PingInterval, PingTimeout: cfg.PingTimeout},
//		signal.StaticKeys(cfg.Keys), signal.FromManager(mgr), logger)
//	router.Handle("/rtc", srv)
//	router.Handle("/rtc/*", srv)
//	// HEAD / (livekit-client's reachability probe) is answered, with CORS,
//	// by the web app handler that also serves GET /.
//	// on shutdown: srv.Close(ctx); mgr.Close(ctx); ts.Close()
//
// With several nodes, Config.Router (route.go; souk/cluster implements it)
// relays a connection whose room another node hosts there, after the
// token check and before the upgrade; a node without rooms (Rooms nil)
// only relays.
//
// A token the platform minted for a signed-in user also names the sign-in
// session (claim "sid") and whether the call gets TURN ("turn"); see
// auth.go. Every join asks Config.Sessions whether that session is still
// live, Server.EndSessions removes the session's participants with
// PARTICIPANT_REMOVED and refuses its tokens from then on (ended.go), and
// Config.ICEServers hands out ICE servers that follow the token
// (ICEGrant). Refreshed tokens keep both claims. Operators' tokens carry
// neither and are not tied to a session.
//
// The Go protocol client used by tests and the load tester lives in
// signal/client and imports neither this package nor sfu/.
//
// Imports (checked by internal/importrules):
//
//	souk:   souk/config/mediadefaults souk/sfu
//	others: any
package signal
