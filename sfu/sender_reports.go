package sfu

import (
	"math/rand/v2"
	"time"

	"github.com/pion/rtcp"

	"souk/sfu/forward"
)

// Sender reports give a subscriber the RTP-to-wallclock mapping of each
// track it receives (browsers line audio up with video from it) and the
// packet and octet counts of each SSRC. The server sends them itself from
// the room's ticker rather than through pion's sender-report interceptor,
// which takes a lock and reads the clock for every packet written to every
// subscriber.
const (
	// senderReportInterval is the mean time between two reports to one
	// subscriber, as RTCP's usual one second.
	senderReportInterval = time.Second
	// senderReportJitter spreads the subscribers' reports over time (RFC
	// 3550 randomises its interval for the same reason) so that a room's
	// subscribers are not all reported to in the same tick.
	senderReportJitter = 200 * time.Millisecond
	// senderReportsPerPacket bounds one compound RTCP packet: a report
	// without reception blocks is 28 bytes, so this stays far below the
	// path MTU.
	senderReportsPerPacket = 32
)

// sendSenderReports sends one sender report per down track this
// participant receives when its report is due, all of one peer connection
// in one compound RTCP packet. Runs on the room's ticker only (which alone
// touches nextReport).
func (p *Participant) sendSenderReports(now time.Time) {
	if now.Before(p.nextReport) {
		return
	}
	spread := time.Duration(rand.Int64N(int64(2*senderReportJitter))) - senderReportJitter
	p.nextReport = now.Add(senderReportInterval + spread)
	p.mu.Lock()
	if p.closed || len(p.subs) == 0 {
		p.mu.Unlock()
		return
	}
	downs := make([]*forward.DownTrack, 0, len(p.subs))
	for _, s := range p.subs {
		if s.sender != nil {
			downs = append(downs, s.dt)
		}
	}
	p.mu.Unlock()
	pkts := make([]rtcp.Packet, 0, len(downs))
	for _, d := range downs {
		if sr, ok := d.SenderReport(now); ok {
			pkts = append(pkts, &sr)
		}
	}
	tr := p.subscriberTransport()
	for len(pkts) > 0 {
		n := min(len(pkts), senderReportsPerPacket)
		if err := tr.pc.WriteRTCP(pkts[:n]); err != nil {
			p.log.Debug("sender reports not sent", "err", err)
			return
		}
		pkts = pkts[n:]
	}
}
