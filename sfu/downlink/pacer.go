package downlink

import (
	"sync"
	"time"
)

// Pacer sends the padding of running probes from one goroutine, every
// probePace; a room has one, shared by its subscribers' Controllers. A goroutine and a ticker per probe woke the
// server 200 times a second for each subscriber probing at that moment: in
// a room of 150 viewers whose estimates sat below the top layer, a fifth
// of all the server's goroutine wake-ups. Here the room's probes share one
// tick. The goroutine runs only while a probe does, and ends with the last.
type Pacer struct {
	// flush, when set, sends what the tick's padding left queued on the
	// shared socket: nobody else flushes after it.
	flush func(endOfFrame bool)

	mu      sync.Mutex
	probes  []*pacedProbe
	running bool
	// scratch is the pacer goroutine's copy of probes for one tick, so
	// padding is written without holding mu.
	scratch []*pacedProbe
}

// probeSink is what a probe pads: a subscriber's video down track.
type probeSink interface {
	WritePadding(size int) int
}

// probeCloser is what a probe closes when it ends: the subscriber's
// send-side estimate (bwe.SendSide), whose probe cluster it fed.
type probeCloser interface {
	StopProbe()
}

// pacedProbe is one running probe; only the pacer goroutine touches its
// fields after start.
type pacedProbe struct {
	track  probeSink
	est    probeCloser
	rate   float64 // bit/s
	end    time.Time
	last   time.Time
	credit float64 // bytes that may go out now
	done   bool
}

// NewPacer makes a pacer; flush (may be nil) is called after a tick that
// wrote padding, with true (sharedport.Net.AfterFanout).
func NewPacer(flush func(endOfFrame bool)) *Pacer { return &Pacer{flush: flush} }

// start paces padding at rate bit/s on track from now for probeDuration,
// then closes the probe cluster with est.StopProbe.
func (p *Pacer) start(est probeCloser, track probeSink, rate uint64, now time.Time) {
	pr := &pacedProbe{track: track, est: est, rate: float64(rate), end: now.Add(probeDuration), last: now}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.probes = append(p.probes, pr)
	if !p.running {
		p.running = true
		go p.run()
	}
}

func (p *Pacer) run() {
	t := time.NewTicker(probePace)
	defer t.Stop()
	for now := range t.C {
		more, sent := p.step(now)
		if sent > 0 && p.flush != nil {
			p.flush(true)
		}
		if !more {
			return
		}
	}
}

// step sends each running probe's padding due at now and ends the probes
// whose time is up; sent is how many padding packets went out. more is
// false, with running cleared, once no probe is left: the goroutine ends,
// and the next start makes a new one.
func (p *Pacer) step(now time.Time) (more bool, sent int) {
	p.mu.Lock()
	p.scratch = append(p.scratch[:0], p.probes...)
	p.mu.Unlock()
	for _, pr := range p.scratch {
		sent += pr.pace(now)
	}
	clear(p.scratch)

	p.mu.Lock()
	defer p.mu.Unlock()
	kept := p.probes[:0]
	for _, pr := range p.probes {
		if !pr.done {
			kept = append(kept, pr)
		}
	}
	clear(p.probes[len(kept):])
	p.probes = kept
	if len(p.probes) == 0 {
		p.running = false
		return false, sent
	}
	return true, sent
}

// pace sends the padding the probe's rate allows since its last tick,
// with at most 50 ms of credit, so a late tick does not turn into a burst.
// It returns how many packets it sent.
func (pr *pacedProbe) pace(now time.Time) (sent int) {
	if now.After(pr.end) {
		pr.est.StopProbe()
		pr.done = true
		return 0
	}
	if now.Before(pr.last) {
		return 0
	}
	perSecond := pr.rate / 8
	pr.credit = min(pr.credit+perSecond*now.Sub(pr.last).Seconds(), perSecond*0.05)
	pr.last = now
	for pr.credit >= probePacketSize {
		if pr.track.WritePadding(probePacketSize) == 0 {
			return sent // mid-frame or stopped: try again on the next tick
		}
		pr.credit -= probePacketSize
		sent++
	}
	return sent
}
