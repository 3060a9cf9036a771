package bwe

import (
	"time"

	"github.com/pion/rtcp"
)

// OnFeedback applies one transport-wide congestion control feedback
// packet from the subscriber.
func (s *SendSide) OnFeedback(fb *rtcp.TransportLayerCC, now time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.results = ParseFeedback(fb, s.results[:0])
	s.onPacketsLocked(s.results, now)
}

// ParseFeedback appends one result per packet the feedback reports on, in
// sequence order. Arrival times are the feedback's reference time plus the
// receive deltas, in nanoseconds of the receiver's clock.
func ParseFeedback(fb *rtcp.TransportLayerCC, out []PacketResult) []PacketResult {
	seq := fb.BaseSequenceNumber
	arrival := int64(fb.ReferenceTime) * 64 * int64(time.Millisecond)
	deltas := fb.RecvDeltas
	remaining := int(fb.PacketStatusCount)
	emit := func(symbol uint16) {
		if remaining <= 0 {
			return
		}
		remaining--
		r := PacketResult{Seq: seq}
		if symbol == rtcp.TypeTCCPacketReceivedSmallDelta || symbol == rtcp.TypeTCCPacketReceivedLargeDelta {
			if len(deltas) > 0 {
				arrival += deltas[0].Delta * int64(time.Microsecond)
				deltas = deltas[1:]
				r.Received, r.ArrivalNs = true, arrival
			}
		}
		out = append(out, r)
		seq++
	}
	for _, c := range fb.PacketChunks {
		switch c := c.(type) {
		case *rtcp.RunLengthChunk:
			for i := 0; i < int(c.RunLength); i++ {
				emit(c.PacketStatusSymbol)
			}
		case *rtcp.StatusVectorChunk:
			for _, sym := range c.SymbolList {
				emit(sym)
			}
		}
	}
	return out
}
