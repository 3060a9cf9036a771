package forward

import (
	"bytes"
	"testing"
	"time"

	"github.com/pion/rtp"
	"github.com/pion/webrtc/v4"
)

// feeder sends packets of each layer with its own sequence numbers,
// timestamps and picture ids, as three independent encoders would.
type feeder struct {
	tb     testing.TB
	r      *Receiver
	layers [NumLayers]*layer
	seq    [NumLayers]uint16
	pid    [NumLayers]uint16
	ts     [NumLayers]uint32
	hdr    rtp.Header
}

func newFeeder(tb testing.TB, r *Receiver, layers [NumLayers]*layer) *feeder {
	return &feeder{tb: tb, r: r, layers: layers,
		seq: [NumLayers]uint16{1000, 20000, 40000}, pid: [NumLayers]uint16{10, 5000, 30000}, ts: [NumLayers]uint32{7, 70000, 7000000}}
}

func (f *feeder) send(q int, key bool) {
	f.seq[q]++
	f.pid[q]++
	f.ts[q] += 3000
	pkt := vp8RTP(f.tb, uint32(100+q), f.seq[q], f.ts[q], f.pid[q], key, 100)
	f.r.handlePacket(f.layers[q], webrtc.MimeTypeVP8, &f.hdr, pkt)
}

// A layer the publisher has not sent yet does not hold a subscriber back:
// whatever is live starts at once, and the better layer takes over on its
// keyframe.
func TestDownTrackStartsOnAnyLiveLayer(t *testing.T) {
	r, layers := testReceiver(t, &Counters{}, nil, QualityLow, QualityHigh)
	d, w := bindDown(r, "sub")
	f := newFeeder(t, r, layers)
	f.send(QualityLow, true)
	if w.count() != 1 || d.Stats().Layer != QualityLow {
		t.Fatalf("low not started while high is silent: %d packets", w.count())
	}
	f.send(QualityHigh, true)
	if d.Stats().Layer != QualityHigh {
		t.Fatal("did not move up when high started")
	}
}

func TestDownTrackSwitchesLayersOnKeyframes(t *testing.T) {
	totals := &Counters{}
	r, layers := testReceiver(t, totals, nil, QualityLow, QualityMedium, QualityHigh)
	d, w := bindDown(r, "sub")
	f := newFeeder(t, r, layers)

	f.send(QualityHigh, false)
	f.send(QualityLow, true)
	f.send(QualityHigh, false)
	if w.count() != 0 {
		t.Fatal("forwarded before a keyframe of the target layer")
	}
	f.send(QualityHigh, true)
	f.send(QualityHigh, false)
	if w.count() != 2 || d.Stats().Layer != QualityHigh {
		t.Fatalf("high layer not started: %d packets, layer %d", w.count(), d.Stats().Layer)
	}
	first := w.last

	// The subscriber shrinks its element: high keeps flowing until low
	// has a keyframe, then low continues the same sequence.
	d.SetMaxQuality(QualityLow)
	f.send(QualityLow, false)
	f.send(QualityHigh, false)
	if w.count() != 3 || d.Stats().Layer != QualityHigh {
		t.Fatalf("switched before a keyframe: %d packets, layer %d", w.count(), d.Stats().Layer)
	}
	f.send(QualityLow, true)
	if d.Stats().Layer != QualityLow {
		t.Fatal("did not switch down on the low keyframe")
	}
	if w.last.SequenceNumber != first.SequenceNumber+2 {
		t.Fatalf("sequence jumped: %d after %d", w.last.SequenceNumber, first.SequenceNumber)
	}
	if int32(w.last.Timestamp-first.Timestamp) <= 0 {
		t.Fatalf("timestamp went backwards: %d after %d", w.last.Timestamp, first.Timestamp)
	}
	if got := d.Stats().LayerSwitches; got != 1 || totals.Read().LayerSwitches != 1 {
		t.Fatalf("layer switches %d (total %d), want 1", got, totals.Read().LayerSwitches)
	}
}

func TestDownTrackPictureIDContinuesAcrossSwitch(t *testing.T) {
	r, layers := testReceiver(t, &Counters{}, nil, QualityLow, QualityHigh)
	d, w := bindDown(r, "sub")
	f := newFeeder(t, r, layers)
	f.send(QualityHigh, true)
	before, _ := parseVP8(w.payload)
	d.SetMaxQuality(QualityLow)
	f.send(QualityLow, true)
	after, _ := parseVP8(w.payload)
	if after.pid != before.pid+1 || after.tl0 != before.tl0+1 {
		t.Fatalf("picture id %d→%d, tl0 %d→%d: want +1 each", before.pid, after.pid, before.tl0, after.tl0)
	}
}

