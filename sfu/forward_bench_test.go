package sfu

import (
	"fmt"
	"io"
	"log/slog"
	"testing"

	"github.com/pion/rtcp"
	"github.com/pion/rtp"
	"github.com/pion/webrtc/v4"
)

// benchTrack builds a published VP8 track with n bound subscribers writing
// to fake sockets, and returns a 1200-byte keyframe packet.
func benchTrack(tb testing.TB, n int) (*publishedTrack, *layer, []*fakeWriter, []byte) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	pub := newPublishedTrack("TR_bench", "PA_bench", webrtc.RTPCodecTypeVideo, func([]rtcp.Packet) error { return nil }, log)
	pub.codec = webrtc.RTPCodecParameters{RTPCodecCapability: webrtc.RTPCodecCapability{MimeType: webrtc.MimeTypeVP8, ClockRate: 90000}, PayloadType: 96}
	pub.clockRate.Store(90000)
	l := &layer{quality: qualityHigh, ssrc: 1234, cache: newPacketCache(512)}
	pub.layers[qualityHigh] = l
	var writers []*fakeWriter
	for i := 0; i < n; i++ {
		d := newDownTrack(pub, fmt.Sprintf("sub%d", i), log)
		w := &fakeWriter{}
		d.writer, d.ssrc, d.pt, d.bound, d.target = w, uint32(1000+i), 96, true, qualityHigh
		pub.addDown(d)
		writers = append(writers, w)
	}
	payload := make([]byte, 1200-12)
	payload[0], payload[1] = 0x10, 0x00 // VP8 keyframe start
	pkt, err := (&rtp.Packet{Header: rtp.Header{Version: 2, PayloadType: 96, SSRC: 1234, SequenceNumber: 1, Timestamp: 1}, Payload: payload}).Marshal()
	if err != nil {
		tb.Fatal(err)
	}
	return pub, l, writers, pkt
}

// BenchmarkForward measures the forwarding hot path from a received packet
// to every subscriber's writer: parse, cache once, keyframe check, then per
// subscriber seq/ts rewrite and marshal. ns/fwd and the allocation count
// are per forwarded packet.
func BenchmarkForward(b *testing.B) {
	for _, subs := range []int{1, 10, 50} {
		b.Run(fmt.Sprintf("subscribers=%d", subs), func(b *testing.B) {
			pub, l, writers, pkt := benchTrack(b, subs)
			var hdr rtp.Header
			mime := webrtc.MimeTypeVP8
			b.ReportAllocs()
			b.SetBytes(int64(len(pkt) * subs))
			seq := uint16(1)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				pkt[2], pkt[3] = byte(seq>>8), byte(seq)
				seq++
				pub.handlePacket(l, mime, &hdr, pkt)
			}
			b.StopTimer()
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*subs), "ns/fwd")
			if writers[0].packets != b.N {
				b.Fatalf("forwarded %d of %d", writers[0].packets, b.N)
			}
		})
	}
}

// BenchmarkRetransmit measures answering one NACKed packet from the shared
// cache.
func BenchmarkRetransmit(b *testing.B) {
	pub, l, writers, pkt := benchTrack(b, 1)
	var hdr rtp.Header
	for s := 0; s < 256; s++ {
		pkt[2], pkt[3] = byte(s>>8), byte(s)
		pub.handlePacket(l, webrtc.MimeTypeVP8, &hdr, pkt)
	}
	d := pub.downTracks()[0]
	buf := make([]byte, maxPacketSize)
	seqs := []uint16{100}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d.retransmit(seqs, buf)
	}
	b.StopTimer()
	if writers[0].packets < b.N {
		b.Fatalf("retransmitted %d of %d", writers[0].packets-256, b.N)
	}
}
