package forward

import (
	"fmt"
	"testing"

	"github.com/pion/rtp"
	"github.com/pion/webrtc/v4"

	"souk/sfu/buffer"
)

// benchTrack builds a published VP8 track with n bound subscribers writing
// to fake sockets, and returns a 1200-byte keyframe packet.
func benchTrack(tb testing.TB, n int) (*Receiver, *layer, []*fakeWriter, []byte) {
	r, layers := testReceiver(tb, &Counters{}, nil, QualityHigh)
	var writers []*fakeWriter
	for i := 0; i < n; i++ {
		_, w := bindDown(r, name(i))
		writers = append(writers, w)
	}
	return r, layers[QualityHigh], writers, vp8RTP(tb, 102, 1, 1, 1, true, 1200-12)
}

// BenchmarkForward measures the forwarding hot path from a received packet
// to every subscriber's writer: parse, cache once, keyframe check, then per
// subscriber seq/ts rewrite, VP8 descriptor check and marshal. ns/fwd and
// the allocation count are per forwarded packet.
func BenchmarkForward(b *testing.B) {
	for _, subs := range []int{1, 10, 50} {
		b.Run(fmt.Sprintf("subscribers=%d", subs), func(b *testing.B) {
			r, l, writers, pkt := benchTrack(b, subs)
			var hdr rtp.Header
			mime := webrtc.MimeTypeVP8
			b.ReportAllocs()
			b.SetBytes(int64(len(pkt) * subs))
			seq := uint16(1)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				pkt[2], pkt[3] = byte(seq>>8), byte(seq)
				seq++
				r.handlePacket(l, mime, &hdr, pkt)
			}
			b.StopTimer()
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*subs), "ns/fwd")
			if writers[0].count() != b.N {
				b.Fatalf("forwarded %d of %d", writers[0].count(), b.N)
			}
		})
	}
}

// BenchmarkRetransmit measures answering one NACKed packet from the shared
// cache.
func BenchmarkRetransmit(b *testing.B) {
	r, l, writers, pkt := benchTrack(b, 1)
	var hdr rtp.Header
	for s := 0; s < 256; s++ {
		pkt[2], pkt[3] = byte(s>>8), byte(s)
		r.handlePacket(l, webrtc.MimeTypeVP8, &hdr, pkt)
	}
	d := r.DownTracks()[0]
	buf := make([]byte, buffer.MaxPacketSize)
	seqs := []uint16{100}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d.retransmit(seqs, buf)
	}
	b.StopTimer()
	if writers[0].count() < b.N {
		b.Fatalf("retransmitted %d of %d", writers[0].count()-256, b.N)
	}
}
