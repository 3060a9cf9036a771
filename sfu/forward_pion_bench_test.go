package sfu

import (
	"fmt"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/pion/rtcp"
	"github.com/pion/rtp"
	"github.com/pion/webrtc/v4"

	"souk/sfu/buffer"
	"souk/sfu/direct"
	"souk/sfu/forward"
)

// downLink says how connectDown connects a down track.
type downLink struct {
	// sockets, when set, gives the server's connection its own API and
	// direct send path (mediaSockets.peerAPI), as the manager does.
	sockets *mediaSockets
	// client adjusts the receiving side's settings.
	client func(*webrtc.SettingEngine)
	// onPacket hears every RTP packet the receiving side decrypts; nil
	// drains them.
	onPacket func(*rtp.Packet)
	// onClient gets the receiving peer connection once it exists.
	onClient func(*webrtc.PeerConnection)
	// transportFeedback, with sockets, takes transport-wide feedback read
	// directly (direct.Conn.OnTransportFeedback).
	transportFeedback func([]byte) error
}

// connectDown binds a down track, made by newDown with the writer wrapper
// the connection wants, to a real server-side peer connection (our API)
// talking to an in-process receiving peer connection over loopback, and
// returns once the connection is up.
func connectDown(tb testing.TB, api *webrtc.API, link downLink, newDown func(wrap func(webrtc.TrackLocalWriter) webrtc.TrackLocalWriter) *forward.DownTrack) (*forward.DownTrack, func()) {
	tb.Helper()
	var out *direct.Conn
	wrap := func(w webrtc.TrackLocalWriter) webrtc.TrackLocalWriter { return w }
	if link.sockets != nil {
		api, out, _ = link.sockets.peerAPI(api, true, slog.New(slog.NewTextHandler(io.Discard, nil)))
	}
	srv, err := api.NewPeerConnection(webrtc.Configuration{})
	if err != nil {
		tb.Fatal(err)
	}
	if out != nil {
		if link.transportFeedback != nil {
			out.OnTransportFeedback(link.transportFeedback)
		}
		out.Attach(srv)
		srv.OnConnectionStateChange(out.StateChanged)
		wrap = out.Wrap
	}
	d := newDown(wrap)
	se := webrtc.SettingEngine{}
	se.SetIncludeLoopbackCandidate(true)
	se.SetNetworkTypes([]webrtc.NetworkType{webrtc.NetworkTypeUDP4})
	if link.client != nil {
		link.client(&se)
	}
	me := &webrtc.MediaEngine{}
	if err := me.RegisterDefaultCodecs(); err != nil {
		tb.Fatal(err)
	}
	cli, err := webrtc.NewAPI(webrtc.WithMediaEngine(me), webrtc.WithSettingEngine(se)).NewPeerConnection(webrtc.Configuration{})
	if err != nil {
		tb.Fatal(err)
	}
	if link.onClient != nil {
		link.onClient(cli)
	}
	// Drain what arrives so the receiver behaves like a subscriber.
	cli.OnTrack(func(tr *webrtc.TrackRemote, _ *webrtc.RTPReceiver) {
		buf := make([]byte, buffer.MaxPacketSize)
		for {
			n, _, err := tr.Read(buf)
			if err != nil {
				return
			}
			if link.onPacket != nil {
				var p rtp.Packet
				if p.Unmarshal(buf[:n]) == nil {
					link.onPacket(&p)
				}
			}
		}
	})
	tr, err := srv.AddTransceiverFromTrack(d, webrtc.RTPTransceiverInit{Direction: webrtc.RTPTransceiverDirectionSendonly})
	if err != nil {
		tb.Fatal(err)
	}
	// Feedback reaches the down track as in Participant.subscribe.
	if out != nil {
		out.AddFeedbackTarget(senderSSRC(tr.Sender()), d)
	}
	go d.ReadRTCP(tr.Sender())
	exchange := func(from, to *webrtc.PeerConnection, offer bool) {
		var sd webrtc.SessionDescription
		if offer {
			sd, err = from.CreateOffer(nil)
		} else {
			sd, err = from.CreateAnswer(nil)
		}
		if err != nil {
			tb.Fatal(err)
		}
		done := webrtc.GatheringCompletePromise(from)
		if err := from.SetLocalDescription(sd); err != nil {
			tb.Fatal(err)
		}
		<-done
		if err := to.SetRemoteDescription(*from.LocalDescription()); err != nil {
			tb.Fatal(err)
		}
	}
	exchange(srv, cli, true)
	exchange(cli, srv, false)
	deadline := time.Now().Add(30 * time.Second)
	for srv.ConnectionState() != webrtc.PeerConnectionStateConnected || cli.ConnectionState() != webrtc.PeerConnectionStateConnected {
		if time.Now().After(deadline) {
			tb.Fatal("peer connection did not connect")
		}
		time.Sleep(10 * time.Millisecond)
	}
	return d, func() { _ = srv.Close(); _ = cli.Close() }
}

