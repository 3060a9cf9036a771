package signal_test

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/livekit/protocol/livekit"
	"github.com/pion/rtp"
	"github.com/pion/webrtc/v4"

	"souk/signal/client"
)

// A publisher on a lossy uplink repairs its losses over RTX: the server
// unwraps the retransmissions into the layer, so the subscriber receives
// the lost packets too (late, filling its gaps), and a subscriber's own
// NACK is answered on its RTX SSRC.
func TestRTXRepairsPublisherLoss(t *testing.T) {
	if testing.Short() {
		t.Skip("media integration test")
	}
	ts := startServer(t)
	ctx := waitCtx(t)
	sub := connect(t, ts, "rtx", "sub")
	var dropped atomic.Int64
	pub, err := client.Connect(ctx, client.Config{URL: ts.URL, Token: token(t, "rtx", "pub"), IncludeLoopback: true,
		DropSent: dropEvery12thVideo(&dropped)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pub.Close)
	if err := pub.WaitDataReady(ctx); err != nil {
		t.Fatal(err)
	}
	v, err := pub.Publish(ctx, "cam", webrtc.MimeTypeVP8, livekit.TrackSource_CAMERA)
	if err != nil {
		t.Fatal(err)
	}
	runCtx, stop := context.WithCancel(context.Background())
	defer stop()
	go (&synth{video: v}).run(runCtx)

	rv, err := sub.WaitTrack(ctx, v.Info.GetSid())
	if err != nil {
		t.Fatal(err)
	}
	waitPackets(t, rv, 200)
	st := rv.Stats()
	stats := ts.mgr.Stats()
	t.Logf("dropped upstream %d; subscriber %+v; server rtx received %d", dropped.Load(), st, stats.RTXReceived)
	if stats.RTXReceived == 0 {
		t.Fatal("no retransmission arrived over RTX from the publisher")
	}
	// Each packet dropped upstream shows as a gap that a late packet fills.
	if st.Gaps == 0 || st.Backwards < st.Gaps*3/4 {
		t.Fatalf("gaps not filled by repairs: %+v", st)
	}

	// The subscriber (pion, RTX negotiated) asks for packets it has: the
	// answers come on its RTX SSRC and pion hands them back unwrapped.
	before := ts.mgr.Stats().RTXSent
	dups := st.Duplicates
	if err := rv.NACK(st.LastSeq-4, st.LastSeq-2); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for rv.Stats().Duplicates < dups+2 || ts.mgr.Stats().RTXSent < before+2 {
		if time.Now().After(deadline) {
			t.Fatalf("NACK not answered over RTX: %+v, rtx sent %d", rv.Stats(), ts.mgr.Stats().RTXSent-before)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// dropEvery12thVideo is a publisher's DropSent: every 12th packet of each
// video stream (each simulcast layer counts its own) never reaches the
// server the first time; dropped counts them.
func dropEvery12thVideo(dropped *atomic.Int64) func(mime string, h *rtp.Header) bool {
	return func(mime string, h *rtp.Header) bool {
		if strings.HasPrefix(mime, "video/") && h.SequenceNumber%12 == 5 {
			dropped.Add(1)
			return true
		}
		return false
	}
}
