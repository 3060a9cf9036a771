package sfu

import (
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/pion/rtcp"
	"github.com/pion/webrtc/v4"
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
	pub := newPublishedTrack("TR_av1", "PA_pub", webrtc.RTPCodecTypeVideo, func([]rtcp.Packet) error { return nil }, log)
	pub.codec = webrtc.RTPCodecParameters{RTPCodecCapability: webrtc.RTPCodecCapability{MimeType: webrtc.MimeTypeAV1, ClockRate: 90000}}
	d := newDownTrack(pub, "sub", log)
	told := make(chan struct{}, 1)
	d.onUnsupported = func() { told <- struct{}{} }

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
	d.mu.Lock()
	silent := d.unsupported
	d.mu.Unlock()
	if !silent {
		t.Error("down track would forward a codec the subscriber cannot decode")
	}
}