// BenchmarkForwardPion is BenchmarkForward with each subscriber behind a
// real pion peer connection: the figure adds RTP/SRTP marshalling, the
// RTCP report interceptor and the UDP send syscall. The receiving peer
// connections run in the same process, so their decryption shares the CPU.
func BenchmarkForwardPion(b *testing.B) {
	api, closer, err := newAPI(WebRTCConfig{IncludeLoopback: true})
	if err != nil {
		b.Fatal(err)
	}
	defer closer.Close()
	for _, subs := range []int{1, 2} {
		b.Run(fmt.Sprintf("subscribers=%d", subs), func(b *testing.B) {
			run, downs := forwardingBench(b, api, subs, nil, downLink{})
			b.ReportAllocs()
			b.ResetTimer()
			run()
			b.StopTimer()
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*subs), "ns/fwd")
			if got := downs[0].Stats().PacketsForwarded; got < uint64(b.N)*9/10 {
				b.Fatalf("only %d of %d packets written", got, b.N)
			}
		})
	}
}

// framePackets is how many packets of the benchmarks' stream make a frame:
// a 720p VP8 frame at about 1 Mbit/s.
const framePackets = 3

// forwardingBench wires a receiver, whose one VP8 layer yields b.N copies
// of a 1200-byte packet (frames of framePackets packets, the last with the
// marker bit), to subs down tracks, each connected through api to a
// receiving peer connection that closes when the benchmark ends. run
// forwards the packets; afterFanout (may be nil) is the receiver's
// ReceiverConfig.AfterFanout.
func forwardingBench(b *testing.B, api *webrtc.API, subs int, afterFanout func(bool), link downLink) (run func(), downs []*forward.DownTrack) {
	b.Helper()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	recv := forward.NewReceiver(forward.ReceiverConfig{TrackID: "TR_bench", Kind: webrtc.RTPCodecTypeVideo,
		SendRTCP: func([]rtcp.Packet) error { return nil }, Payloads: codecPayloads{}, Log: log,
		AfterFanout: afterFanout,
	})
	payload := make([]byte, 1200-12)
	payload[0], payload[1] = 0x10, 0x00
	pkt, _ := (&rtp.Packet{Header: rtp.Header{Version: 2, PayloadType: 96, SSRC: 1234}, Payload: payload}).Marshal()
	seq, n := uint16(1), 0
	vp8 := webrtc.RTPCodecParameters{RTPCodecCapability: webrtc.RTPCodecCapability{MimeType: webrtc.MimeTypeVP8, ClockRate: 90000}, PayloadType: 96}
	// The layer's reader pulls b.N packets, then ends.
	run, _ = recv.AddLayer(forward.Layer{SSRC: 1234, Codec: vp8}, func(buf []byte) (int, bool, error) {
		if n == b.N {
			return 0, false, io.EOF
		}
		n++
		pkt[1] = 96
		if n%framePackets == 0 {
			pkt[1] |= 0x80
		}
		pkt[2], pkt[3] = byte(seq>>8), byte(seq)
		seq++
		return copy(buf, pkt), false, nil
	})
	for i := 0; i < subs; i++ {
		d, closeLink := connectDown(b, api, link, func(wrap func(webrtc.TrackLocalWriter) webrtc.TrackLocalWriter) *forward.DownTrack {
			return forward.NewDownTrack(forward.DownTrackConfig{Receiver: recv, TrackID: "TR_bench", StreamID: "PA_bench|TR_bench",
				Subscriber: fmt.Sprintf("sub%d", i), Log: log, WrapWriter: wrap})
		})
		b.Cleanup(closeLink)
		recv.AddDown(d)
		downs = append(downs, d)
	}
	return run, downs
}
