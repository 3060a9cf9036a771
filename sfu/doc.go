// Package sfu holds rooms and participants: the selective forwarding unit
// behind the signalling server, speaking the LiveKit protocol to clients.
//
// A Manager owns rooms; a Room owns participants, routes data packets and
// runs a ticker for speaker and connection-quality updates, downlink
// allocation and sender reports; a Participant owns its peer
// connection(s), the tracks it publishes (each a forward.Receiver), the
// ones it subscribes to (each a forward.DownTrack) and its downlink
// (a downlink.Controller). Media work lives in subpackages that know
// nothing of the protocol or of rooms:
//
//	sfu/buffer       packet caches that answer NACKs
//	sfu/forward      receivers, down tracks, layer selection, munging, counters
//	sfu/audio        audio levels to speaker changes
//	sfu/bwe          downlink estimate per subscriber and its allocation
//	sfu/downlink     one subscriber's controller: allocation, probing, pacer
//	sfu/sharedport   the shared UDP port: batched writes, GSO, raw calls, read routing
//	sfu/direct       one connection's media past pion on that port
//	sfu/dtlskeys     the SRTP keys of a DTLS handshake we served
//	sfu/srtpgcm      AEAD-AES-GCM sealing of forwarded packets
//	sfu/rtx          telling RTX repairs of a simulcast layer apart
//	sfu/receivechain a connection's receive interceptors, each stream bound once
//	sfu/twccfeedback transport-wide feedback toward publishers
//	sfu/nodeip       the addresses host candidates advertise
//
// Room and Participant state is reached through methods (Room.Participants,
// Room.Participant, Room.Proto, Participant.SID, ...), never through fields
// from another type. manager.go admits and resumes participants, room.go
// and room_tick.go hold membership and the ticker, participant*.go a
// participant's signalling, publishing and subscriptions, transport.go the
// negotiation of one peer connection. admin.go is the operators' view (the
// RoomService calls it); events.go reports lifecycle events through
// Config.OnEvent (webhooks). sender_reports.go sends the RTCP sender
// reports from the room's ticker; downlink.go hands each participant's
// downlink controller its subscriptions; remb.go sends publishers their
// receiver estimate; quality.go rates connections. webrtc.go builds the
// pion API and opens the media ports (the shared UDP port's sockets come
// from sfu/sharedport, each connection's direct path from sfu/direct).
// No file here uses unsafe.
//
// It may import the standard library, pion, github.com/livekit/protocol
// types, google.golang.org/protobuf, souk/pionlog (pion's loggers into
// slog) and the subpackages above. It must not import signal/, platform/
// or cmd/: signalling talks to it through Manager.Join and the Sink
// interface, and the signalling side defines its own interface for what
// it needs from here.
//
// Imports (checked by internal/importrules):
//
//	souk:   souk/config/mediadefaults souk/pionlog souk/sfu/...
//	others: github.com/pion/ github.com/livekit/protocol google.golang.org/protobuf
package sfu
