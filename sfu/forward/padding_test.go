package forward

import (
	"sync"
	"testing"

	"github.com/pion/rtp"
	"github.com/pion/sdp/v3"
	"github.com/pion/webrtc/v4"
)

// countingSequencer is a subscriber's transport-wide counter that records
// what was stamped.
type countingSequencer struct {
	mu    sync.Mutex
	next  uint16
	sizes []int
}

func (c *countingSequencer) Stamp(size int, _ int64) uint16 {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sizes = append(c.sizes, size)
	c.next++
	return c.next - 1
}

// withTransportCC binds a down track to a sequencer as if the subscriber
// negotiated the extension with id 5.
func withTransportCC(d *DownTrack, seq TransportSequencer) {
	d.mu.Lock()
	d.cc.bind(seq, []webrtc.RTPHeaderExtensionParameter{{URI: sdp.TransportCCURI, ID: 5}})
	d.mu.Unlock()
}

// sendFrameEnd feeds one packet of layer q that ends a frame.
func (f *feeder) sendFrameEnd(q int, key bool) {
	f.seq[q]++
	f.pid[q]++
	f.ts[q] += 3000
	pkt := vp8RTP(f.tb, uint32(100+q), f.seq[q], f.ts[q], f.pid[q], key, 100)
	pkt[1] |= 0x80 // marker
	f.r.handlePacket(f.layers[q], webrtc.MimeTypeVP8, &f.hdr, pkt)
}

func transportSeq(t *testing.T, h rtp.Header) uint16 {
	t.Helper()
	b := h.GetExtension(5)
	if len(b) != 2 {
		t.Fatalf("packet %d carries no transport-wide sequence number", h.SequenceNumber)
	}
	return uint16(b[0])<<8 | uint16(b[1])
}

// Padding continues the subscriber's sequence numbers, repeats the last
// timestamp, is only sent between frames, is counted, and every packet
// (media and padding) carries the next transport-wide sequence number.
func TestPaddingContinuesTheStream(t *testing.T) {
	totals := &Counters{}
	r, layers := testReceiver(t, totals, nil, QualityLow)
	d, w := bindDown(r, "sub")
	seq := &countingSequencer{}
	withTransportCC(d, seq)
	f := newFeeder(t, r, layers)

	if n := d.WritePadding(200); n != 0 {
		t.Fatal("padded before anything was forwarded")
	}
	f.send(QualityLow, true) // first packet of a keyframe, not its end
	if n := d.WritePadding(200); n != 0 {
		t.Fatal("padded in the middle of a frame")
	}
	f.sendFrameEnd(QualityLow, false)
	// The writer's last header shares the extension buffer with the down
	// track: read the number before the next packet overwrites it.
	media := w.last
	mediaTCC := transportSeq(t, media)
	if n := d.WritePadding(200); n == 0 {
		t.Fatal("no padding after a frame ended")
	}
	pad := w.last
	padTCC := transportSeq(t, pad)
	if !pad.Padding || pad.PaddingSize != 200 || len(w.payload) != 0 {
		t.Fatalf("padding packet: padding %v size %d payload %d", pad.Padding, pad.PaddingSize, len(w.payload))
	}
	if pad.SequenceNumber != media.SequenceNumber+1 || pad.Timestamp != media.Timestamp || pad.SSRC != media.SSRC {
		t.Fatalf("padding seq %d ts %d ssrc %d after media seq %d ts %d ssrc %d",
			pad.SequenceNumber, pad.Timestamp, pad.SSRC, media.SequenceNumber, media.Timestamp, media.SSRC)
	}
	if d.WritePadding(255) == 0 {
		t.Fatal("second padding refused")
	}
	f.sendFrameEnd(QualityLow, false)
	next := w.last
	nextTCC := transportSeq(t, next)
	if next.SequenceNumber != media.SequenceNumber+3 {
		t.Fatalf("media after two paddings has seq %d, want %d", next.SequenceNumber, media.SequenceNumber+3)
	}
	if nextTCC != padTCC+2 || padTCC != mediaTCC+1 {
		t.Fatalf("transport-wide numbers %d, %d, %d not consecutive", mediaTCC, padTCC, nextTCC)
	}
	if st := d.Stats(); st.PaddingBytes != 455 || totals.Read().PaddingBytes != 455 {
		t.Fatalf("padding bytes %d (total %d), want 455", st.PaddingBytes, totals.Read().PaddingBytes)
	}
	// Stamped sizes cover the RTP header, extension, payload and padding.
	if got := seq.sizes[len(seq.sizes)-2]; got != 12+8+255 {
		t.Fatalf("padding stamped as %d bytes, want %d", got, 12+8+255)
	}
	// A NACK for the padding finds nothing to resend.
	before := w.count()
	d.retransmit([]uint16{pad.SequenceNumber}, make([]byte, 1500))
	if w.count() != before {
		t.Fatal("padding was retransmitted")
	}
}

