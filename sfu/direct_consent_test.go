package sfu

import (
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/pion/rtcp"
	"github.com/pion/webrtc/v4"

	"souk/sfu/forward"
)

// TestConsentChecksAnsweredDirectly connects a real pion subscriber over
// the shared UDP port and waits for its consent checks (every 2 s) to be
// answered on the direct path: the subscriber must accept the answers (its
// selected pair counts them) and stay connected.
func TestConsentChecksAnsweredDirectly(t *testing.T) {
	api, sockets := sharedPortAPI(t, false)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	recv := forward.NewReceiver(forward.ReceiverConfig{TrackID: "TR_stun", Kind: webrtc.RTPCodecTypeVideo,
		SendRTCP: func([]rtcp.Packet) error { return nil }, Payloads: codecPayloads{}, Log: log})
	var cli *webrtc.PeerConnection
	_, closeLink := connectDown(t, api, downLink{sockets: sockets, onClient: func(pc *webrtc.PeerConnection) { cli = pc }},
		func(wrap func(webrtc.TrackLocalWriter) webrtc.TrackLocalWriter) *forward.DownTrack {
			return forward.NewDownTrack(forward.DownTrackConfig{Receiver: recv, TrackID: "TR_stun", StreamID: "PA_stun|TR_stun",
				Subscriber: "sub", Log: log, WrapWriter: wrap})
		})
	defer closeLink()

	responses := func() uint64 {
		for _, s := range cli.GetStats() {
			if p, ok := s.(webrtc.ICECandidatePairStats); ok && p.Nominated {
				return p.ResponsesReceived
			}
		}
		return 0
	}
	waitFor := func(what string, cond func() bool) {
		t.Helper()
		deadline := time.Now().Add(45 * time.Second)
		for !cond() {
			if time.Now().After(deadline) {
				t.Fatalf("no %s within 45 s (answered directly: %d)", what, sockets.batch.Stats().DirectSTUN)
			}
			if s := cli.ConnectionState(); s != webrtc.PeerConnectionStateConnected {
				t.Fatalf("subscriber's connection is %s", s)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	waitFor("consent check answered directly", func() bool { return sockets.batch.Stats().DirectSTUN >= 1 })
	before := responses()
	waitFor("two more answered directly", func() bool { return sockets.batch.Stats().DirectSTUN >= 3 })
	if after := responses(); after < before+1 {
		t.Fatalf("the subscriber counted %d answers before and %d after two more direct ones: it refused them", before, after)
	}
}
