package signal_test

import (
	"context"
	"testing"
	"time"

	"github.com/livekit/protocol/livekit"
	"github.com/pion/rtp"
	"github.com/pion/webrtc/v4"

	"souk/sfu"
	"souk/signal/client"
)

// A camera sent as one encoding, announced at 2.5 Mbit/s (its encoder's
// ceiling) but sending about 300 kbit/s, to a subscriber whose link was
// congested for a while and then carries 1 Mbit/s: the link carries the
// video, there is no layer to switch up to, so once its estimate has
// recovered the subscriber has its video and gets no bandwidth probes,
// hence no padding.
func TestSingleLayerBelowAnnouncedRateNotProbed(t *testing.T) {
	if testing.Short() {
		t.Skip("media integration test")
	}
	w := newVNetWorld(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, v1, _ := w.subscriber(t, "pad", "s1", w.s1)
	pctx, pcancel := context.WithTimeout(ctx, 20*time.Second)
	defer pcancel()
	pub, err := client.Connect(pctx, client.Config{URL: w.serverURL, Token: token(t, "pad", "pub"), Net: w.pub})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pub.Close)
	video, err := pub.PublishTrack(pctx, client.TrackOptions{Name: "camera", Source: livekit.TrackSource_CAMERA, Mime: webrtc.MimeTypeVP8,
		Layers: []client.Layer{{Width: 1280, Height: 720, Bitrate: 2_500_000}}})
	if err != nil {
		t.Fatal(err)
	}
	// Audio too, as a camera has: it keeps transport-wide feedback coming
	// while the video is paused.
	audio, err := pub.Publish(pctx, "mic", webrtc.MimeTypeOpus, livekit.TrackSource_MICROPHONE)
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		tick := time.NewTicker(vnetOpusInterval)
		defer tick.Stop()
		payload := make([]byte, 100)
		payload[0] = 0x78
		for n := 0; ; n++ {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			if err := audio.WriteRTP(&rtp.Packet{Header: rtp.Header{Version: 2, SequenceNumber: uint16(n), Timestamp: uint32(n * 960)}, Payload: payload}); err != nil {
				return
			}
		}
	}()
	go func() {
		frame := time.NewTicker(time.Second / vnetFPS)
		defer frame.Stop()
		var seq uint16
		for n := 0; ; n++ {
			select {
			case <-ctx.Done():
				return
			case <-frame.C:
			}
			pkts := vp8Frame(uint16(n)&0x7fff, n%vnetKeyframeGap == 0, 1280, 720, 1200)
			for i, payload := range pkts {
				p := &rtp.Packet{Header: rtp.Header{Version: 2, SequenceNumber: seq, Timestamp: uint32(n * 90000 / vnetFPS), Marker: i == len(pkts)-1}, Payload: payload}
				seq++
				if err := video.WriteLayerRTP(0, p); err != nil {
					return
				}
			}
		}
	}()
	waitWidth(t, v1, 1280, 20*time.Second, "s1")
	// Congestion brings the estimate down, then the link widens again;
	// the estimate recovers and the layer's rate has been measured.
	w.limit(t, 200_000, 0)
	time.Sleep(6 * time.Second)
	w.limit(t, 1_000_000, 0)
	time.Sleep(10 * time.Second)
	s1 := func() sfu.DownlinkStats {
		for _, d := range w.mgr.Stats().Downlinks {
			if d.Participant == "s1" {
				return d
			}
		}
		t.Fatal("no downlink stats for s1")
		return sfu.DownlinkStats{}
	}
	before, padBefore := s1(), w.mgr.Stats().PaddingBytes
	_, _, _, packets0, _ := v1.snapshot()
	time.Sleep(10 * time.Second)
	after, padAfter := s1(), w.mgr.Stats().PaddingBytes
	_, _, _, packets1, _ := v1.snapshot()
	t.Logf("estimate %d bit/s; probes %d; padding %d bytes; %d video packets in 10 s",
		after.EstimatedBitrate, after.Probes-before.Probes, padAfter-padBefore, packets1-packets0)
	if got := packets1 - packets0; got < 500 { // 60 a second are sent
		t.Errorf("s1 received %d video packets in 10 s: video held back", got)
	}
	if after.Probes != before.Probes || padAfter != padBefore {
		t.Errorf("%d probes, %d bytes of padding toward a single-layer track that fits the link",
			after.Probes-before.Probes, padAfter-padBefore)
	}
}
