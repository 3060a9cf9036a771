package sfu

import (
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/pion/rtcp"
	"github.com/pion/rtp"
	"github.com/pion/webrtc/v4"

	"souk/sfu/forward"
)

// A subscriber that cannot decode the published codec still completes
// negotiation (its other tracks keep working) and is told why this one
// stays silent.
func TestBindWithoutCommonCodec(t *testing.T) {
	api, closer, err := newAPI(WebRTCConfig{IncludeLoopback: true})
	if err != nil {
		t.Fatal(err)
	}
	defer closer.Close()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	recv := forward.NewReceiver(forward.ReceiverConfig{TrackID: "TR_av1", Kind: webrtc.RTPCodecTypeVideo,
		SendRTCP: func([]rtcp.Packet) error { return nil }, Payloads: codecPayloads{}, Log: log})
	av1 := webrtc.RTPCodecParameters{RTPCodecCapability: webrtc.RTPCodecCapability{MimeType: webrtc.MimeTypeAV1, ClockRate: 90000}, PayloadType: 45}
	// Five AV1 packets wait to be read once the down track is bound.
	sent := 0
	run, ok := recv.AddLayer(forward.Layer{SSRC: 1, Codec: av1}, func(b []byte) (int, bool, error) {
		if sent == 5 {
			return 0, false, io.EOF
		}
		sent++
		n, err := (&rtp.Packet{Header: rtp.Header{Version: 2, PayloadType: 45, SSRC: 1, SequenceNumber: uint16(sent)}, Payload: []byte{0x10, 0, 0}}).MarshalTo(b)
		return n, false, err
	})
	if !ok {
		t.Fatal("layer refused")
	}
	told := make(chan struct{}, 1)
	d := forward.NewDownTrack(forward.DownTrackConfig{Receiver: recv, TrackID: "TR_av1", StreamID: "PA_pub|TR_av1", Subscriber: "sub", Log: log,
		OnUnsupported: func() { told <- struct{}{} }})
	recv.AddDown(d)

	srv, err := api.NewPeerConnection(webrtc.Configuration{})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	me := &webrtc.MediaEngine{}
	if err := me.RegisterCodec(webrtc.RTPCodecParameters{RTPCodecCapability: webrtc.RTPCodecCapability{MimeType: webrtc.MimeTypeVP8, ClockRate: 90000}, PayloadType: 96}, webrtc.RTPCodecTypeVideo); err != nil {
		t.Fatal(err)
	}
	cli, err := webrtc.NewAPI(webrtc.WithMediaEngine(me)).NewPeerConnection(webrtc.Configuration{})
	if err != nil {
		t.Fatal(err)
	}
	defer cli.Close()
	// The subscriber offers a VP8-only recvonly section, as in single-PC mode.
	if _, err := cli.AddTransceiverFromKind(webrtc.RTPCodecTypeVideo, webrtc.RTPTransceiverInit{Direction: webrtc.RTPTransceiverDirectionRecvonly}); err != nil {
		t.Fatal(err)
	}
	offer, err := cli.CreateOffer(nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := cli.SetLocalDescription(offer); err != nil {
		t.Fatal(err)
	}
	if err := srv.SetRemoteDescription(offer); err != nil {
		t.Fatal(err)
	}
	if _, err := srv.AddTrack(d); err != nil {
		t.Fatal(err)
	}
	answer, err := srv.CreateAnswer(nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.SetLocalDescription(answer); err != nil {
		t.Fatalf("negotiation failed because of one unsupported track: %v", err)
	}
	select {
	case <-told:
	case <-time.After(5 * time.Second):
		t.Fatal("subscriber not told about the unsupported codec")
	}
	run()
	if n := d.Stats().PacketsForwarded; n != 0 {
		t.Errorf("forwarded %d packets of a codec the subscriber cannot decode", n)
	}
}
