package receivechain

import (
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/pion/interceptor"
	"github.com/pion/logging"
	"github.com/pion/rtcp"
	"github.com/pion/rtp"
)

// A publisher's stream is bound to the connection's receive interceptors
// by pion and again by the direct path when it takes the stream. Packets
// read either way must reach the same NACK state: behind a 1:1 NAT the
// direct route never comes up and pion reads everything, with a route the
// direct path does. A loss on either side is asked for.
func TestReceiveInterceptorsBoundOnce(t *testing.T) {
	factories, err := Factories(logging.NewDefaultLoggerFactory(), slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	reg, directChain, err := New(factories)
	if err != nil {
		t.Fatal(err)
	}
	pion, err := reg.Build("")
	if err != nil {
		t.Fatal(err)
	}
	defer pion.Close()

	nacked := make(chan uint16, 64)
	pion.BindRTCPWriter(interceptor.RTCPWriterFunc(func(pkts []rtcp.Packet, _ interceptor.Attributes) (int, error) {
		for _, p := range pkts {
			if n, ok := p.(*rtcp.TransportLayerNack); ok {
				for _, pair := range n.Nacks {
					for _, seq := range pair.PacketList() {
						select {
						case nacked <- seq:
						default:
						}
					}
				}
			}
		}
		return 0, nil
	}))

	const ssrc = 4242
	info := &interceptor.StreamInfo{SSRC: ssrc, ClockRate: 90000, MimeType: "video/VP8", PayloadType: 96,
		RTCPFeedback: []interceptor.RTCPFeedback{{Type: "nack"}}}
	fromPion := make(chan []byte, 64)
	pionReader := pion.BindRemoteStream(info, interceptor.RTPReaderFunc(func(b []byte, a interceptor.Attributes) (int, interceptor.Attributes, error) {
		return copy(b, <-fromPion), a, nil
	}))
	// The direct path's innermost reader hands over the packet it holds.
	var pending []byte
	directReader := directChain.BindRemoteStream(info, interceptor.RTPReaderFunc(func(b []byte, a interceptor.Attributes) (int, interceptor.Attributes, error) {
		return copy(b, pending), a, nil
	}))

	packet := func(seq uint16) []byte {
		b, err := (&rtp.Packet{Header: rtp.Header{Version: 2, PayloadType: 96, SSRC: ssrc, SequenceNumber: seq, Timestamp: uint32(seq) * 3000},
			Payload: []byte{0x10, 0, 1}}).Marshal()
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	buf := make([]byte, 1500)
	// pion reads the first packets (no direct route yet, or none at
	// all), losing 10; then the direct path reads, losing 30.
	for seq := uint16(1); seq <= 20; seq++ {
		if seq == 10 {
			continue
		}
		fromPion <- packet(seq)
		if _, _, err := pionReader.Read(buf, nil); err != nil {
			t.Fatal(err)
		}
	}
	for seq := uint16(21); seq <= 40; seq++ {
		if seq == 30 {
			continue
		}
		pending = packet(seq)
		n, _, err := directReader.Read(buf, nil)
		if err != nil {
			t.Fatal(err)
		}
		if n != len(pending) {
			t.Fatalf("direct read gave %d bytes, want the %d-byte packet", n, len(pending))
		}
	}
	want := map[uint16]bool{10: true, 30: true}
	got := map[uint16]bool{}
	deadline := time.After(10 * time.Second)
	for len(got) < len(want) {
		select {
		case seq := <-nacked:
			if !want[seq] {
				t.Fatalf("NACK for %d, which arrived (lost: 10 and 30)", seq)
			}
			got[seq] = true
		case <-deadline:
			t.Fatalf("NACKs for %v, want 10 and 30", got)
		}
	}
}
