package signal_test

import (
	"context"
	"encoding/binary"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/livekit/protocol/livekit"
	"github.com/pion/logging"
	"github.com/pion/rtp"
	"github.com/pion/transport/v4/vnet"
	"github.com/pion/webrtc/v4"

	"souk/sfu"
	"souk/sfu/forward"
	"souk/signal"
	"souk/signal/client"
)

// Simulcast layers the test publisher sends, as a camera's three encoders
// would: long side and bit rate.
var vnetLayers = []client.Layer{
	{RID: "q", Width: 320, Height: 180, Bitrate: 150_000},
	{RID: "h", Width: 640, Height: 360, Bitrate: 500_000},
	{RID: "f", Width: 1280, Height: 720, Bitrate: 1_500_000},
}

const (
	vnetFPS          = 30
	vnetKeyframeGap  = vnetFPS // frames between keyframes: one a second
	vnetMaxPayload   = 1100
	vnetUnlimited    = 100_000_000
	vnetLimit        = 400_000
	vnetLossPercent  = 1
	vnetQueueBytes   = 30_000 // 600 ms at the limit: a home router's buffer
	vnetBurstBytes   = 6_000
	vnetOpusInterval = 20 * time.Millisecond
)

// vnetWorld is a virtual network: the SFU, a publisher and two
// subscribers on one router; the first subscriber's downlink goes through
// a token bucket (bandwidth) and a loss filter.
type vnetWorld struct {
	router              *vnet.Router
	server, pub, s1, s2 *vnet.Net
	s1Bucket            *vnet.TBFQueue
	s1Loss              *vnet.LossFilter
	s1Queue             *vnet.Queue
	quiet               logging.LoggerFactory
	serverURL           string
	mgr                 *sfu.Manager
	videoSID            string
}

func newVNetWorld(t *testing.T) *vnetWorld {
	t.Helper()
	w := &vnetWorld{quiet: logging.NewDefaultLoggerFactory()}
	w.quiet.(*logging.DefaultLoggerFactory).DefaultLogLevel = logging.LogLevelDisabled
	var err error
	w.router, err = vnet.NewRouter(&vnet.RouterConfig{CIDR: "10.0.0.0/24", LoggerFactory: w.quiet})
	if err != nil {
		t.Fatal(err)
	}
	mk := func(ip string) *vnet.Net {
		n, err := vnet.NewNet(&vnet.NetConfig{StaticIPs: []string{ip}})
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	w.server, w.pub, w.s1, w.s2 = mk("10.0.0.1"), mk("10.0.0.2"), mk("10.0.0.3"), mk("10.0.0.4")
	for _, n := range []*vnet.Net{w.server, w.pub, w.s2} {
		if err := w.router.AddNet(n); err != nil {
			t.Fatal(err)
		}
	}
	// What reaches the first subscriber: the bucket first (a bottleneck
	// queue that drops when full), then random loss.
	w.s1Loss, err = vnet.NewLossFilter(w.s1, 0, vnet.WithLossSeed(7))
	if err != nil {
		t.Fatal(err)
	}
	w.s1Bucket = vnet.NewTBFQueue(vnetUnlimited, vnetBurstBytes, vnetQueueBytes)
	w.s1Queue, err = vnet.NewQueue(w.s1Loss, w.s1Bucket)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.router.AddNet(w.s1Queue); err != nil {
		t.Fatal(err)
	}
	if err := w.router.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = w.s1Queue.Close()
		_ = w.router.Stop()
	})
	ts := startServer(t, func(c *sfu.Config, _ *signal.Config) {
		c.WebRTC.IncludeLoopback = false
		c.WebRTC.Net = w.server
	})
	w.serverURL, w.mgr = ts.URL, ts.mgr
	return w
}

// limit sets the first subscriber's downlink: bit/s and loss in percent.
func (w *vnetWorld) limit(t *testing.T, rate, lossPercent int) {
	t.Helper()
	w.s1Bucket.SetRate(rate)
	if err := w.s1Loss.SetLossRate(lossPercent, true); err != nil {
		t.Fatal(err)
	}
}