// With the extension negotiated, forwarding still does not allocate.
func TestStampedForwardingDoesNotAllocate(t *testing.T) {
	r, l, _, pkt := benchTrack(t, 2)
	for _, d := range r.DownTracks() {
		withTransportCC(d, &allocFreeSequencer{})
	}
	var hdr rtp.Header
	s := uint16(1)
	allocs := testing.AllocsPerRun(500, func() {
		pkt[2], pkt[3] = byte(s>>8), byte(s)
		s++
		r.handlePacket(l, webrtc.MimeTypeVP8, &hdr, pkt)
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per forwarded packet", allocs)
	}
}

type allocFreeSequencer struct{ n uint16 }

func (a *allocFreeSequencer) Stamp(int, int64) uint16 { a.n++; return a.n }

// After a switch, NACKs for the old layer's packets go unanswered (the
// subscriber decodes from the new layer's keyframe on), while the current
// layer's are resent.
func TestNoRetransmitsOfALayerLeftBehind(t *testing.T) {
	r, layers := testReceiver(t, &Counters{}, nil, QualityLow, QualityHigh)
	d, w := bindDown(r, "sub")
	f := newFeeder(t, r, layers)
	f.sendFrameEnd(QualityLow, true)
	old := w.last.SequenceNumber
	f.sendFrameEnd(QualityHigh, true)
	if d.Stats().Layer != QualityHigh {
		t.Fatal("did not switch to high")
	}
	f.sendFrameEnd(QualityHigh, false)
	cur := w.last.SequenceNumber
	buf := make([]byte, 1500)
	before := w.count()
	d.retransmit([]uint16{old}, buf)
	if w.count() != before {
		t.Fatal("a packet of the layer left behind was resent")
	}
	d.retransmit([]uint16{cur}, buf)
	if w.count() != before+1 || w.last.SequenceNumber != cur {
		t.Fatalf("the current layer's packet %d was not resent", cur)
	}
}

// A track paused for bandwidth still carries padding, continuing its
// sequence numbers, so that probing can bring it back; one the subscriber
// disabled does not.
func TestPaddingWhilePausedForBandwidth(t *testing.T) {
	r, layers := testReceiver(t, &Counters{}, nil, QualityLow)
	d, w := bindDown(r, "sub")
	f := newFeeder(t, r, layers)
	f.send(QualityLow, true) // mid-frame when the pause comes
	last := w.last.SequenceNumber
	d.SetBandwidthQuality(QualityOff, 0)
	if d.WritePadding(100) == 0 {
		t.Fatal("no padding while paused for bandwidth")
	}
	if !w.last.Padding || w.last.SequenceNumber != last+1 {
		t.Fatalf("padding seq %d after %d", w.last.SequenceNumber, last)
	}
	d.SetPaused(true)
	if d.CanPad() || d.WritePadding(100) != 0 {
		t.Fatal("padding on a track the subscriber disabled")
	}
}
