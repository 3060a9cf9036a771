package engineio

import "time"

// pacer spaces the writes of one busy session: up to burst writes go out
// back to back, then one per interval (a generic cell rate algorithm).
// The burst lets a fresh session's handshake replies (open, connect, the
// first acknowledgements) leave at once; the spacing turns a stream of
// small frames into a few large writes.
type pacer struct {
	burst int
	due   time.Time // when the next write would be on schedule
}

// delay is how long a write wanted at now must wait.
func (p *pacer) delay(now time.Time, interval time.Duration) time.Duration {
	if interval <= 0 || !p.due.After(now) {
		return 0 // a quiet spell: nothing scheduled ahead
	}
	ahead := p.due.Sub(now) - time.Duration(max(p.burst, 1)-1)*interval
	return max(ahead, 0)
}

// wrote records a write made at now.
func (p *pacer) wrote(now time.Time, interval time.Duration) {
	if p.due.Before(now) {
		p.due = now
	}
	p.due = p.due.Add(max(interval, 0))
}

// flushInterval is the least time between two writes of a busy session
// while the server has open sessions: the configured FlushInterval, or,
// when more sessions are open than WriteRate allows writes per
// FlushInterval, the interval that keeps all of them busy together at
// WriteRate writes per second. Each write is a system call on the server
// and a wake-up of the peer, and on a box with thousands of sockets
// those calls, not the bytes, are the cost; so the busier the server,
// the more frames each write carries. The first writes after a quiet
// spell never wait (see pacer), so sparse traffic keeps its latency.
func flushInterval(opts *Options, open int64) time.Duration {
	if opts.FlushInterval < 0 {
		return 0
	}
	if opts.WriteRate <= 0 {
		return opts.FlushInterval
	}
	share := time.Duration(open * int64(time.Second) / int64(opts.WriteRate))
	return max(opts.FlushInterval, min(share, opts.MaxFlushInterval))
}
