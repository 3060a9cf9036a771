package sfu

import (
	"io"
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/livekit/protocol/auth"
	"github.com/livekit/protocol/livekit"
	"github.com/pion/rtcp"
	"github.com/pion/webrtc/v4"

	"souk/sfu/bwe"
	"souk/sfu/downlink"
	"souk/sfu/forward"
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
	for squeeze, c := range map[bwe.Squeeze]struct {
		bitrates []uint64
		want     livekit.ConnectionQuality
	}{
		bwe.None:    {[]uint64{100_000, 200_000, 300_000}, livekit.ConnectionQuality_EXCELLENT},
		bwe.Reduced: {[]uint64{100_000, 200_000, 5_000_000}, livekit.ConnectionQuality_GOOD},
		bwe.Paused:  {[]uint64{5_000_000, 6_000_000, 7_000_000}, livekit.ConnectionQuality_POOR},
	} {
		p := &Participant{down: downlink.New(downlink.Config{})}
		// One video subscription on the loss-only estimate (3.24 Mbit/s
		// at first), its layers costing c.bitrates.
		p.down.Tick(time.Now(), true, []downlink.Subscription{{ID: "TR_v", Down: &allocatedTrack{}, Video: true, Bitrates: c.bitrates}})
		if got := p.connectionQuality().rating(); got != c.want {
			t.Errorf("squeeze %d: %v, want %v", squeeze, got, c.want)
		}
	}
}

// allocatedTrack is a video down track that wants the top layer and
// forwards none yet.
type allocatedTrack struct{}

func (allocatedTrack) Wanted() int { return forward.QualityHigh }
func (allocatedTrack) Stats() forward.TrackStats {
	return forward.TrackStats{Layer: forward.QualityOff}
}
func (allocatedTrack) SetBandwidthQuality(int, uint64) {}
func (allocatedTrack) CanPad() bool                    { return false }
func (allocatedTrack) WritePadding(int) int            { return 0 }

// qualitySink records the connection quality updates a participant gets.
type qualitySink struct {
	mu      sync.Mutex
	updates [][]string // per message: the participant sids it rates
}

func (s *qualitySink) Send(m *livekit.SignalResponse) error {
	if cq := m.GetConnectionQuality(); cq != nil {
		var sids []string
		for _, u := range cq.GetUpdates() {
			sids = append(sids, u.GetParticipantSid())
		}
		s.mu.Lock()
		s.updates = append(s.updates, sids)
		s.mu.Unlock()
	}
	return nil
}

func (s *qualitySink) Close(string) {}

func (s *qualitySink) take() [][]string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.updates
	s.updates = nil
	return out
}

// TestConnectionQualityGoesToWhoWatches: each participant hears its own
// rating and those of the publishers it subscribes to, only when
// something changed (a newcomer, or a resumed signal connection), never
// everyone's about everyone.
func TestConnectionQualityGoesToWhoWatches(t *testing.T) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	recv := forward.NewReceiver(forward.ReceiverConfig{TrackID: "TR_cam", Kind: webrtc.RTPCodecTypeVideo,
		SendRTCP: func([]rtcp.Packet) error { return nil }, Payloads: codecPayloads{}, Log: log})
	pubTrack := &publishedTrack{sid: "TR_cam", ownerSID: "PA_pub", recv: recv}
	r := &Room{participants: map[string]*Participant{}}
	join := func(sid, identity string, hidden bool) (*Participant, *qualitySink) {
		sink := &qualitySink{}
		p := &Participant{sid: sid, identity: identity, room: r, grant: &auth.VideoGrant{Hidden: hidden},
			published: map[string]*localTrack{}, subs: map[string]*subscription{}, sink: sink, down: downlink.New(downlink.Config{})}
		r.participants[identity] = p
		return p, sink
	}
	_, pubSink := join("PA_pub", "pub", false)
	v1, v1Sink := join("PA_v1", "v1", false)
	v2, v2Sink := join("PA_v2", "v2", false)
	ghost, ghostSink := join("PA_ghost", "ghost", true)
	for _, p := range []*Participant{v1, ghost} {
		p.subs["TR_cam"] = &subscription{pub: pubTrack, dt: forward.NewDownTrack(forward.DownTrackConfig{Receiver: recv,
			TrackID: "TR_cam", StreamID: "PA_pub|TR_cam", Subscriber: p.identity, Log: log})}
	}

	r.sendConnectionQuality() // everyone is new
	for _, c := range []struct {
		name string
		sink *qualitySink
		want []string
	}{
		{"the publisher", pubSink, []string{"PA_pub"}},
		{"a viewer", v1Sink, []string{"PA_v1", "PA_pub"}},
		{"a participant subscribed to nothing", v2Sink, []string{"PA_v2"}},
		{"a hidden viewer", ghostSink, []string{"PA_ghost"}},
	} {
		got := c.sink.take()
		if len(got) != 1 || !slices.Equal(got[0], c.want) {
			t.Errorf("%s heard %v, want one update about %v", c.name, got, c.want)
		}
	}

	r.sendConnectionQuality() // nothing changed
	for _, s := range []*qualitySink{pubSink, v1Sink, v2Sink, ghostSink} {
		if got := s.take(); len(got) != 0 {
			t.Fatalf("an update went out with nothing changed: %v", got)
		}
	}

	v1.attach(v1Sink) // resumed signal connections
	v2.attach(v2Sink)
	r.sendConnectionQuality()
	if got := v1Sink.take(); len(got) != 1 || !slices.Equal(got[0], []string{"PA_v1", "PA_pub"}) {
		t.Fatalf("after a resume v1 heard %v", got)
	}
	if got := v2Sink.take(); len(got) != 1 || !slices.Equal(got[0], []string{"PA_v2"}) {
		t.Fatalf("after a resume v2 heard %v", got)
	}
	pubSink.take()
	ghostSink.take()

	r.sendConnectionQuality() // the resumes were told; nothing changed since
	for _, s := range []*qualitySink{pubSink, v1Sink, v2Sink, ghostSink} {
		if got := s.take(); len(got) != 0 {
			t.Fatalf("an update went out again after the resumes were told: %v", got)
		}
	}
}
