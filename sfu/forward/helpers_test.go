package forward

import (
	"fmt"
	"io"
	"log/slog"
	"sync"
	"testing"

	"github.com/pion/rtcp"
	"github.com/pion/rtp"
	"github.com/pion/webrtc/v4"

	"souk/sfu/buffer"
)

// testPayloads detects VP8 keyframes the way the server does (descriptor,
// start of partition 0, P bit clear) and matches codecs by MIME type.
type testPayloads struct{}

func (testPayloads) Keyframe(mime string, p []byte) bool {
	if mime == webrtc.MimeTypeH264 {
		return len(p) > 0 && (p[0]&0x1f == 5 || p[0]&0x1f == 7) // IDR or SPS
	}
	d, ok := parseVP8(p)
	if !ok || len(p) == 0 || p[0]&0x10 == 0 {
		return false
	}
	i := 1
	if p[0]&0x80 != 0 {
		i = 2
		if d.pidAt >= 0 {
			i = d.pidAt + 1
			if d.pidLong {
				i++
			}
		}
		if d.tl0At >= 0 {
			i = d.tl0At + 1
		}
		if len(p) > 1 && p[1]&0x30 != 0 {
			i++
		}
	}
	return len(p) > i && p[i]&0x01 == 0
}
func (testPayloads) REDPrimary(p []byte) ([]byte, bool) { return p, true }
func (testPayloads) Matches(a, b webrtc.RTPCodecCapability) bool {
	return a.MimeType == b.MimeType
}

// fakeWriter marshals like the real writer would, without a socket.
type fakeWriter struct {
	mu      sync.Mutex
	buf     [buffer.MaxPacketSize]byte
	packets int
	last    rtp.Header
	payload []byte
}

func (w *fakeWriter) WriteRTP(h *rtp.Header, payload []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	n, err := h.MarshalTo(w.buf[:])
	if err != nil {
		return 0, err
	}
	w.payload = w.buf[n : n+copy(w.buf[n:], payload)]
	w.packets++
	w.last = *h
	return n + len(payload), nil
}

func (w *fakeWriter) Write(b []byte) (int, error) { return len(b), nil }

func (w *fakeWriter) count() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.packets
}

type plis struct {
	mu   sync.Mutex
	ssrc []uint32
}

func (p *plis) send(pkts []rtcp.Packet) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, pkt := range pkts {
		if pli, ok := pkt.(*rtcp.PictureLossIndication); ok {
			p.ssrc = append(p.ssrc, pli.MediaSSRC)
		}
	}
	return nil
}

// testReceiver builds a VP8 receiver with the given layers registered (not
// read) and returns it with its layers by quality.
func testReceiver(tb testing.TB, totals *Counters, sent *plis, qualities ...int) (*Receiver, [NumLayers]*layer) {
	tb.Helper()
	return testReceiverCodec(tb, webrtc.MimeTypeVP8, totals, sent, qualities...)
}

// testReceiverCodec is testReceiver for another codec.
func testReceiverCodec(tb testing.TB, mime string, totals *Counters, sent *plis, qualities ...int) (*Receiver, [NumLayers]*layer) {
	tb.Helper()
	if sent == nil {
		sent = &plis{}
	}
	r := NewReceiver(ReceiverConfig{
		TrackID: "TR_test", Kind: webrtc.RTPCodecTypeVideo, LayerWidths: [NumLayers]uint32{320, 640, 1280},
		SendRTCP: sent.send, Payloads: testPayloads{}, Totals: totals, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	rids := []string{"q", "h", "f"}
	for _, q := range qualities {
		codec := webrtc.RTPCodecParameters{RTPCodecCapability: webrtc.RTPCodecCapability{MimeType: mime, ClockRate: 90000}, PayloadType: 96}
		if _, ok := r.AddLayer(Layer{RID: rids[q], SSRC: uint32(100 + q), Codec: codec}, func([]byte) (int, bool, error) { return 0, false, io.EOF }); !ok {
			tb.Fatal("layer refused")
		}
	}
	var layers [NumLayers]*layer
	r.mu.Lock()
	layers = r.layers
	r.mu.Unlock()
	return r, layers
}

// bindDown adds a down track bound to a fake writer, as pion's Bind would.
func bindDown(r *Receiver, name string) (*DownTrack, *fakeWriter) {
	d := NewDownTrack(DownTrackConfig{Receiver: r, TrackID: "TR_test", StreamID: "PA_x|TR_test", Subscriber: name, Log: r.log})
	w := &fakeWriter{}
	d.mu.Lock()
	d.writer, d.ssrc, d.pt, d.bound, d.vp8 = w, 5000, 96, true, true
	d.mu.Unlock()
	r.AddDown(d)
	r.retarget(d)
	return d, w
}

// vp8RTP builds one RTP packet of a layer: a keyframe or delta picture
// with picture id pid.
func vp8RTP(tb testing.TB, ssrc uint32, seq uint16, ts uint32, pid uint16, key bool, size int) []byte {
	tb.Helper()
	payload := make([]byte, size)
	copy(payload, vp8Packet(pid, uint8(pid), true))
	payload[5] = 0x01 // P bit: delta
	if key {
		payload[5] = 0x00
	}
	pkt, err := (&rtp.Packet{Header: rtp.Header{Version: 2, PayloadType: 96, SSRC: ssrc, SequenceNumber: seq, Timestamp: ts}, Payload: payload}).Marshal()
	if err != nil {
		tb.Fatal(err)
	}
	return pkt
}

func name(i int) string { return fmt.Sprintf("sub%d", i) }