// received is what one subscriber saw: for the video track, the width of
// the last keyframe (which layer it is forwarded), packets, sequence gaps
// and bytes; for audio, the longest silence.
type received struct {
	mu          sync.Mutex
	width       int
	widthSince  time.Time
	widths      []widthAt // every change, for the log
	videoBytes  int
	lastAudio   time.Time
	worstSilent time.Duration
	silentAt    time.Time
	packets     int
	gaps        int // sequence numbers skipped: lost on first transmission
	late        int // packets older than the newest: retransmissions
	lastKey     time.Time
	lastSeq     map[uint32]uint16
}

type widthAt struct {
	at    time.Time
	width int
}

func newReceived() *received { return &received{lastSeq: map[uint32]uint16{}} }

func (r *received) onRTP(audio bool, p *rtp.Packet, at time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.packets++
	fresh := true // not a retransmission of something older
	if last, ok := r.lastSeq[p.SSRC]; !ok {
		r.lastSeq[p.SSRC] = p.SequenceNumber
	} else if d := int16(p.SequenceNumber - last); d > 0 {
		r.gaps += int(d - 1)
		r.lastSeq[p.SSRC] = p.SequenceNumber
	} else {
		fresh = false
		r.late++
	}
	if audio {
		if !r.lastAudio.IsZero() {
			if gap := at.Sub(r.lastAudio); gap > r.worstSilent {
				r.worstSilent, r.silentAt = gap, at
			}
		}
		r.lastAudio = at
		return
	}
	r.videoBytes += len(p.Payload) + int(p.PaddingSize)
	// A retransmitted keyframe from before a switch says nothing about the
	// layer forwarded now.
	wd, key := vp8KeyframeWidth(p.Payload)
	if key && fresh {
		r.lastKey = at
	}
	if key && fresh && wd != r.width {
		r.width, r.widthSince = wd, at
		r.widths = append(r.widths, widthAt{at, wd})
	}
}

func (r *received) snapshot() (width int, since time.Time, videoBytes, packets, gaps int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.width, r.widthSince, r.videoBytes, r.packets, r.gaps
}

// resetAudio forgets silences so far (before both sides were up).
func (r *received) resetAudio() {
	r.mu.Lock()
	r.worstSilent, r.lastAudio = 0, time.Time{}
	r.mu.Unlock()
}

func (r *received) audio() (time.Duration, time.Time, time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.worstSilent, r.silentAt, r.lastAudio
}

// vp8KeyframeWidth reads the width from a VP8 keyframe's first packet
// (RFC 7741 descriptor, then the frame tag and start code).
func vp8KeyframeWidth(p []byte) (int, bool) {
	if len(p) < 1 || p[0]&0x10 == 0 || p[0]&0x07 != 0 {
		return 0, false
	}
	i := 1
	if p[0]&0x80 != 0 {
		if len(p) < 2 {
			return 0, false
		}
		ext := p[1]
		i = 2
		if ext&0x80 != 0 {
			if len(p) <= i {
				return 0, false
			}
			if p[i]&0x80 != 0 {
				i++
			}
			i++
		}
		if ext&0x40 != 0 {
			i++
		}
		if ext&0x30 != 0 {
			i++
		}
	}
	if len(p) < i+10 || p[i]&0x01 != 0 || p[i+3] != 0x9d || p[i+4] != 0x01 || p[i+5] != 0x2a {
		return 0, false
	}
	return int(binary.LittleEndian.Uint16(p[i+6:]) & 0x3fff), true
}

// vp8Frame packetizes one synthetic VP8 frame of size bytes: a valid
// payload descriptor with a 15-bit picture id, and for keyframes a frame
// header with the start code and the layer's dimensions.
func vp8Frame(pid uint16, key bool, width, height, size int) [][]byte {
	frame := make([]byte, size)
	tag := uint32(size-10)<<5 | 0x10 // show_frame, first partition size
	if !key {
		tag |= 0x01
	}
	frame[0], frame[1], frame[2] = byte(tag), byte(tag>>8), byte(tag>>16)
	if key {
		frame[3], frame[4], frame[5] = 0x9d, 0x01, 0x2a
		binary.LittleEndian.PutUint16(frame[6:], uint16(width))
		binary.LittleEndian.PutUint16(frame[8:], uint16(height))
	}
	var out [][]byte
	for off := 0; off < len(frame); off += vnetMaxPayload {
		end := min(off+vnetMaxPayload, len(frame))
		desc := []byte{0x80, 0x80, 0x80 | byte(pid>>8&0x7f), byte(pid)}
		if off == 0 {
			desc[0] |= 0x10
		}
		out = append(out, append(desc, frame[off:end]...))
	}
	return out
}

