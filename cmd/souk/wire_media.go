package main

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/livekit/protocol/livekit"

	"souk/config"
	"souk/platform/httpapi"
	"souk/sfu"
	"souk/signal"
	"souk/turn"
)

// mediaServer is the SFU with its signalling endpoints and embedded TURN.
type mediaServer struct {
	turn    *turn.Server // nil when media.turn.enabled is false
	rooms   *sfu.Manager
	signals *signal.Server
	ops     *operatorAPI
}

// wireMedia starts TURN and the SFU and mounts the LiveKit-protocol
// signalling endpoints (/rtc, /rtc/v1 and the validate paths).
func wireMedia(ctx context.Context, cfg config.Config, api *httpapi.Server, log *slog.Logger) (*mediaServer, error) {
	m := cfg.Media
	ms := &mediaServer{}
	var iceServers func(identity string) []*livekit.ICEServer
	if m.TURN.Enabled {
		relayIP := m.TURN.RelayIP
		if relayIP == "" && len(m.NodeIPs) > 0 {
			relayIP = m.NodeIPs[0]
		}
		t, err := turn.New(ctx, turn.Config{
			ListenIP:      m.TURN.ListenIP,
			UDPPort:       m.TURN.UDPPort,
			RelayIP:       relayIP,
			Realm:         m.TURN.Realm,
			CredentialTTL: m.TURN.CredentialTTL,
		}, log)
		if err != nil {
			return nil, fmt.Errorf("turn: %w", err)
		}
		ms.turn = t
		iceServers = t.ICEServers
	}
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
		WebRTC: sfu.WebRTCConfig{
			UDPPort:        m.UDPPort,
			NodeIPs:        m.NodeIPs,
			PortRangeStart: uint16(m.PortRangeStart),
			PortRangeEnd:   uint16(m.PortRangeEnd),
			// Browsers on the same machine reach a development server
			// over loopback; production advertises real addresses only.
			IncludeLoopback: cfg.Mode == config.Development,
		},
		ICEServers: iceServers,
		OnEvent:    ops.observe,
	}, log)
	if err != nil {
		ops.Close(ctx, log)
		ms.closeTURN(log)
		return nil, fmt.Errorf("sfu: %w", err)
	}
	ms.rooms = rooms
	ms.signals = signal.NewServer(ctx, signal.Config{PingInterval: m.PingInterval, PingTimeout: m.PingTimeout},
		signal.StaticKeys(m.Keys), signal.FromManager(rooms), log)
	// HEAD / (livekit-client's reachability probe) is answered with CORS
	// by the web app handler, which also serves GET /.
	r := api.Router()
	r.Handle("/rtc", ms.signals)
	r.Handle("/rtc/*", ms.signals)
	ops.mount(r, rooms, m.Keys, log)
	return ms, nil
}

// Close ends signalling first (clients get a leave), then the rooms, then TURN.
func (ms *mediaServer) Close(ctx context.Context, log *slog.Logger) {
	if err := ms.signals.Close(ctx); err != nil {
		log.Warn("signalling did not close cleanly", "err", err)
	}
	if err := ms.rooms.Close(ctx); err != nil {
		log.Warn("rooms did not close cleanly", "err", err)
	}
	ms.ops.Close(ctx, log)
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
