package direct

import (
	"testing"
	"time"

	"github.com/pion/interceptor"
	"github.com/pion/interceptor/pkg/nack"
	"github.com/pion/rtcp"
	"github.com/pion/rtp"
	"github.com/pion/webrtc/v4"

	"souk/sfu/rtx"
)

// A stream handed to the direct path keeps its NACKs coming while its
// packets still arrive through pion: when no packet of the connection
// comes over the shared port (no route there), taking the stream must not
// replace the NACK generator's log that pion's reads feed.
func TestTakenStreamStillNACKedThroughPion(t *testing.T) {
	gen, err := nack.NewGeneratorInterceptor(nack.GeneratorInterval(10 * time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	g, err := gen.NewInterceptor("")
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	nacked := make(chan []uint16, 16)
	g.BindRTCPWriter(interceptor.RTCPWriterFunc(func(pkts []rtcp.Packet, _ interceptor.Attributes) (int, error) {
		for _, p := range pkts {
			if n, ok := p.(*rtcp.TransportLayerNack); ok {
				var seqs []uint16
				for _, pair := range n.Nacks {
					seqs = append(seqs, pair.PacketList()...)
				}
				select {
				case nacked <- seqs:
				default:
				}
			}
		}
		return 0, nil
	}))
	info := &interceptor.StreamInfo{SSRC: 1234, MimeType: webrtc.MimeTypeVP8, ClockRate: 90000,
		RTCPFeedback: []interceptor.RTCPFeedback{{Type: "nack"}}}
	// pion binds the stream when it arrives and reads it through the chain.
	next := make(chan []byte, 16)
	pionRead := g.BindRemoteStream(info, interceptor.RTPReaderFunc(func(b []byte, a interceptor.Attributes) (int, interceptor.Attributes, error) {
		return copy(b, <-next), a, nil
	}))

	out := New(Config{Receive: interceptor.NewChain([]interceptor.Interceptor{g})})
	out.TakeStream(info, rtx.Match{}, func([]byte) {}, func([]byte) {})

	buf := make([]byte, 1500)
	for _, seq := range []uint16{1, 2, 3, 5, 6, 7} { // 4 lost
		p := rtp.Packet{Header: rtp.Header{Version: 2, PayloadType: 96, SequenceNumber: seq, SSRC: info.SSRC}, Payload: []byte{0x10, 0, 1}}
		b, err := p.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		next <- b
		if _, _, err := pionRead.Read(buf, nil); err != nil {
			t.Fatal(err)
		}
	}
	select {
	case seqs := <-nacked:
		if len(seqs) != 1 || seqs[0] != 4 {
			t.Fatalf("NACK for %v, want [4]", seqs)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no NACK for the packet lost before the direct path read anything")
	}
}
