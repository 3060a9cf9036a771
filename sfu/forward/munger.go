package forward

// Munger rewrites sequence numbers and timestamps of one subscriber's stream
// so that switching source (simulcast layer, pause/resume) never shows the
// subscriber a gap or a jump backwards.
type Munger struct {
	started    bool
	seqOffset  uint16
	tsOffset   uint32
	startSeq   uint16 // first source seq since the last switch
	guard      bool   // still close enough to the switch to drop older packets
	lastSrcSeq uint16
	lastOutSeq uint16
	lastOutTS  uint32
	lastWallNs int64
}

// SwitchTo starts forwarding a new source whose next packet is (seq, ts).
func (m *Munger) SwitchTo(seq uint16, ts uint32, nowNs int64, clockRate uint32) {
	if !m.started {
		m.started = true
		m.seqOffset, m.tsOffset = 0, 0
	} else {
		m.seqOffset = m.lastOutSeq + 1 - seq
		delta := uint32(1)
		if elapsed := nowNs - m.lastWallNs; elapsed > 0 && clockRate > 0 {
			if d := uint32(uint64(elapsed) * uint64(clockRate) / 1e9); d > 0 {
				delta = d
			}
		}
		m.tsOffset = m.lastOutTS + delta - ts
	}
	m.startSeq = seq
	m.guard = true
	m.lastSrcSeq = seq - 1
	m.lastOutSeq = seq + m.seqOffset - 1
	m.lastWallNs = nowNs
}

// Update maps a source packet; ok is false for packets older than the last
// switch, which would collide with what was already sent.
func (m *Munger) Update(seq uint16, ts uint32, nowNs int64) (outSeq uint16, outTS uint32, ok bool) {
	if m.guard {
		// Only meaningful near the switch: far from it, sequence numbers
		// have wrapped and the comparison would reject live packets.
		if int16(seq-m.startSeq) < 0 {
			return 0, 0, false
		}
		if seq-m.startSeq > guardWindow {
			m.guard = false
		}
	}
	outSeq, outTS = seq+m.seqOffset, ts+m.tsOffset
	if int16(outSeq-m.lastOutSeq) > 0 {
		m.lastOutSeq, m.lastOutTS, m.lastSrcSeq, m.lastWallNs = outSeq, outTS, seq, nowNs
	}
	return outSeq, outTS, true
}

// guardWindow is how many packets after a switch older packets are still
// recognised as belonging to the previous source.
const guardWindow = 1024

// Skip hides an in-order packet we do not forward (padding only) by pulling
// later sequence numbers back by one.
func (m *Munger) Skip(seq uint16) {
	if seq == m.lastSrcSeq+1 {
		m.seqOffset--
		m.lastSrcSeq = seq
	}
}
