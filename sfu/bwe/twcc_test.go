package bwe

import (
	"testing"
	"time"

	"github.com/pion/interceptor/pkg/twcc"
	"github.com/pion/rtcp"
)

// Feedback built by pion's receive-side recorder (what a pion subscriber
// sends) parses back into the packets and arrival gaps it recorded,
// across a sequence wrap, with losses in run-length and vector chunks.
func TestParseFeedbackFromARealRecorder(t *testing.T) {
	type arrival struct {
		seq uint16
		us  int64
	}
	var recorded []arrival
	lost := map[uint16]bool{}
	at := int64(1_000_000)
	for i := 0; i < 60; i++ {
		seq := uint16(65510 + i)
		at += int64(1000 + 300*(i%7))
		if i%9 == 4 || (i >= 30 && i < 44) {
			lost[seq] = true
			continue
		}
		recorded = append(recorded, arrival{seq, at})
	}
	rec := twcc.NewRecorder(1)
	for _, a := range recorded {
		rec.Record(5, a.seq, a.us)
	}
	var results []PacketResult
	for _, p := range rec.BuildFeedbackPacket() {
		if fb, ok := p.(*rtcp.TransportLayerCC); ok {
			results = ParseFeedback(fb, results)
		}
	}
	if len(results) != 60 {
		t.Fatalf("%d results, want 60", len(results))
	}
	var firstNs int64
	ri := 0
	for i, r := range results {
		want := uint16(65510 + i)
		if r.Seq != want {
			t.Fatalf("result %d: seq %d, want %d", i, r.Seq, want)
		}
		if r.Received == lost[want] {
			t.Fatalf("seq %d: received %v, lost %v", want, r.Received, lost[want])
		}
		if !r.Received {
			continue
		}
		a := recorded[ri]
		ri++
		if ri == 1 {
			firstNs = r.ArrivalNs - a.us*1000
		}
		// Deltas travel in 250 µs units: allow one unit of rounding.
		if d := r.ArrivalNs - a.us*1000 - firstNs; d < -250_000 || d > 250_000 {
			t.Fatalf("seq %d: arrival off by %v", want, time.Duration(d))
		}
	}
}

// Stamping one subscriber's packets from several down tracks at once
// never hands out a sequence number twice.
func TestStampIsUniqueUnderConcurrency(t *testing.T) {
	s := NewSendSide(1_000_000, 100_000, 10_000_000)
	const workers, each = 4, 5000
	seen := make(chan uint16, workers*each)
	done := make(chan struct{})
	for w := 0; w < workers; w++ {
		go func() {
			for i := 0; i < each; i++ {
				seen <- s.Stamp(100, int64(i))
			}
			done <- struct{}{}
		}()
	}
	for w := 0; w < workers; w++ {
		<-done
	}
	close(seen)
	got := map[uint16]int{}
	for seq := range seen {
		got[seq]++
	}
	// 20,000 numbers from a 16-bit space: every one distinct.
	if len(got) != workers*each {
		t.Fatalf("%d distinct sequence numbers, want %d", len(got), workers*each)
	}
}

func TestStampDoesNotAllocate(t *testing.T) {
	s := NewSendSide(1_000_000, 100_000, 10_000_000)
	if n := testing.AllocsPerRun(1000, func() { s.Stamp(1200, 1) }); n != 0 {
		t.Fatalf("%v allocations per stamp", n)
	}
}

