package forward

// vp8Descriptor locates the fields of a VP8 payload descriptor (RFC 7741
// §4.2) that differ between simulcast encoders and must be rewritten for a
// subscriber to see one continuous stream.
type vp8Descriptor struct {
	pidAt   int // offset of the picture id, -1 when absent
	pidLong bool
	pid     uint16
	tl0At   int // offset of TL0PICIDX, -1 when absent
	tl0     uint8
	// hasTID is set when the T bit is: tid is the temporal layer of the
	// picture and sync (the Y bit) says it depends only on base-layer
	// pictures, so a subscriber can start that temporal layer there.
	hasTID bool
	tid    uint8
	sync   bool
}

func parseVP8(p []byte) (vp8Descriptor, bool) {
	d := vp8Descriptor{pidAt: -1, tl0At: -1}
	if len(p) < 1 || p[0]&0x80 == 0 {
		return d, len(p) > 0
	}
	if len(p) < 2 {
		return d, false
	}
	ext, i := p[1], 2
	if ext&0x80 != 0 {
		if len(p) <= i {
			return d, false
		}
		d.pidAt = i
		if p[i]&0x80 != 0 {
			if len(p) <= i+1 {
				return d, false
			}
			d.pidLong, d.pid = true, uint16(p[i]&0x7f)<<8|uint16(p[i+1])
			i += 2
		} else {
			d.pid = uint16(p[i])
			i++
		}
	}
	if ext&0x40 != 0 {
		if len(p) <= i {
			return d, false
		}
		d.tl0At, d.tl0 = i, p[i]
		i++
	}
	if ext&0x20 != 0 {
		if len(p) <= i {
			return d, false
		}
		d.hasTID, d.tid, d.sync = true, p[i]>>6, p[i]&0x20 != 0
	}
	return d, true
}

// VP8Munger rewrites picture ids and TL0PICIDX. Each simulcast layer is its
// own encoder with its own counters; without rewriting, a layer switch makes
// the subscriber's decoder see pictures jump and assume frames were lost.
type VP8Munger struct {
	started   bool
	pidOffset uint16
	tl0Offset uint8
	lastPID   uint16 // last picture id sent (15-bit space)
	lastTL0   uint8
}

// SwitchTo continues the subscriber's numbering from the picture in
// payload, the first forwarded from a new source.
func (m *VP8Munger) SwitchTo(payload []byte) {
	if d, ok := parseVP8(payload); ok {
		m.switchTo(d)
	}
}

func (m *VP8Munger) switchTo(d vp8Descriptor) {
	if !m.started {
		m.started = true
		m.pidOffset, m.tl0Offset = 0, 0
		m.lastPID, m.lastTL0 = d.pid-1, d.tl0-1
		return
	}
	m.pidOffset = m.lastPID + 1 - d.pid
	m.tl0Offset = m.lastTL0 + 1 - d.tl0
}

// dropPicture hides a picture that is not forwarded (a temporal layer
// above the subscriber's) by numbering later pictures one lower, so the
// subscriber's decoder sees no picture missing.
func (m *VP8Munger) dropPicture() { m.pidOffset-- }

// Rewrite returns payload with its picture id and TL0PICIDX mapped; when a
// change is needed it is written into scratch (payload is shared by every
// subscriber of the layer), otherwise payload itself is returned.
func (m *VP8Munger) Rewrite(payload, scratch []byte) []byte {
	d, ok := parseVP8(payload)
	if !ok {
		return payload
	}
	return m.rewrite(payload, d, scratch)
}

// rewrite is Rewrite with the descriptor already parsed (once per packet
// by the receiver, not once per subscriber).
func (m *VP8Munger) rewrite(payload []byte, d vp8Descriptor, scratch []byte) []byte {
	if !m.started {
		return payload
	}
	pid := (d.pid + m.pidOffset) & 0x7fff
	tl0 := d.tl0 + m.tl0Offset
	if d.pidAt >= 0 {
		if diff := (pid - m.lastPID) & 0x7fff; diff != 0 && diff < 0x4000 {
			m.lastPID = pid
		}
	}
	if d.tl0At >= 0 && int8(tl0-m.lastTL0) > 0 {
		m.lastTL0 = tl0
	}
	if (m.pidOffset == 0 || d.pidAt < 0) && (m.tl0Offset == 0 || d.tl0At < 0) {
		return payload
	}
	if len(payload) > len(scratch) {
		return payload
	}
	out := scratch[:copy(scratch, payload)]
	if d.pidAt >= 0 {
		if d.pidLong {
			out[d.pidAt], out[d.pidAt+1] = 0x80|byte(pid>>8), byte(pid)
		} else {
			out[d.pidAt] = byte(pid) & 0x7f
		}
	}
	if d.tl0At >= 0 {
		out[d.tl0At] = tl0
	}
	return out
}
