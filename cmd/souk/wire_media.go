package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/netip"
	"os"
	"time"

	"github.com/livekit/protocol/livekit"
	"github.com/pion/logging"

	"souk/config"
	"souk/pionlog"
	"souk/platform"
	"souk/platform/httpapi"
	"souk/platform/realtime"
	"souk/platform/realtime/bus"
	"souk/roomservice"
	"souk/sfu"
	"souk/sfu/nodeip"
	"souk/signal"
	"souk/turn"
)

// mediaServer is the SFU with its signalling endpoints and embedded TURN.
type mediaServer struct {
	turn    *turn.Server // nil when media.turn.enabled is false
	rooms   *sfu.Manager
	signals *signal.Server
	ops     *operatorAPI
	// sessionBus delivers ended sign-in sessions to a node without the
	// realtime channels (no platform role); nil otherwise.
	sessionBus bus.Bus
	log        *slog.Logger
}

// wireMedia starts TURN and the SFU and mounts the LiveKit-protocol
// signalling endpoints (/rtc, /rtc/v1 and the validate paths).
// With node set (a cluster), connections for rooms other nodes host are
// relayed there.
//
// Calls end with the sign-in session their media tokens were minted
// under: joins check the session (through rt's store when this node has
// the platform), and ended sessions, delivered by rt's bus or else by the
// deployment's Redis, remove their participants and TURN allocations.
func wireMedia(ctx context.Context, cfg config.Config, api *httpapi.Server, node *clusterNode, rt *realtimeChannels, log *slog.Logger) (*mediaServer, error) {
	m := cfg.Media
	ms := &mediaServer{log: log}
	if !cfg.Cluster.HasRole(config.RoleTURN) {
		m.TURN.Enabled = false
	}
	nodeIPs, err := resolveNodeIPs(ctx, m)
	if err != nil {
		return nil, fmt.Errorf("media addresses: %w", err)
	}
	if m.TURN.Enabled {
		t, err := turn.New(ctx, turnConfig(m, nodeIPs), log)
		if err != nil {
			return nil, fmt.Errorf("turn: %w", err)
		}
		ms.turn = t
	}
	if !cfg.Cluster.HasRole(config.RoleSFU) {
		log.Info("this node hosts no media rooms (no sfu role)", "turn", ms.turn != nil, "relays_signalling", node != nil)
		if node != nil {
			// Validation made sure a node without rooms has Redis.
			relay := node.attach(ctx, nil, m.Keys)
			ms.signals = signal.NewServer(ctx, signal.Config{PingInterval: m.PingInterval, PingTimeout: m.PingTimeout,
				Router: relay, Sessions: rt.sessionChecker()}, signal.StaticKeys(m.Keys), nil, log)
			api.Router().Handle("/rtc", ms.signals)
			api.Router().Handle("/rtc/*", ms.signals)
			// RoomService calls go to a media node, which checks them.
			api.Router().Handle(roomservice.PathPrefix+"*", relay.RoomService().ToMediaNode())
		}
		if err := ms.followSessionEnds(ctx, cfg, rt); err != nil {
			ms.Close(ctx, log)
			return nil, err
		}
		return ms, nil
	}
	webrtcCfg := webrtcConfig(cfg, nodeIPs, pionlog.New(log))
	ops, err := newOperatorAPI(cfg, log)
	if err != nil {
		ms.closeTURN(log)
		return nil, err
	}
	ms.ops = ops
	rooms, err := sfu.NewManager(ctx, sfu.Config{
		EmptyTimeout:            m.EmptyTimeout,
		ReconnectWindow:         m.ReconnectWindow,
		MaxParticipants:         m.MaxParticipants,
		MaxTracksPerParticipant: m.MaxTracksPerParticipant,
		MaxDataPacketBytes:      m.MaxDataPacketBytes,
		AdvertiseClientProtocol: m.AdvertiseClientProtocol,
		WebRTC:                  webrtcCfg,
		OnEvent:                 ops.observe,
	}, log)
	if err != nil {
		ops.Close(ctx, log)
		ms.closeTURN(log)
		return nil, fmt.Errorf("sfu: %w", err)
	}
	ms.rooms = rooms
	logAdvertised(log, cfg, nodeIPs, ms.turn)
	sigCfg := signal.Config{PingInterval: m.PingInterval, PingTimeout: m.PingTimeout,
		Sessions: rt.sessionChecker(), ICEServers: iceServers(m, ms.turn)}
	var roomsElsewhere roomservice.Cluster
	if node != nil {
		relay := node.attach(ctx, rooms, m.Keys)
		sigCfg.Router = relay
		roomsElsewhere = relay.RoomService()
	}
	ms.signals = signal.NewServer(ctx, sigCfg, signal.StaticKeys(m.Keys), signal.FromManager(rooms), log)
	// HEAD / (livekit-client's reachability probe) is answered with CORS
	// by the web app handler, which also serves GET /.
	r := api.Router()
	r.Handle("/rtc", ms.signals)
	r.Handle("/rtc/*", ms.signals)
	ops.mount(r, rooms, roomsElsewhere, m.Keys, log)
	api.MountLiveRooms(liveRooms{rooms})
	if err := ms.followSessionEnds(ctx, cfg, rt); err != nil {
		ms.Close(ctx, log)
		return nil, err
	}
	return ms, nil
}

