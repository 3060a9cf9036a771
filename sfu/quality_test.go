package sfu

import (
	"testing"
	"time"

	"github.com/livekit/protocol/livekit"

	"souk/sfu/bwe"
)

func TestLinkQualityRating(t *testing.T) {
	ms := time.Millisecond
	cases := []struct {
		name string
		q    linkQuality
		want livekit.ConnectionQuality
	}{
		{"clean", linkQuality{}, livekit.ConnectionQuality_EXCELLENT},
		{"1% loss, 80 ms", linkQuality{loss: 0.01, rtt: 80 * ms, jitter: 5 * ms}, livekit.ConnectionQuality_EXCELLENT},
		{"4% loss", linkQuality{loss: 0.04}, livekit.ConnectionQuality_GOOD},
		{"400 ms round trip", linkQuality{rtt: 400 * ms}, livekit.ConnectionQuality_GOOD},
		{"50 ms jitter", linkQuality{jitter: 50 * ms}, livekit.ConnectionQuality_GOOD},
		{"15% loss", linkQuality{loss: 0.15}, livekit.ConnectionQuality_POOR},
		{"1 s round trip", linkQuality{rtt: time.Second}, livekit.ConnectionQuality_POOR},
		{"disconnected", linkQuality{lost: true}, livekit.ConnectionQuality_LOST},
		{"video on a lower layer for bandwidth", linkQuality{squeeze: bwe.Reduced}, livekit.ConnectionQuality_GOOD},
		{"video paused for bandwidth", linkQuality{squeeze: bwe.Paused}, livekit.ConnectionQuality_POOR},
		{"lower layer and 10% loss", linkQuality{squeeze: bwe.Reduced, loss: 0.1}, livekit.ConnectionQuality_POOR},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.q.rating(); got != tc.want {
				t.Fatalf("rating %v, want %v", got, tc.want)
			}
			s := tc.q.score()
			if tc.q.lost != (s == 0) || s > 4.5 {
				t.Fatalf("score %v out of range", s)
			}
		})
	}
}

func TestShortCodec(t *testing.T) {
	for in, want := range map[string]string{"video/VP8": "vp8", "video/H264": "h264", "AV1": "av1", "": ""} {
		if got := shortCodec(in); got != want {
			t.Errorf("shortCodec(%q) = %q, want %q", in, got, want)
		}
	}
}

// What the last downlink allocation decided reaches the participant's
// connection quality.
func TestConnectionQualityCountsTheDownlinkSqueeze(t *testing.T) {
	for squeeze, want := range map[bwe.Squeeze]livekit.ConnectionQuality{
		bwe.None:    livekit.ConnectionQuality_EXCELLENT,
		bwe.Reduced: livekit.ConnectionQuality_GOOD,
		bwe.Paused:  livekit.ConnectionQuality_POOR,
	} {
		p := &Participant{}
		p.down.squeeze = squeeze
		if got := p.connectionQuality().rating(); got != want {
			t.Errorf("squeeze %d: %v, want %v", squeeze, got, want)
		}
	}
}