// The wire parser reads the same results as ParseFeedback on pion's
// parse of the same bytes: run-length and both kinds of vector chunks,
// small, large and negative deltas, a sequence wrap.
func TestParseFeedbackWireMatchesPion(t *testing.T) {
	cases := map[string]*rtcp.TransportLayerCC{
		"recorder": nil, // filled below from pion's recorder
		"two-bit vector, large and negative deltas": {
			SenderSSRC: 1, MediaSSRC: 2, BaseSequenceNumber: 65533, PacketStatusCount: 7, ReferenceTime: 0x123456, FbPktCount: 3,
			PacketChunks: []rtcp.PacketStatusChunk{&rtcp.StatusVectorChunk{SymbolSize: rtcp.TypeTCCSymbolSizeTwoBit,
				SymbolList: []uint16{1, 2, 0, 2, 1, 0, 3}}},
			RecvDeltas: []*rtcp.RecvDelta{
				{Type: rtcp.TypeTCCPacketReceivedSmallDelta, Delta: 250 * 200},
				{Type: rtcp.TypeTCCPacketReceivedLargeDelta, Delta: -250 * 1000},
				{Type: rtcp.TypeTCCPacketReceivedLargeDelta, Delta: 250 * 30000},
				{Type: rtcp.TypeTCCPacketReceivedSmallDelta, Delta: 0},
			},
		},
		"run length then one-bit vector": {
			SenderSSRC: 1, MediaSSRC: 2, BaseSequenceNumber: 10, PacketStatusCount: 20, ReferenceTime: 7,
			PacketChunks: []rtcp.PacketStatusChunk{
				&rtcp.RunLengthChunk{PacketStatusSymbol: rtcp.TypeTCCPacketReceivedSmallDelta, RunLength: 6},
				&rtcp.StatusVectorChunk{SymbolSize: rtcp.TypeTCCSymbolSizeOneBit,
					SymbolList: []uint16{1, 0, 0, 1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 1}},
			},
			RecvDeltas: func() []*rtcp.RecvDelta {
				var d []*rtcp.RecvDelta
				for i := 0; i < 6+5; i++ {
					d = append(d, &rtcp.RecvDelta{Type: rtcp.TypeTCCPacketReceivedSmallDelta, Delta: int64(250 * (i + 1))})
				}
				return d
			}(),
		},
	}
	rec := twcc.NewRecorder(1)
	for i := 0; i < 80; i++ {
		if i%11 != 3 && (i < 40 || i > 52) {
			rec.Record(5, uint16(65500+i), int64(1_000_000+i*1700+(i%5)*40_000))
		}
	}
	for _, p := range rec.BuildFeedbackPacket() {
		if fb, ok := p.(*rtcp.TransportLayerCC); ok {
			cases["recorder"] = fb
			break
		}
	}
	for name, fb := range cases {
		t.Run(name, func(t *testing.T) {
			if fb == nil {
				t.Fatal("no feedback")
			}
			if fb.Header.Type == 0 {
				fb.Header = rtcp.Header{Count: rtcp.FormatTCC, Type: rtcp.TypeTransportSpecificFeedback}
				fb.Header.Length = uint16(fb.MarshalSize()/4 - 1)
			}
			raw, err := fb.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			var parsed rtcp.TransportLayerCC
			if err := parsed.Unmarshal(raw); err != nil {
				t.Fatal(err)
			}
			want := ParseFeedback(&parsed, nil)
			// Another packet after it in the compound must not be read.
			got, err := ParseFeedbackWire(append(raw, 0x81, 0xc9, 0, 1, 0, 0, 0, 9), nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(want) || len(got) != int(fb.PacketStatusCount) {
				t.Fatalf("%d results, pion's parse gives %d, status count %d", len(got), len(want), fb.PacketStatusCount)
			}
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("result %d: %+v, want %+v", i, got[i], want[i])
				}
			}
			// Every truncation is refused, none panics.
			for n := range len(raw) {
				if _, err := ParseFeedbackWire(raw[:n], nil); err == nil {
					t.Fatalf("a packet cut to %d of %d bytes parsed", n, len(raw))
				}
			}
		})
	}
}

func TestParseFeedbackWireDoesNotAllocate(t *testing.T) {
	rec := twcc.NewRecorder(1)
	for i := 0; i < 40; i++ {
		rec.Record(5, uint16(i), int64(1000+i*900))
	}
	raw, err := rec.BuildFeedbackPacket()[0].Marshal()
	if err != nil {
		t.Fatal(err)
	}
	out := make([]PacketResult, 0, 64)
	if allocs := testing.AllocsPerRun(100, func() { out, _ = ParseFeedbackWire(raw, out[:0]) }); allocs != 0 {
		t.Fatalf("%v allocations per parse", allocs)
	}
}

// FuzzParseFeedbackWire: whatever a subscriber sends, the parser returns
// results or an error, never panics, and reports at most the status
// count.
func FuzzParseFeedbackWire(f *testing.F) {
	rec := twcc.NewRecorder(1)
	for i := 0; i < 30; i++ {
		if i%4 != 1 {
			rec.Record(5, uint16(i), int64(1000+i*900))
		}
	}
	for _, p := range rec.BuildFeedbackPacket() {
		if raw, err := p.Marshal(); err == nil {
			f.Add(raw)
		}
	}
	f.Add([]byte{0x8f, 0xcd, 0, 5, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0x0f, 0xff, 0, 0, 0, 0, 0x1f, 0xff, 0, 0})
	f.Add([]byte{0x8f, 0xcd, 0, 5, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0xff, 0xff, 0, 0, 0, 0, 0xd5, 0x55, 0, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		out, err := ParseFeedbackWire(b, nil)
		if err == nil && len(b) >= 16 && len(out) != int(b[14])<<8|int(b[15]) {
			t.Fatalf("%d results for a status count of %d", len(out), int(b[14])<<8|int(b[15]))
		}
	})
}
