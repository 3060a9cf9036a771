package twccfeedback

import (
	"errors"
	"io"
	"runtime"
	"testing"
	"time"

	"github.com/pion/interceptor"
	"github.com/pion/rtcp"
	"github.com/pion/rtp"
)

// queueReader is a received stream: it yields its packets, then io.EOF.
type queueReader struct{ pkts [][]byte }

func (q *queueReader) Read(b []byte, a interceptor.Attributes) (int, interceptor.Attributes, error) {
	if len(q.pkts) == 0 {
		return 0, nil, io.EOF
	}
	n := copy(b, q.pkts[0])
	q.pkts = q.pkts[1:]
	return n, a, nil
}

// feedbackTo collects the reports the interceptor writes.
type feedbackTo chan []rtcp.Packet

func (f feedbackTo) Write(pkts []rtcp.Packet, _ interceptor.Attributes) (int, error) {
	f <- pkts
	return len(pkts), nil
}

const testExtID = 5

func tccPacket(t *testing.T, ssrc uint32, tseq uint16) []byte {
	t.Helper()
	ext, err := (&rtp.TransportCCExtension{TransportSequence: tseq}).Marshal()
	if err != nil {
		t.Fatal(err)
	}
	h := rtp.Header{Version: 2, SequenceNumber: tseq, SSRC: ssrc, Extension: true, ExtensionProfile: 0xBEDE}
	if err := h.SetExtension(testExtID, ext); err != nil {
		t.Fatal(err)
	}
	b, err := (&rtp.Packet{Header: h, Payload: make([]byte, 100)}).Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func streamInfo(ssrc uint32, withExt bool) *interceptor.StreamInfo {
	info := &interceptor.StreamInfo{SSRC: ssrc}
	if withExt {
		info.RTPHeaderExtensions = []interceptor.RTPHeaderExtension{{URI: URI, ID: testExtID}}
	}
	return info
}

// TestReportsEveryArrivalAndLoss reads packets 0–9 of a stream with 5
// missing and expects feedback that starts at 0, covers 10 packets, and
// says 5 was not received.
func TestReportsEveryArrivalAndLoss(t *testing.T) {
	in, err := Factory{Interval: 10 * time.Millisecond}.NewInterceptor("")
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out := make(feedbackTo, 16)
	in.BindRTCPWriter(out)

	src := &queueReader{}
	for seq := uint16(0); seq < 10; seq++ {
		if seq != 5 {
			src.pkts = append(src.pkts, tccPacket(t, 1111, seq))
		}
	}
	r := in.BindRemoteStream(streamInfo(1111, true), src)
	buf := make([]byte, 1500)
	for {
		if _, _, err := r.Read(buf, nil); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
	}

	select {
	case pkts := <-out:
		if len(pkts) != 1 {
			t.Fatalf("got %d packets, want one TransportLayerCC", len(pkts))
		}
		fb, ok := pkts[0].(*rtcp.TransportLayerCC)
		if !ok {
			t.Fatalf("got %T", pkts[0])
		}
		if fb.MediaSSRC != 1111 || fb.BaseSequenceNumber != 0 || fb.PacketStatusCount != 10 {
			t.Fatalf("feedback about ssrc %d from %d for %d packets, want 1111 from 0 for 10",
				fb.MediaSSRC, fb.BaseSequenceNumber, fb.PacketStatusCount)
		}
		if fb.SenderSSRC == 1111 {
			t.Fatal("the feedback's sender SSRC is the publisher's own")
		}
		received := statuses(t, fb)
		for seq, got := range received {
			if want := seq != 5; got != want {
				t.Fatalf("packet %d reported received=%v, want %v", seq, got, want)
			}
		}
		if len(fb.RecvDeltas) != 9 {
			t.Fatalf("%d arrival times, want 9", len(fb.RecvDeltas))
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no feedback within 10 s")
	}
}

// statuses expands the feedback's chunks into received or not, per packet.
func statuses(t *testing.T, fb *rtcp.TransportLayerCC) []bool {
	t.Helper()
	var out []bool
	for _, c := range fb.PacketChunks {
		switch c := c.(type) {
		case *rtcp.RunLengthChunk:
			for range c.RunLength {
				out = append(out, c.PacketStatusSymbol != rtcp.TypeTCCPacketNotReceived)
			}
		case *rtcp.StatusVectorChunk:
			for _, s := range c.SymbolList {
				out = append(out, s != rtcp.TypeTCCPacketNotReceived)
			}
		}
	}
	if len(out) < int(fb.PacketStatusCount) {
		t.Fatalf("chunks cover %d packets, the count says %d", len(out), fb.PacketStatusCount)
	}
	return out[:fb.PacketStatusCount]
}

// TestIdleWithoutTheExtension: a stream without the extension is read
// unchanged and starts no reporting goroutine; Close ends the one a
// stream with it started.
func TestIdleWithoutTheExtension(t *testing.T) {
	before := runtime.NumGoroutine()
	in, err := Factory{Interval: time.Millisecond}.NewInterceptor("")
	if err != nil {
		t.Fatal(err)
	}
	out := make(feedbackTo, 1)
	in.BindRTCPWriter(out)
	src := &queueReader{pkts: [][]byte{tccPacket(t, 2222, 1)}}
	if r := in.BindRemoteStream(streamInfo(2222, false), src); r != interceptor.RTPReader(src) {
		t.Fatal("a stream without the extension was wrapped")
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Fatalf("%d goroutines after binding a stream without the extension, %d before", n, before)
	}
	in.BindRemoteStream(streamInfo(3333, true), &queueReader{})
	if err := in.Close(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() > before {
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines after Close, %d before", runtime.NumGoroutine(), before)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if r := in.BindRemoteStream(streamInfo(4444, true), src); r != interceptor.RTPReader(src) {
		t.Fatal("a stream bound after Close was wrapped")
	}
}