// followSessionEnds has ended sign-in sessions end their calls here: from
// the realtime channels' bus when this node has them, else (a media node
// of a cluster) from a subscription of its own to the same Redis bus.
func (ms *mediaServer) followSessionEnds(ctx context.Context, cfg config.Config, rt *realtimeChannels) error {
	if rt != nil {
		rt.service.OnSessionEnd(ms.endSessions)
		return nil
	}
	if cfg.Redis.URL == "" {
		// One process without the platform: no one signs in here.
		return nil
	}
	host, _ := os.Hostname()
	b, err := bus.NewRedis(ctx, cfg.Redis.URL, cfg.Realtime.RedisPrefix, fmt.Sprintf("%s-%d-media", host, os.Getpid()), ms.log)
	if err != nil {
		return fmt.Errorf("session ends: %w", err)
	}
	b.Subscribe(func(msg bus.Message) {
		if end, ok := realtime.SessionEndOf(msg); ok {
			ms.endSessions(end)
		}
	})
	ms.sessionBus = b
	return nil
}

// endSessions removes this node's participants of the ended sign-in
// session (PARTICIPANT_REMOVED), refuses its media tokens and TURN
// credentials, and closes its TURN allocations.
func (ms *mediaServer) endSessions(end platform.SessionEnd) {
	removed, closed := 0, 0
	if ms.signals != nil {
		removed = ms.signals.EndSessions(end.UserID, end.SessionID)
	}
	if ms.turn != nil {
		closed = ms.turn.EndSessions(end.UserID, turn.SessionRef(end.SessionID))
	}
	if removed > 0 || closed > 0 {
		ms.log.Info("calls of an ended sign-in session ended", "user", end.UserID, "reason", end.Reason,
			"participants", removed, "turn_allocations", closed)
	}
}

// webrtcConfig is the SFU's transport configuration from media.*, with
// the advertised addresses already resolved.
func webrtcConfig(cfg config.Config, nodeIPs []string, lf logging.LoggerFactory) sfu.WebRTCConfig {
	m := cfg.Media
	return sfu.WebRTCConfig{
		UDPPort:        m.UDPPort,
		NoSegmentation: !m.UDPSegmentation,
		NoDirectSRTP:   !m.DirectSRTP,
		TCPPort:        m.TCPPort,
		NodeIPs:        nodeIPs,
		// IPv6 candidates only when asked for, or when an advertised
		// address is IPv6 (then it has something to be mapped to).
		IPv6:           m.IPv6 || hasIPv6(nodeIPs),
		Interfaces:     m.Interfaces,
		IPs:            mustPrefixes(m.IPs),
		PortRangeStart: uint16(m.PortRangeStart),
		PortRangeEnd:   uint16(m.PortRangeEnd),
		// Browsers on the same machine reach a development server over
		// loopback; production advertises real addresses only.
		IncludeLoopback: m.IncludeLoopback || cfg.Mode == config.Development,
		Codecs: sfu.CodecConfig{
			Audio: m.Codecs.Audio, DisableRED: !m.Codecs.RED,
			Video: m.Codecs.Video, H264Profiles: m.Codecs.H264Profiles,
		},
		LoggerFactory: lf,
	}
}

func hasIPv6(ips []string) bool {
	for _, s := range ips {
		if a, err := netip.ParseAddr(s); err == nil && a.Unmap().Is6() {
			return true
		}
	}
	return false
}

