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

// A subscriber that asks for a quality (livekit-client's setVideoQuality
// with adaptiveStream off sends no size) gets that layer, and the
// publisher is told its higher layers are unwatched (dynacast). A size,
// when given, decides over the quality.
func TestTrackSettingsQualityPicksLayer(t *testing.T) {
	ts := startServer(t)
	vid := newReceived()
	cctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	sub, err := client.Connect(cctx, client.Config{URL: ts.URL, Token: token(t, "quality", "viewer"), IncludeLoopback: true,
		OnRTP: func(rt *client.RemoteTrack, p *rtp.Packet, at time.Time) {
			if rt.Codec != webrtc.MimeTypeOpus {
				vid.onRTP(false, p, at)
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sub.Close)
	pub := connect(t, ts, "quality", "pub")
	ctx, stop := context.WithCancel(context.Background())
	t.Cleanup(stop)
	video, _ := publishCamera(ctx, t, pub)
	sid := video.Info.GetSid()
	waitWidth(t, vid, 1280, 30*time.Second, "before any setting")

	steps := []struct {
		name     string
		settings *livekit.UpdateTrackSettings
		width    int
		top      livekit.VideoQuality // the best layer the publisher is asked for
	}{
		{"LOW", &livekit.UpdateTrackSettings{Quality: livekit.VideoQuality_LOW}, 320, livekit.VideoQuality_LOW},
		{"MEDIUM", &livekit.UpdateTrackSettings{Quality: livekit.VideoQuality_MEDIUM}, 640, livekit.VideoQuality_MEDIUM},
		{"HIGH", &livekit.UpdateTrackSettings{Quality: livekit.VideoQuality_HIGH}, 1280, livekit.VideoQuality_HIGH},
		{"size over quality", &livekit.UpdateTrackSettings{Quality: livekit.VideoQuality_HIGH, Width: 320, Height: 180}, 320, livekit.VideoQuality_LOW},
	}
	for _, s := range steps {
		s.settings.TrackSids = []string{sid}
		before := qualityUpdates(pub, sid)
		if err := sub.Send(&livekit.SignalRequest{Message: &livekit.SignalRequest_TrackSetting{TrackSetting: s.settings}}); err != nil {
			t.Fatal(err)
		}
		waitWidth(t, vid, s.width, 30*time.Second, s.name)
		wctx, wcancel := context.WithTimeout(context.Background(), 30*time.Second)
		n := 0
		_, err := pub.WaitFor(wctx, func(m *livekit.SignalResponse) bool {
			u := m.GetSubscribedQualityUpdate()
			if u.GetTrackSid() != sid {
				return false
			}
			n++
			return n > before && highest(u, "vp8") == int(s.top)
		})
		wcancel()
		if err != nil {
			t.Fatalf("%s: publisher not told that %v is the best watched layer: %v", s.name, s.top, err)
		}
	}
}

// qualityUpdates counts the SubscribedQualityUpdates for sid that c has
// received so far.
func qualityUpdates(c *client.Client, sid string) int {
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // look through what has arrived, wait for nothing
	n := 0
	_, _ = c.WaitFor(ctx, func(m *livekit.SignalResponse) bool {
		if m.GetSubscribedQualityUpdate().GetTrackSid() == sid {
			n++
		}
		return false
	})
	return n
}