func TestDownTrackBandwidthLimitAndPause(t *testing.T) {
	totals := &Counters{}
	r, layers := testReceiver(t, totals, nil, QualityLow, QualityHigh)
	d, w := bindDown(r, "sub")
	f := newFeeder(t, r, layers)
	f.send(QualityHigh, true)

	d.SetBandwidthQuality(QualityLow, 150_000)
	f.send(QualityLow, true)
	if st := d.Stats(); st.Layer != QualityLow || st.EstimatedBitrate != 150_000 {
		t.Fatalf("bandwidth limit not applied: %+v", st)
	}

	d.SetBandwidthQuality(QualityOff, 20_000)
	n := w.count()
	f.send(QualityLow, true)
	f.send(QualityHigh, true)
	if w.count() != n {
		t.Fatal("forwarded while paused for bandwidth")
	}
	if st := d.Stats(); !st.Paused || st.Pauses != 1 || totals.Read().Pauses != 1 {
		t.Fatalf("pause not counted: %+v", st)
	}

	d.SetBandwidthQuality(QualityHigh, 2_000_000)
	f.send(QualityHigh, true)
	if w.count() != n+1 {
		t.Fatal("did not resume")
	}
}

func TestReceiverWantedFollowsSubscribers(t *testing.T) {
	r, _ := testReceiver(t, &Counters{}, nil, QualityLow, QualityMedium, QualityHigh)
	if r.Wanted() != QualityOff {
		t.Fatalf("wanted %d without subscribers", r.Wanted())
	}
	big, _ := bindDown(r, "big")
	thumb, _ := bindDown(r, "thumb")
	thumb.SetMaxQuality(QualityLow)
	if r.Wanted() != QualityHigh {
		t.Fatalf("wanted %d, want high", r.Wanted())
	}
	big.SetPaused(true)
	if r.Wanted() != QualityLow {
		t.Fatalf("wanted %d with the large view hidden, want low", r.Wanted())
	}
	r.RemoveDown(thumb)
	if r.Wanted() != QualityOff {
		t.Fatalf("wanted %d with nobody watching", r.Wanted())
	}
}

func TestDownTrackKeyframeRequestsAreLimited(t *testing.T) {
	sent := &plis{}
	r, _ := testReceiver(t, &Counters{}, sent, QualityHigh)
	for i := 0; i < 5; i++ {
		r.RequestKeyframe(QualityHigh)
	}
	sent.mu.Lock()
	defer sent.mu.Unlock()
	if len(sent.ssrc) != 1 || sent.ssrc[0] != 102 {
		t.Fatalf("PLIs %v, want one for ssrc 102", sent.ssrc)
	}
}

// Dynacast can stop every layer while nobody watches; a subscriber that
// arrives then must start on whichever layer resumes first.
func TestDownTrackStartsWhenPausedLayersResume(t *testing.T) {
	r, layers := testReceiver(t, &Counters{}, nil, QualityLow, QualityHigh)
	// Both layers sent once, then went silent long ago.
	for _, l := range layers {
		if l != nil {
			l.lastNs.Store(1)
		}
	}
	d, w := bindDown(r, "late")
	if d.targetLayer() == QualityOff {
		t.Fatal("target off although the subscriber wants video")
	}
	f := newFeeder(t, r, layers)
	f.send(QualityLow, true)
	if w.count() != 1 || d.Stats().Layer != QualityLow {
		t.Fatalf("did not start on the resumed low layer: %d packets", w.count())
	}
	f.send(QualityHigh, true)
	if d.Stats().Layer != QualityHigh {
		t.Fatal("did not move up when high resumed")
	}
}

