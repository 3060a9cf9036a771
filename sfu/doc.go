// Package sfu holds rooms and participants: the selective forwarding unit
// behind the signalling server, speaking the LiveKit protocol to clients.
//
// A Manager owns rooms; a Room owns participants, routes data packets and
// runs a ticker for speaker and connection-quality updates; a Participant
// owns its peer connection(s), the tracks it publishes (each a
// forward.Receiver) and the ones it subscribes to (each a
// forward.DownTrack). Media work lives in subpackages that know nothing of
// the protocol:
//
//	sfu/buffer       packet caches that answer NACKs
//	sfu/forward      receivers, down tracks, layer selection, munging, counters
//	sfu/audio        audio levels to speaker changes
//	sfu/bwe          downlink estimate per subscriber and its allocation
//	sfu/dtlskeys     the SRTP keys of a DTLS handshake we served
//	sfu/srtpgcm      AEAD-AES-GCM sealing of forwarded packets
//	sfu/twccfeedback transport-wide feedback toward publishers
//
// Room and Participant state is reached through methods (Room.Participants,
// Room.Participant, Room.Proto, Participant.SID, ...), never through fields
// from another type. admin.go is the operators' view (the RoomService
// calls it); events.go reports lifecycle events through Config.OnEvent
// (webhooks). sender_reports.go sends the RTCP sender reports from the
// room's ticker, and probe_pacer.go the padding of the room's bandwidth
// probes from one goroutine; batch_conn.go batches the writes of the
// shared UDP port into sendmmsg calls, sent by the receivers at the end of
// each frame and by the socket's reader whenever it runs dry, and
// send_plan.go groups a peer's queued datagrams into segmented writes (UDP
// GSO, udp_gso_linux.go). udp_raw_linux.go reads and writes that socket with
// raw system calls, so that the runtime's monitor thread is not woken
// for every packet after an idle moment. direct_out.go, direct_in.go and
// direct_in_rtp.go encrypt forwarded RTP, read subscribers' RTCP and read
// publishers' media on that socket with each connection's own SRTP keys
// (recovered by sfu/dtlskeys), past pion's per-packet send and receive
// paths; direct_stun.go answers peers' consent checks there. rtx.go tells
// a simulcast layer's RTX retransmissions apart and unwraps them.
//
// Imports allowed: the standard library, pion, github.com/livekit/protocol
// types, golang.org/x/net/ipv4 (sendmmsg), golang.org/x/sys/unix (the
// UDP_SEGMENT option), souk/pionlog (pion's loggers into
// slog) and the subpackages above.
// It must not import signal/, platform/ or cmd/: signalling talks to it
// through Manager.Join and the Sink interface, and the signalling side
// defines its own interface for what it needs from here.
//
// Imports (checked by internal/importrules):
//
//	souk:   souk/config souk/pionlog souk/sfu/...
//	others: github.com/pion/ github.com/livekit/protocol google.golang.org/protobuf golang.org/x/net/ipv4 golang.org/x/sys/unix
package sfu
