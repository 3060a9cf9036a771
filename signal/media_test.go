package signal_test

import (
	"context"
	"testing"
	"time"

	"github.com/livekit/protocol/livekit"
	"github.com/pion/rtp"
	"github.com/pion/webrtc/v4"

	"souk/signal/client"
)

// synth feeds synthetic RTP: Opus every 20 ms, VP8 at 30 fps with a
// keyframe on start, every second, and whenever one is requested.
type synth struct {
	audio, video *client.LocalTrack
	vseq, aseq   uint16
	vts, ats     uint32
	frames       int
	lastKFReq    int64
}

func (s *synth) vp8(key bool) []byte {
	// Payload descriptor (S=1, PID=0) then a frame header whose P bit is
	// 0 for a keyframe.
	p := []byte{0x10, 0x01, 0xaa, 0xbb, 0xcc}
	if key {
		p[1] = 0x00
	}
	return p
}

func (s *synth) run(ctx context.Context) {
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		if s.audio != nil {
			s.aseq++
			s.ats += 960
			_ = s.audio.WriteRTP(&rtp.Packet{Header: rtp.Header{Version: 2, SequenceNumber: s.aseq, Timestamp: s.ats, Marker: true}, Payload: []byte{0xf8, 0xff, 0xfe}})
		}
		if s.video != nil {
			req := s.video.KeyframeRequests()
			key := s.frames%50 == 0 || req != s.lastKFReq
			s.lastKFReq = req
			s.frames++
			s.vts += 3000
			// Two packets per frame to exercise marker handling.
			for i := 0; i < 2; i++ {
				s.vseq++
				pl := s.vp8(key)
				if i == 1 {
					pl[0] = 0x00 // continuation: S=0
				}
				_ = s.video.WriteRTP(&rtp.Packet{Header: rtp.Header{Version: 2, SequenceNumber: s.vseq, Timestamp: s.vts, Marker: i == 1}, Payload: pl})
			}
		}
	}
}

func publishBoth(t *testing.T, c *client.Client) (*client.LocalTrack, *client.LocalTrack, context.CancelFunc) {
	t.Helper()
	ctx := waitCtx(t)
	a, err := c.Publish(ctx, "mic", webrtc.MimeTypeOpus, livekit.TrackSource_MICROPHONE)
	if err != nil {
		t.Fatalf("publish audio: %v", err)
	}
	v, err := c.Publish(ctx, "cam", webrtc.MimeTypeVP8, livekit.TrackSource_CAMERA)
	if err != nil {
		t.Fatalf("publish video: %v", err)
	}
	runCtx, cancel := context.WithCancel(context.Background())
	s := &synth{audio: a, video: v}
	go s.run(runCtx)
	t.Cleanup(cancel)
	return a, v, cancel
}

func waitPackets(t *testing.T, rt *client.RemoteTrack, n int) client.Stats {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if st := rt.Stats(); st.Packets >= n {
			return st
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("track %s: only %d packets", rt.SID, rt.Stats().Packets)
	return client.Stats{}
}

func TestForwardOpusAndVP8(t *testing.T) {
	ts := startServer(t)
	sub := connect(t, ts, "media", "sub")
	pub := connect(t, ts, "media", "pub")
	a, v, _ := publishBoth(t, pub)

	ctx := waitCtx(t)
	ra, err := sub.WaitTrack(ctx, a.Info.GetSid())
	if err != nil {
		t.Fatal(err)
	}
	rv, err := sub.WaitTrack(ctx, v.Info.GetSid())
	if err != nil {
		t.Fatal(err)
	}
	if ra.Codec != webrtc.MimeTypeOpus || rv.Codec != webrtc.MimeTypeVP8 {
		t.Fatalf("codecs: audio %s video %s", ra.Codec, rv.Codec)
	}
	for _, rt := range []*client.RemoteTrack{ra, rv} {
		st := waitPackets(t, rt, 100)
		t.Logf("track %s (%s): %+v", rt.SID, rt.Codec, st)
		if st.Gaps != 0 || st.Backwards != 0 {
			t.Errorf("track %s: sequence not continuous: %+v", rt.SID, st)
		}
	}
	// The first forwarded video packet must start a keyframe: subscribers
	// are never fed a stream they cannot decode.
	if p := rv.Payloads()[0]; len(p) < 2 || p[0]&0x10 == 0 || p[1]&0x01 != 0 {
		t.Errorf("first video payload is not a keyframe start: %x", p)
	}

	// Mute is stored and broadcast.
	if err := pub.Send(&livekit.SignalRequest{Message: &livekit.SignalRequest_Mute{Mute: &livekit.MuteTrackRequest{Sid: a.Info.GetSid(), Muted: true}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := sub.WaitFor(ctx, func(m *livekit.SignalResponse) bool {
		for _, p := range m.GetUpdate().GetParticipants() {
			for _, tr := range p.GetTracks() {
				if tr.GetSid() == a.Info.GetSid() && tr.GetMuted() {
					return true
				}
			}
		}
		return false
	}); err != nil {
		t.Fatalf("mute not broadcast: %v", err)
	}
}

func TestLateSubscriberGetsKeyframe(t *testing.T) {
	ts := startServer(t)
	pub := connect(t, ts, "late", "pub")
	_, v, _ := publishBoth(t, pub)
	// Let the publisher run with nobody subscribed, past the keyframe
	// request rate limit.
	time.Sleep(1200 * time.Millisecond)
	before := v.KeyframeRequests()

	sub := connect(t, ts, "late", "late-sub")
	rv, err := sub.WaitTrack(waitCtx(t), v.Info.GetSid())
	if err != nil {
		t.Fatal(err)
	}
	waitPackets(t, rv, 10)
	if after := v.KeyframeRequests(); after <= before {
		t.Fatalf("publisher saw no keyframe request for the late subscriber (before %d, after %d)", before, after)
	}

	// A subscriber's own PLI is forwarded (after the rate-limit window).
	time.Sleep(600 * time.Millisecond)
	before = v.KeyframeRequests()
	if err := rv.RequestKeyframe(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for v.KeyframeRequests() <= before {
		if time.Now().After(deadline) {
			t.Fatal("subscriber PLI not forwarded to the publisher")
		}
		time.Sleep(20 * time.Millisecond)
	}
}