// resolveNodeIPs picks the advertised media addresses: media.node_ips, or
// what a STUN server sees, or the named interface's addresses.
func resolveNodeIPs(ctx context.Context, m config.Media) ([]string, error) {
	stunServer := ""
	if m.STUNDiscovery {
		stunServer = m.STUNServers[0]
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return nodeip.Resolve(ctx, m.NodeIPs, stunServer, m.NodeIPInterface)
}

func turnConfig(m config.Media, nodeIPs []string) turn.Config {
	relayIP := m.TURN.RelayIP
	if relayIP == "" && len(nodeIPs) > 0 {
		relayIP = nodeIPs[0]
	}
	tc := turn.Config{
		ListenIP:                 m.TURN.ListenIP,
		UDPPort:                  m.TURN.UDPPort,
		TCPPort:                  m.TURN.TCPPort,
		RelayIP:                  relayIP,
		Domain:                   m.TURN.Domain,
		Realm:                    m.TURN.Realm,
		CredentialTTL:            m.TURN.CredentialTTL,
		Secret:                   m.TURN.Secret,
		AllowPeers:               mustPrefixes(m.TURN.AllowPeers),
		OwnIPs:                   nodeIPs,
		MaxAllocationsPerUser:    m.TURN.MaxAllocationsPerUser,
		MaxAllocationsPerNetwork: m.TURN.MaxAllocationsPerNetwork,
		MaxAllocations:           m.TURN.MaxAllocations,
		BytesPerSecond:           m.TURN.BytesPerSecond,
		IdleTimeout:              m.TURN.IdleTimeout,
	}
	// A browser forced to relay reaches the SFU on this host through its
	// media port; every other port of this host stays closed to relays.
	if m.UDPPort > 0 {
		tc.SelfPorts = []int{m.UDPPort}
	} else if m.PortRangeStart > 0 {
		for p := m.PortRangeStart; p <= m.PortRangeEnd; p++ {
			tc.SelfPorts = append(tc.SelfPorts, p)
		}
	}
	if m.TURN.CertFile != "" {
		tc.TLSPort, tc.CertFile, tc.KeyFile = m.TURN.TLSPort, m.TURN.CertFile, m.TURN.KeyFile
	}
	return tc
}

// iceServers lists, per join, the embedded TURN server, external TURN
// servers sharing the secret, and STUN servers, each with what it needs.
// TURN credentials go only to joins whose token allows the relay, name
// the token's sign-in session and end with the token (at most
// media.turn.credential_ttl from now).
func iceServers(m config.Media, t *turn.Server) func(signal.ICEGrant) []*livekit.ICEServer {
	if t == nil && len(m.TURN.ExternalURLs) == 0 && len(m.STUNServers) == 0 {
		return nil
	}
	return func(g signal.ICEGrant) []*livekit.ICEServer {
		var out []*livekit.ICEServer
		expires := time.Now().Add(m.TURN.CredentialTTL)
		if !g.Expires.IsZero() && g.Expires.Before(expires) {
			expires = g.Expires
		}
		ref := turn.SessionRef(g.Session)
		if t != nil && g.Relay {
			out = append(out, t.SessionICEServers(g.Identity, ref, expires)...)
		}
		if len(m.TURN.ExternalURLs) > 0 && g.Relay {
			u, p := turn.MintSessionCredentials(m.TURN.Secret, g.Identity, ref, expires)
			out = append(out, &livekit.ICEServer{Urls: m.TURN.ExternalURLs, Username: u, Credential: p})
		}
		if len(m.STUNServers) > 0 {
			out = append(out, &livekit.ICEServer{Urls: m.STUNServers})
		}
		return out
	}
}

// mustPrefixes parses CIDRs that config validation has already checked.
func mustPrefixes(cidrs []string) []netip.Prefix {
	var out []netip.Prefix
	for _, c := range cidrs {
		if p, err := netip.ParsePrefix(c); err == nil {
			out = append(out, p.Masked())
		}
	}
	return out
}

// Close ends signalling first (clients get a leave), then the rooms, then TURN.
func (ms *mediaServer) Close(ctx context.Context, log *slog.Logger) {
	if ms.sessionBus != nil {
		if err := ms.sessionBus.Close(); err != nil {
			log.Warn("session end subscription did not close cleanly", "err", err)
		}
	}
	if ms.signals != nil {
		if err := ms.signals.Close(ctx); err != nil {
			log.Warn("signalling did not close cleanly", "err", err)
		}
	}
	if ms.rooms != nil {
		if err := ms.rooms.Close(ctx); err != nil {
			log.Warn("rooms did not close cleanly", "err", err)
		}
	}
	if ms.ops != nil {
		ms.ops.Close(ctx, log)
	}
	ms.closeTURN(log)
}

func (ms *mediaServer) closeTURN(log *slog.Logger) {
	if ms.turn == nil {
		return
	}
	if err := ms.turn.Close(); err != nil {
		log.Warn("turn server did not close cleanly", "err", err)
	}
}