// publishCamera sends three simulcast layers at their bit rates and Opus
// audio until ctx ends; a keyframe request is answered on the next frame.
func publishCamera(ctx context.Context, t *testing.T, c *client.Client) (video, audio *client.LocalTrack) {
	t.Helper()
	var mu sync.Mutex
	wantKey := make([]bool, len(vnetLayers))
	video, err := c.PublishTrack(ctx, client.TrackOptions{
		Name: "camera", Source: livekit.TrackSource_CAMERA, Mime: webrtc.MimeTypeVP8, Layers: vnetLayers,
		OnKeyframeRequest: func(layer int) {
			mu.Lock()
			wantKey[layer] = true
			mu.Unlock()
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	audio, err = c.Publish(ctx, "mic", webrtc.MimeTypeOpus, livekit.TrackSource_MICROPHONE)
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		frame := time.NewTicker(time.Second / vnetFPS)
		defer frame.Stop()
		seq := make([]uint16, len(vnetLayers))
		pid := make([]uint16, len(vnetLayers))
		for n := 0; ; n++ {
			select {
			case <-ctx.Done():
				return
			case <-frame.C:
			}
			for l, layer := range vnetLayers {
				mu.Lock()
				key := n%vnetKeyframeGap == 0 || wantKey[l]
				wantKey[l] = false
				mu.Unlock()
				size := int(layer.Bitrate) / 8 / vnetFPS
				pkts := vp8Frame(pid[l], key, int(layer.Width), int(layer.Height), size)
				pid[l] = (pid[l] + 1) & 0x7fff
				for i, payload := range pkts {
					p := &rtp.Packet{Header: rtp.Header{Version: 2, SequenceNumber: seq[l], Timestamp: uint32(n * 90000 / vnetFPS), Marker: i == len(pkts)-1}, Payload: payload}
					seq[l]++
					if err := video.WriteLayerRTP(l, p); err != nil {
						return
					}
				}
			}
		}
	}()
	go func() {
		tick := time.NewTicker(vnetOpusInterval)
		defer tick.Stop()
		payload := make([]byte, 100)
		for n := 0; ; n++ {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			payload[0] = 0x78 // a CELT 20 ms frame's TOC byte
			if err := audio.WriteRTP(&rtp.Packet{Header: rtp.Header{Version: 2, SequenceNumber: uint16(n), Timestamp: uint32(n * 960)}, Payload: payload}); err != nil {
				return
			}
		}
	}()
	return video, audio
}

// subscriber joins over the virtual network and records what arrives.
func (w *vnetWorld) subscriber(t *testing.T, room, identity string, n *vnet.Net) (*client.Client, *received, *received) {
	t.Helper()
	vid, aud := newReceived(), newReceived()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c, err := client.Connect(ctx, client.Config{URL: w.serverURL, Token: token(t, room, identity), Net: n,
		OnRTP: func(rt *client.RemoteTrack, p *rtp.Packet, at time.Time) {
			if rt.Codec == webrtc.MimeTypeOpus {
				aud.onRTP(true, p, at)
			} else {
				vid.onRTP(false, p, at)
			}
		}})
	if err != nil {
		t.Fatalf("connect %s: %v", identity, err)
	}
	t.Cleanup(c.Close)
	return c, vid, aud
}

// serverLayer is the video layer the SFU says it forwards to subscriber,
// and the bit rate the allocator granted it.
func (w *vnetWorld) serverLayer(subscriber string) (layer int, granted uint64) {
	for _, ts := range w.mgr.TrackStats() {
		if ts.Subscriber == subscriber && ts.TrackSID == w.videoSID {
			return ts.Layer, ts.EstimatedBitrate
		}
	}
	return forward.QualityOff, 0
}

// waitWidth waits until the subscriber's video shows width, and returns
// when it first did.
func waitWidth(t *testing.T, r *received, width int, within time.Duration, what string) time.Time {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		w, since, _, _, _ := r.snapshot()
		if w == width {
			return since
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: video width %d after %v, want %d", what, w, within, width)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// waitSteady waits until the subscriber's video has shown width for a
// second.
func waitSteady(t *testing.T, r *received, width int, within time.Duration, what string) {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		w, since, _, _, _ := r.snapshot()
		if w == width && time.Since(since) > time.Second {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: video width %d after %v, want %d for a second", what, w, within, width)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// The acceptance test of congestion control: one subscriber's downlink is
// squeezed to 400 kbit/s with 1 % random loss while another's is not. The
// squeezed one must fall to the low layer within 5 s, lose under 2 % once
// settled, and return to high within 10 s of the limit lifting; the other
// stays on high; audio never stops for either.
func TestCongestionControlOverAVirtualNetwork(t *testing.T) {
	if testing.Short() {
		t.Skip("30 s of real time over a virtual network")
	}
	w := newVNetWorld(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	_, v1, a1 := w.subscriber(t, "bwe", "s1", w.s1)
	_, v2, a2 := w.subscriber(t, "bwe", "s2", w.s2)
	pctx, pcancel := context.WithTimeout(ctx, 20*time.Second)
	defer pcancel()
	pub, err := client.Connect(pctx, client.Config{URL: w.serverURL, Token: token(t, "bwe", "pub"), Net: w.pub})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pub.Close)
	video, _ := publishCamera(ctx, t, pub)
	w.videoSID = video.Info.GetSid()
	w.trace(ctx, t, v1)

	// Unconstrained, both start on high.
	waitSteady(t, v1, 1280, 20*time.Second, "s1 before the limit")
	waitSteady(t, v2, 1280, 20*time.Second, "s2 before the limit")
	a1.resetAudio()
	a2.resetAudio()
	_, s2HighSince, _, _, _ := v2.snapshot()

	// Squeeze s1.
	limitAt := time.Now()
	w.limit(t, vnetLimit, vnetLossPercent)
	lowAt := waitWidth(t, v1, 320, 5*time.Second, "s1 after the limit")
	toLow := lowAt.Sub(limitAt)
	if l, _ := w.serverLayer("s1"); l != forward.QualityLow {
		t.Fatalf("s1 receives low-layer keyframes but the server forwards layer %d", l)
	}

	// Let it settle, then measure what s1 gets for 10 s.
	time.Sleep(3 * time.Second)
	_, _, bytes0, packets0, gaps0 := v1.snapshot()
	a1p0, a1g0 := a1.packetsGaps()
	start := time.Now()
	time.Sleep(10 * time.Second)
	width, _, bytes1, packets1, gaps1 := v1.snapshot()
	a1p1, a1g1 := a1.packetsGaps()
	window := time.Since(start)
	var estimate uint64
	for _, d := range w.mgr.Stats().Downlinks {
		if d.Participant == "s1" {
			estimate = d.EstimatedBitrate
		}
	}
	lost := gaps1 - gaps0 + a1g1 - a1g0
	total := packets1 - packets0 + a1p1 - a1p0 + lost
	loss := float64(lost) / float64(max(total, 1))
	kbps := float64(bytes1-bytes0) * 8 / window.Seconds() / 1000
	if width != 320 {
		t.Errorf("s1 left the low layer under the limit (width %d)", width)
	}

	// Lift the limit.
	liftAt := time.Now()
	w.limit(t, vnetUnlimited, 0)
	// Typically 2–4 s. The virtual network runs on the test's own
	// goroutines, so on a machine whose cores are busy with other work its
	// queues stretch and the delay signal reads overuse for a while; the
	// deadline leaves room for that.
	highAt := waitWidth(t, v1, 1280, 30*time.Second, "s1 after the limit lifted")
	toHigh := highAt.Sub(liftAt)
	if l, _ := w.serverLayer("s1"); l != forward.QualityHigh {
		t.Fatalf("s1 receives high-layer keyframes but the server forwards layer %d", l)
	}
	// A moment on high to see it holds.
	time.Sleep(time.Second)

	t.Logf("s1: low %.1f s after the limit; then %.0f kbit/s of video, loss %.2f %% (%d of %d packets), estimate %d bit/s; high again %.1f s after the lift",
		toLow.Seconds(), kbps, loss*100, lost, total, estimate, toHigh.Seconds())
	t.Logf("s1 widths: %s", v1.widthLog(limitAt))
	if loss >= 0.02 {
		t.Errorf("s1 lost %.2f %% after settling, want < 2 %%", loss*100)
	}
	if wd, since, _, _, _ := v2.snapshot(); wd != 1280 || since != s2HighSince {
		t.Errorf("s2 left high: width %d, changes %s", wd, v2.widthLog(limitAt))
	}
	st := w.mgr.Stats()
	t.Logf("padding bytes %d, layer switches %d", st.PaddingBytes, st.LayerSwitches)
	for name, a := range map[string]*received{"s1": a1, "s2": a2} {
		worst, at, last := a.audio()
		if worst > time.Second {
			t.Errorf("%s: audio stopped for %v (until %v after the limit)", name, worst, at.Sub(limitAt))
		}
		if time.Since(last) > time.Second {
			t.Errorf("%s: no audio for %v at the end", name, time.Since(last))
		}
	}
}

func (r *received) packetsGaps() (int, int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.packets, r.gaps
}

func (r *received) widthLog(since time.Time) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := ""
	for _, w := range r.widths {
		s += fmt.Sprintf(" %+.1fs:%d", w.at.Sub(since).Seconds(), w.width)
	}
	return s
}

// trace samples s1's downlink as the server sees it four times a second
// and prints the samples when the test fails.
func (w *vnetWorld) trace(ctx context.Context, t *testing.T, v1 *received) {
	var mu sync.Mutex
	var lines []string
	begin := time.Now()
	done := make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(250 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			layer, granted := w.serverLayer("s1")
			width, _, bytes, _, gaps := v1.snapshot()
			v1.mu.Lock()
			late := v1.late
			v1.mu.Unlock()
			line := fmt.Sprintf("%5.2fs layer %d granted %d width %d bytes %d gaps %d late %d", time.Since(begin).Seconds(), layer, granted, width, bytes, gaps, late)
			for _, d := range w.mgr.Stats().Downlinks {
				if d.Participant == "s1" {
					line += fmt.Sprintf(" est %d acked %d %s probes %d/%d", d.EstimatedBitrate, d.AckedBitrate, d.Delay, d.ProbesSucceeded, d.Probes)
				}
			}
			mu.Lock()
			lines = append(lines, line)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		<-done
		if !t.Failed() && !testing.Verbose() {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		for _, l := range lines {
			t.Log(l)
		}
	})
}

// A publisher gets transport-wide feedback on what it sends and a receiver
// estimate (REMB) that follows what subscribers want: every layer while
// one watches the large view, about the low layer alone once it only
// shows a thumbnail.
func TestPublisherGetsBandwidthFeedback(t *testing.T) {
	w := newVNetWorld(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sub, v2, _ := w.subscriber(t, "remb", "viewer", w.s2)
	pctx, pcancel := context.WithTimeout(ctx, 20*time.Second)
	defer pcancel()
	pub, err := client.Connect(pctx, client.Config{URL: w.serverURL, Token: token(t, "remb", "pub"), Net: w.pub})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pub.Close)
	video, audio := publishCamera(ctx, t, pub)
	waitWidth(t, v2, 1280, 20*time.Second, "viewer")

	var all uint64
	for _, l := range vnetLayers {
		all += uint64(l.Bitrate)
	}
	waitREMB := func(what string, ok func(uint64) bool) uint64 {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for {
			if r := video.REMB(); r > 0 && ok(r) {
				return r
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: REMB %d bit/s after 10 s", what, video.REMB())
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	full := waitREMB("all layers watched", func(r uint64) bool { return r >= all })
	if full > all*3/2 {
		t.Fatalf("REMB %d bit/s for %d bit/s of layers: no bound", full, all)
	}
	// Feedback is per transport: pion addresses each packet of it to the
	// media SSRC it recorded last, audio or one of the video layers, so
	// it may reach either track's RTCP reader.
	feedback := func() int64 { return video.TransportFeedback() + audio.TransportFeedback() }
	for deadline := time.Now().Add(10 * time.Second); feedback() == 0; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("no transport-wide feedback reached the publisher")
		}
	}
	// The only viewer shrinks the video to a thumbnail.
	if err := sub.Send(&livekit.SignalRequest{Message: &livekit.SignalRequest_TrackSetting{TrackSetting: &livekit.UpdateTrackSettings{
		TrackSids: []string{video.Info.GetSid()}, Width: 320, Height: 180}}}); err != nil {
		t.Fatal(err)
	}
	low := waitREMB("thumbnail only", func(r uint64) bool { return r < uint64(vnetLayers[1].Bitrate) })
	t.Logf("REMB %d bit/s with the large view, %d bit/s with a thumbnail; feedback packets: %d on video, %d on audio", full, low, video.TransportFeedback(), audio.TransportFeedback())
}

// On a link too narrow for even the low layer, video is paused and audio
// keeps flowing; once the link widens, video comes back.
func TestVideoPausesBeforeAudio(t *testing.T) {
	if testing.Short() {
		t.Skip("real time over a virtual network")
	}
	w := newVNetWorld(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c1, v1, a1 := w.subscriber(t, "pause", "s1", w.s1)
	pctx, pcancel := context.WithTimeout(ctx, 20*time.Second)
	defer pcancel()
	pub, err := client.Connect(pctx, client.Config{URL: w.serverURL, Token: token(t, "pause", "pub"), Net: w.pub})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pub.Close)
	video, _ := publishCamera(ctx, t, pub)
	w.videoSID = video.Info.GetSid()
	waitSteady(t, v1, 1280, 20*time.Second, "s1 before the limit")

	// 100 kbit/s: audio (about 56 kbit/s of RTP) fits, the low layer
	// (150 kbit/s) does not. A queue of 8 kB is 640 ms at that rate.
	w.s1Bucket.SetSize(8_000)
	limitAt := time.Now()
	w.limit(t, 100_000, 0)
	paused := false
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline) && !paused; time.Sleep(50 * time.Millisecond) {
		for _, ts := range w.mgr.TrackStats() {
			paused = paused || (ts.Subscriber == "s1" && ts.TrackSID == w.videoSID && ts.Paused)
		}
	}
	if !paused {
		t.Fatal("s1's video was not paused within 5 s on a 100 kbit/s link")
	}
	pausedAfter := time.Since(limitAt)
	// Its connection quality says so (updates come about every 2 s).
	qctx, qcancel := context.WithTimeout(ctx, 10*time.Second)
	_, err = c1.WaitFor(qctx, func(m *livekit.SignalResponse) bool {
		for _, u := range m.GetConnectionQuality().GetUpdates() {
			if u.GetParticipantSid() == c1.SID() && u.GetQuality() == livekit.ConnectionQuality_POOR {
				return true
			}
		}
		return false
	})
	qcancel()
	if err != nil {
		t.Fatalf("s1 was not told its connection is poor while its video is paused: %v", err)
	}
	// From a second after the pause on, audio must flow without a break
	// and video must stay off.
	time.Sleep(time.Second)
	a1.resetAudio()
	_, _, bytes0, _, _ := v1.snapshot()
	time.Sleep(5 * time.Second)
	_, _, bytes1, _, _ := v1.snapshot()
	worst, _, last := a1.audio()
	if worst > time.Second || time.Since(last) > time.Second {
		t.Fatalf("audio stopped while video was paused: longest silence %v, last packet %v ago", worst, time.Since(last))
	}
	t.Logf("video paused %.1f s after the limit; meanwhile %d bytes of video payload, longest audio silence %v", pausedAfter.Seconds(), bytes1-bytes0, worst)

	w.s1Bucket.SetSize(vnetQueueBytes)
	w.limit(t, vnetUnlimited, 0)
	// Back to video: probing restarts from the paused state.
	liftAt := time.Now()
	for deadline := liftAt.Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		v1.mu.Lock()
		wd, key := v1.width, v1.lastKey
		v1.mu.Unlock()
		if wd == 1280 && key.After(liftAt) {
			t.Logf("high again %.1f s after the lift", key.Sub(liftAt).Seconds())
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("video not back on high 20 s after the lift: widths%s", v1.widthLog(liftAt))
		}
	}
}
