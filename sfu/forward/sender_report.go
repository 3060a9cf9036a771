package forward

import (
	"time"

	"github.com/pion/rtcp"
)

// senderStats is what an RTCP sender report says about one down track:
// the media packets and payload octets sent on its SSRC, and the RTP
// timestamp of the latest frame sent with the wallclock of its arrival, so
// that a receiver can map RTP time to wallclock (audio/video sync). It is
// kept by the forwarding path under the down track's lock, so counting
// costs a few additions per packet and no extra synchronisation.
type senderStats struct {
	packets uint32
	octets  uint32
	lastTS  uint32
	lastNs  int64 // arrival on the receiver's clock; 0 until the first packet
}

// sent records one forwarded media packet. The timestamp-to-wallclock pair
// moves only on a frame's first packet, so that the time spent sending a
// large frame's later packets does not skew the mapping.
func (s *senderStats) sent(ts uint32, nowNs int64, payloadLen int) {
	s.packets++
	s.octets += uint32(payloadLen)
	if s.lastNs == 0 || ts != s.lastTS {
		s.lastTS, s.lastNs = ts, nowNs
	}
}

// report builds the sender report for ssrc at now (nowNs: the same
// instant on the clock the arrivals were recorded with); ok is false
// before the first packet. The RTP time is the latest frame's timestamp
// advanced by the time elapsed since, at the codec's clock rate.
func (s *senderStats) report(ssrc uint32, clockRate uint32, now time.Time, nowNs int64) (rtcp.SenderReport, bool) {
	if s.lastNs == 0 || clockRate == 0 {
		return rtcp.SenderReport{}, false
	}
	elapsed := nowNs - s.lastNs
	advance := int64(0)
	if elapsed > 0 {
		advance = elapsed * int64(clockRate) / int64(time.Second)
	}
	return rtcp.SenderReport{
		SSRC:        ssrc,
		NTPTime:     ntpTime(now),
		RTPTime:     s.lastTS + uint32(advance),
		PacketCount: s.packets,
		OctetCount:  s.octets,
	}, true
}

// ntpTime is now as a 64-bit NTP timestamp (seconds since 1900 in the high
// half, the fraction of a second in the low half).
func ntpTime(now time.Time) uint64 {
	const ntpEpochOffset = 2208988800
	secs := uint64(now.Unix()) + ntpEpochOffset
	frac := uint64(now.Nanosecond()) << 32 / uint64(time.Second)
	return secs<<32 | frac
}

// SenderReport returns the RTCP sender report for this down track at now;
// ok is false while it is unbound or has sent no media yet. The server
// sends these itself (see the sfu package) instead of running pion's
// sender-report interceptor, which would wrap every written packet.
func (d *DownTrack) SenderReport(now time.Time) (rtcp.SenderReport, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.bound || d.closed || d.unsupported {
		return rtcp.SenderReport{}, false
	}
	return d.sr.report(d.ssrc, d.recv.clockRate.Load(), now, int64(now.Sub(d.recv.epoch)))
}