// H.264 simulcast switches on IDR pictures and passes payloads untouched
// (it has no picture ids to rewrite).
func TestDownTrackH264SwitchesOnIDR(t *testing.T) {
	r, layers := testReceiverCodec(t, webrtc.MimeTypeH264, &Counters{}, nil, QualityLow, QualityHigh)
	d, w := bindDown(r, "sub")
	d.mu.Lock()
	d.vp8 = false // as Bind sets it for H.264
	d.mu.Unlock()
	var hdr rtp.Header
	seq := [NumLayers]uint16{100, 9000}
	send := func(q int, nal byte) []byte {
		seq[q]++
		payload := []byte{nal, 0x88, 0x80, 0x40}
		pkt, err := (&rtp.Packet{Header: rtp.Header{Version: 2, PayloadType: 96, SSRC: uint32(100 + q), SequenceNumber: seq[q], Timestamp: uint32(seq[q]) * 3000}, Payload: payload}).Marshal()
		if err != nil {
			t.Fatal(err)
		}
		r.handlePacket(layers[q], webrtc.MimeTypeH264, &hdr, pkt)
		return payload
	}
	send(QualityHigh, 0x41) // P slice: not a start
	if w.count() != 0 {
		t.Fatal("started on a P slice")
	}
	idr := send(QualityHigh, 0x65)
	if w.count() != 1 || !bytes.Equal(w.payload, idr) {
		t.Fatalf("IDR not forwarded untouched: %x", w.payload)
	}
	first := w.last.SequenceNumber
	d.SetMaxQuality(QualityLow)
	send(QualityLow, 0x41)
	send(QualityHigh, 0x41)
	send(QualityLow, 0x67) // SPS starts the low layer
	if d.Stats().Layer != QualityLow || w.last.SequenceNumber != first+2 {
		t.Fatalf("layer %d, seq %d after %d", d.Stats().Layer, w.last.SequenceNumber, first)
	}
}

// While the target layer is forwarded and alive, packets of lower layers
// are skipped without the track's lock; once it goes silent the next
// lower keyframe takes over, and a lowered cap still switches down.
func TestDownTrackLowerLayersWhileSteady(t *testing.T) {
	r, layers := testReceiver(t, &Counters{}, nil, QualityLow, QualityHigh)
	d, w := bindDown(r, "sub")
	f := newFeeder(t, r, layers)
	f.send(QualityHigh, true)
	f.send(QualityHigh, false)
	if got := d.steady.Load(); got != QualityHigh {
		t.Fatalf("steady = %d while forwarding high", got)
	}
	d.mu.Lock() // a reader of the low layer must not need it
	done := make(chan struct{})
	go func() {
		defer close(done)
		f.send(QualityLow, true)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		d.mu.Unlock()
		t.Fatal("a low-layer packet waited for the lock of a track forwarding high")
	}
	d.mu.Unlock()
	if w.count() != 2 || d.Stats().Layer != QualityHigh {
		t.Fatalf("%d packets, layer %d: the low packet was forwarded", w.count(), d.Stats().Layer)
	}

	// High went silent: the low keyframe takes over.
	layers[QualityHigh].lastNs.Store(1)
	r.lastMediaNs[QualityHigh].Store(1)
	f.send(QualityLow, true)
	if w.count() != 3 || d.Stats().Layer != QualityLow {
		t.Fatalf("%d packets, layer %d: no fallback to low when high went silent", w.count(), d.Stats().Layer)
	}

	// High resumes, is forwarded again, then the cap drops to low.
	f.send(QualityHigh, true)
	if d.Stats().Layer != QualityHigh {
		t.Fatal("did not return to high")
	}
	d.SetMaxQuality(QualityLow)
	f.send(QualityLow, true)
	if d.Stats().Layer != QualityLow {
		t.Fatal("a lowered cap did not switch down")
	}
}

// The receiver tells the server after each fan-out that sent something
// whether the packet ended a frame (so batched sends go out then), and
// says nothing after a packet of a layer nobody is sent.
func TestReceiverReportsEndOfFrameAfterFanout(t *testing.T) {
	r, layers := testReceiver(t, &Counters{}, nil, QualityLow, QualityHigh)
	var calls []bool
	r.cfg.AfterFanout = func(endOfFrame bool) { calls = append(calls, endOfFrame) }
	d, w := bindDown(r, "sub")
	var hdr rtp.Header
	send := func(q int, seq uint16, key, marker bool) {
		pkt := vp8RTP(t, uint32(100+q), seq, uint32(seq)*3000, seq, key, 100)
		if marker {
			pkt[1] |= 0x80
		}
		r.handlePacket(layers[q], webrtc.MimeTypeVP8, &hdr, pkt)
	}
	send(QualityHigh, 1, true, false)
	send(QualityHigh, 2, false, true)
	if w.count() != 2 || d.Stats().Layer != QualityHigh {
		t.Fatalf("high not forwarded: %d packets, layer %d", w.count(), d.Stats().Layer)
	}
	if len(calls) != 2 || calls[0] || !calls[1] {
		t.Fatalf("after the frame's two packets: %v, want [false true]", calls)
	}
	send(QualityLow, 1, true, true) // the subscriber stays on high
	if w.count() != 2 || len(calls) != 2 {
		t.Fatalf("a low packet nobody was sent: %d packets, calls %v", w.count(), calls)
	}
}
