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
	"souk/sfu/forward"
)

// connectDown binds a down track to a real server-side peer connection
// (our API) talking to an in-process receiving peer connection over
// loopback, and returns once the track is bound.
func connectDown(b *testing.B, api *webrtc.API, d *forward.DownTrack) func() {
	b.Helper()
	srv, err := api.NewPeerConnection(webrtc.Configuration{})
	if err != nil {
		b.Fatal(err)
	}
	se := webrtc.SettingEngine{}
	se.SetIncludeLoopbackCandidate(true)
	se.SetNetworkTypes([]webrtc.NetworkType{webrtc.NetworkTypeUDP4})
	me := &webrtc.MediaEngine{}
	if err := me.RegisterDefaultCodecs(); err != nil {
		b.Fatal(err)
	}
	cli, err := webrtc.NewAPI(webrtc.WithMediaEngine(me), webrtc.WithSettingEngine(se)).NewPeerConnection(webrtc.Configuration{})
	if err != nil {
		b.Fatal(err)
	}
	// Drain what arrives so the receiver behaves like a subscriber.
	cli.OnTrack(func(tr *webrtc.TrackRemote, _ *webrtc.RTPReceiver) {
		buf := make([]byte, buffer.MaxPacketSize)
		for {
			if _, _, err := tr.Read(buf); err != nil {
				return
			}
		}
	})
	if _, err := srv.AddTransceiverFromTrack(d, webrtc.RTPTransceiverInit{Direction: webrtc.RTPTransceiverDirectionSendonly}); err != nil {
		b.Fatal(err)
	}
	exchange := func(from, to *webrtc.PeerConnection, offer bool) {
		var sd webrtc.SessionDescription
		if offer {
			sd, err = from.CreateOffer(nil)
		} else {
			sd, err = from.CreateAnswer(nil)
		}
		if err != nil {
			b.Fatal(err)
		}
		done := webrtc.GatheringCompletePromise(from)
		if err := from.SetLocalDescription(sd); err != nil {
			b.Fatal(err)
		}
		<-done
		if err := to.SetRemoteDescription(*from.LocalDescription()); err != nil {
			b.Fatal(err)
		}
	}
	exchange(srv, cli, true)
	exchange(cli, srv, false)
	deadline := time.Now().Add(10 * time.Second)
	for {
		if srv.ConnectionState() == webrtc.PeerConnectionStateConnected {
			break
		}
		if time.Now().After(deadline) {
			b.Fatal("peer connection did not connect")
		}
		time.Sleep(10 * time.Millisecond)
	}
	return func() { _ = srv.Close(); _ = cli.Close() }
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
			run, downs := forwardingBench(b, api, subs, nil)
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
func forwardingBench(b *testing.B, api *webrtc.API, subs int, afterFanout func(bool)) (run func(), downs []*forward.DownTrack) {
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
		d := forward.NewDownTrack(forward.DownTrackConfig{Receiver: recv, TrackID: "TR_bench", StreamID: "PA_bench|TR_bench", Subscriber: fmt.Sprintf("sub%d", i), Log: log})
		b.Cleanup(connectDown(b, api, d))
		recv.AddDown(d)
		downs = append(downs, d)
	}
	return run, downs
}
