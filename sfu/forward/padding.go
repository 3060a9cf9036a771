package forward

import (
	"time"

	"github.com/pion/rtp"
)

// maxPaddingSize is the most padding one RTP packet can carry: its last
// byte counts the padding bytes.
const maxPaddingSize = 255

// WritePadding sends one padding-only RTP packet of about size bytes on
// this (video) track, for bandwidth probing, and returns the bytes written
// (0 when nothing was sent). Padding goes out between frames of the layer
// being forwarded, or while the track is paused for bandwidth (so that a
// subscriber whose video is all paused can still probe its way back): its
// sequence number continues the subscriber's stream and later packets
// move up by one, so the receiver sees no gap; its timestamp repeats the
// last frame's. A track that never forwarded anything cannot pad.
func (d *DownTrack) WritePadding(size int) int {
	size = min(max(size, 1), maxPaddingSize)
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.canPadLocked() || (d.current != QualityOff && !d.lastMarker) {
		return 0
	}
	seq, ts := d.m.Pad()
	// A NACK for padding has nothing to resend.
	d.seqMap[seq%seqMapSize] = seqEntry{}
	d.hdr = rtp.Header{}
	d.hdr.Version, d.hdr.Padding, d.hdr.PaddingSize = 2, true, byte(size)
	d.hdr.SequenceNumber, d.hdr.Timestamp, d.hdr.SSRC, d.hdr.PayloadType = seq, ts, d.ssrc, d.pt
	d.cc.stamp(&d.hdr, 0, time.Now().UnixNano())
	n, err := d.writer.WriteRTP(&d.hdr, nil)
	if err != nil {
		return 0
	}
	d.counts.PaddingBytes += uint64(size)
	return n
}

// CanPad reports whether WritePadding can send now or soon.
func (d *DownTrack) CanPad() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.canPadLocked()
}

// canPadLocked: bound, not disabled by the subscriber, and the stream has
// started (its sequence numbers exist to continue).
func (d *DownTrack) canPadLocked() bool {
	return d.bound && !d.closed && !d.paused && !d.unsupported && d.m.started
}

// Pad takes the next outgoing sequence number for a packet that has no
// source packet (padding), repeating the last timestamp; source packets
// that follow move up by one.
func (m *Munger) Pad() (seq uint16, ts uint32) {
	m.seqOffset++
	m.lastOutSeq++
	return m.lastOutSeq, m.lastOutTS
}
