package bwe

import (
	"encoding/binary"
	"errors"
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

// OnFeedbackWire applies one transport-wide feedback packet given as its
// RTCP bytes (decrypted, one packet of a compound), without building
// pion's representation of it, which allocates a chunk and a delta per
// packet reported on.
func (s *SendSide) OnFeedbackWire(b []byte, now time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	results, err := ParseFeedbackWire(b, s.results[:0])
	s.results = results[:0]
	if err != nil {
		return err
	}
	s.onPacketsLocked(results, now)
	return nil
}

// ErrFeedback is a transport-wide feedback packet that ends before what
// its header and chunks announce.
var ErrFeedback = errors.New("bwe: malformed transport-wide feedback")

// Transport-wide feedback layout (draft-holmer-rmcat-transport-wide-cc-
// extensions-01, section 3.1): after the 12-byte feedback header, base
// sequence number (2), packet status count (2), reference time (3, in
// 64 ms), feedback packet count (1); then 2-byte status chunks, then one
// receive delta per received packet (1 byte for a small delta, 2 signed
// for a large one, both in 250 µs).
const (
	feedbackFixed     = 20
	deltaUnitNs       = 250 * int64(time.Microsecond)
	referenceUnitNs   = 64 * int64(time.Millisecond)
	chunkVector       = 0x8000
	chunkVectorTwoBit = 0x4000
)

// ParseFeedbackWire is ParseFeedback on the packet's bytes: it appends
// one result per packet reported on, in sequence order, and allocates
// only if out must grow.
func ParseFeedbackWire(b []byte, out []PacketResult) ([]PacketResult, error) {
	if len(b) < feedbackFixed {
		return out, ErrFeedback
	}
	n := 4 * (int(binary.BigEndian.Uint16(b[2:4])) + 1)
	if n > len(b) || n < feedbackFixed {
		return out, ErrFeedback
	}
	b = b[:n] // the packet's own length; the rest is the next packet's
	seq := binary.BigEndian.Uint16(b[12:14])
	count := int(binary.BigEndian.Uint16(b[14:16]))
	if count > historySize {
		// More than we remember sending: nothing to learn from, and a
		// few bytes of run-length chunks would make us list 65,535.
		return out, ErrFeedback
	}
	arrival := int64(uint32(b[16])<<16|uint32(b[17])<<8|uint32(b[18])) * referenceUnitNs

	// The deltas start after the chunks that cover count packets.
	deltas, covered := feedbackFixed, 0
	for covered < count {
		if deltas+2 > len(b) {
			return out, ErrFeedback
		}
		covered += chunkLen(binary.BigEndian.Uint16(b[deltas:]))
		deltas += 2
	}
	remaining := count
	for pos := feedbackFixed; remaining > 0; pos += 2 {
		chunk := binary.BigEndian.Uint16(b[pos:])
		n := min(chunkLen(chunk), remaining)
		for i := range n {
			r := PacketResult{Seq: seq}
			switch chunkSymbol(chunk, i) {
			case rtcp.TypeTCCPacketReceivedSmallDelta:
				if deltas+1 > len(b) {
					return out, ErrFeedback
				}
				arrival += int64(b[deltas]) * deltaUnitNs
				deltas++
				r.Received, r.ArrivalNs = true, arrival
			case rtcp.TypeTCCPacketReceivedLargeDelta:
				if deltas+2 > len(b) {
					return out, ErrFeedback
				}
				arrival += int64(int16(binary.BigEndian.Uint16(b[deltas:]))) * deltaUnitNs
				deltas += 2
				r.Received, r.ArrivalNs = true, arrival
			}
			out = append(out, r)
			seq++
		}
		remaining -= n
	}
	return out, nil
}

// chunkLen is how many packets a status chunk reports on.
func chunkLen(c uint16) int {
	switch {
	case c&chunkVector == 0:
		return int(c & 0x1fff) // run length
	case c&chunkVectorTwoBit != 0:
		return 7
	default:
		return 14
	}
}

// chunkSymbol is the status of the i-th packet a chunk reports on.
func chunkSymbol(c uint16, i int) uint16 {
	switch {
	case c&chunkVector == 0:
		return c >> 13 & 0x3
	case c&chunkVectorTwoBit != 0:
		return c >> (12 - 2*i) & 0x3
	default:
		// One-bit symbols: received (small delta) or not.
		return c >> (13 - i) & 0x1
	}
}
