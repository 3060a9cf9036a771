package bwe

// probeState measures one probe cluster: the packets sent while a probe
// ran (media and padding alike) and when they arrived. A path that
// delivers the cluster at the rate it was sent can carry that rate.
type probeState struct {
	id                   uint32
	stopExt              uint32 // first sequence number after the cluster
	ended, done          bool
	packets, lostN       int
	bytes, firstSize     int
	lastSize             int
	firstSend, lastSend  int64
	firstArr, lastArr    int64
	result               float64
	resultSend, resultRx float64
}

// minProbePackets is how many packets of a cluster must arrive for its
// rates to mean anything.
const minProbePackets = 5

func (p *probeState) received(cluster uint32, sendNs, arrivalNs int64, size int) {
	if cluster == 0 || cluster != p.id || p.done {
		return
	}
	if p.packets == 0 {
		p.firstSend, p.lastSend, p.firstArr, p.lastArr, p.firstSize = sendNs, sendNs, arrivalNs, arrivalNs, size
	}
	p.packets++
	p.bytes += size
	p.lastSize = size
	p.firstSend, p.lastSend = min(p.firstSend, sendNs), max(p.lastSend, sendNs)
	p.firstArr, p.lastArr = min(p.firstArr, arrivalNs), max(p.lastArr, arrivalNs)
}

func (p *probeState) lost(cluster uint32) {
	if cluster != 0 && cluster == p.id && !p.done {
		p.lostN++
	}
}

// finish computes the cluster's result once the probe ended and feedback
// covered all of it; the result is what the path delivered, never more
// than what was sent. ok is true once, when the result is new.
func (p *probeState) finish(reportedExt uint32, seen bool) (float64, bool) {
	if !p.ended || p.done || !seen || int32(reportedExt+1-p.stopExt) < 0 {
		return 0, false
	}
	p.done = true
	sendSpan := float64(p.lastSend-p.firstSend) / 1e9
	arrSpan := float64(p.lastArr-p.firstArr) / 1e9
	if p.packets < minProbePackets || sendSpan <= 0 || arrSpan <= 0 {
		return 0, false
	}
	p.resultSend = float64(p.bytes-p.lastSize) * 8 / sendSpan
	p.resultRx = float64(p.bytes-p.firstSize) * 8 / arrSpan
	p.result = min(p.resultSend, p.resultRx)
	return p.result, true
}

// StartProbe opens a probe cluster: every packet stamped until StopProbe
// belongs to it. It returns the cluster's id for ProbeResult.
func (s *SendSide) StartProbe() uint32 {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextCluster++
	s.probe = probeState{id: s.nextCluster}
	s.hist.setCluster(s.nextCluster)
	return s.nextCluster
}

// StopProbe closes the running probe cluster.
func (s *SendSide) StopProbe() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hist.setCluster(0)
	s.probe.ended = true
	s.probe.stopExt = s.hist.nextExt()
}

// ProbeResult is the rate cluster id was delivered at, in bit/s, once
// feedback covered it; done is false while it is still being measured.
// A failed measurement (too few packets arrived) reports 0, done.
func (s *SendSide) ProbeResult(id uint32) (rate uint64, done bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.probe.id != id {
		return 0, true // superseded
	}
	return uint64(s.probe.result), s.probe.done
}
