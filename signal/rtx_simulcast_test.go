package signal_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"souk/sfu"
	"souk/signal"
	"souk/signal/client"
)

// A pion publisher sends rid simulcast and repairs its uplink loss over
// RTX. pion stamps its retransmissions with the layer's rid (not a
// repaired rid) and declares the RTX SSRCs with ssrc-group FID: they must
// be taken as repairs of their layer, unwrapped into it and counted, never
// as a layer of their own, so the subscriber's gaps are filled and its
// video keeps flowing.
func TestRTXRepairsSimulcastPublisherLoss(t *testing.T) {
	if testing.Short() {
		t.Skip("media integration test")
	}
	// On the shared UDP port the media is read past pion (direct_in_rtp.go).
	t.Run("shared UDP port", func(t *testing.T) {
		port := freeUDPPort(t)
		testRTXSimulcast(t, func(c *sfu.WebRTCConfig) { c.UDPPort = port })
	})
	// Without a route on the shared port pion reads the media, and binds
	// the rid-stamped retransmissions in their layer's place.
	t.Run("ephemeral ports", func(t *testing.T) { testRTXSimulcast(t, func(c *sfu.WebRTCConfig) { c.UDPPort = 0 }) })
	t.Run("shared UDP port, direct path off", func(t *testing.T) {
		port := freeUDPPort(t)
		testRTXSimulcast(t, func(c *sfu.WebRTCConfig) { c.UDPPort, c.NoDirectSRTP = port, true })
	})
}

func testRTXSimulcast(t *testing.T, media func(*sfu.WebRTCConfig)) {
	ts := startServer(t, func(c *sfu.Config, _ *signal.Config) { media(&c.WebRTC) })
	sub := connect(t, ts, "rtxsim", "sub")
	var dropped atomic.Int64
	cctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	pub, err := client.Connect(cctx, client.Config{URL: ts.URL, Token: token(t, "rtxsim", "pub"), IncludeLoopback: true,
		DropSent: dropEvery12thVideo(&dropped)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pub.Close)
	if err := pub.WaitDataReady(cctx); err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	t.Cleanup(stop)
	video, _ := publishCamera(ctx, t, pub)

	wctx, wcancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer wcancel()
	rv, err := sub.WaitTrack(wctx, video.Info.GetSid())
	if err != nil {
		t.Fatal(err)
	}
	first := waitPackets(t, rv, 100)
	// Ten seconds of the top layer: about 150 packets a second.
	deadline := time.Now().Add(60 * time.Second)
	for rv.Stats().Packets < first.Packets+1500 {
		if time.Now().After(deadline) {
			t.Fatalf("video stopped: %+v after %+v; dropped upstream %d, server %+v", rv.Stats(), first, dropped.Load(), ts.mgr.Stats())
		}
		time.Sleep(50 * time.Millisecond)
	}
	st := rv.Stats()
	stats := ts.mgr.Stats()
	gaps, late := st.Gaps-first.Gaps, st.Backwards-first.Backwards
	t.Logf("dropped upstream %d; subscriber %d gaps, %d filled late; server rtx received %d", dropped.Load(), gaps, late, stats.RTXReceived)
	if stats.RTXReceived == 0 {
		t.Fatal("no retransmission counted from the simulcast publisher's RTX streams")
	}
	if gaps == 0 || late < gaps*3/4 {
		t.Fatalf("gaps not filled by repairs: %d gaps, %d filled", gaps, late)
	}
	for _, tr := range ts.mgr.TrackStats() {
		if tr.TrackSID == video.Info.GetSid() && tr.Layer != 2 {
			t.Errorf("subscriber forwarded layer %d, want the top layer: %+v", tr.Layer, tr)
		}
	}
}
