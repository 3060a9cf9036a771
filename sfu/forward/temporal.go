package forward

import (
	"sync/atomic"
	"time"
)

// MaxTemporalLayers is how many VP8 temporal layers are told apart (the
// TID field has two bits).
const MaxTemporalLayers = 4

// TemporalAll forwards every temporal layer.
const TemporalAll = MaxTemporalLayers - 1

// frameRateWindowNs is how long pictures are counted before a layer's
// frame rates are published.
const frameRateWindowNs = int64(2e9)

// frameRates measures the picture rate of each temporal layer of one
// received stream. count runs on the stream's reader only; the published
// rates (frames per second × 100) may be read anywhere.
type frameRates struct {
	windowStartNs int64                     // reader only
	frames        [MaxTemporalLayers]uint32 // reader only
	fps100        [MaxTemporalLayers]atomic.Uint32
}

func (f *frameRates) count(tid uint8, nowNs int64) {
	if f.windowStartNs == 0 {
		f.windowStartNs = nowNs
	}
	f.frames[tid&(MaxTemporalLayers-1)]++
	if elapsed := nowNs - f.windowStartNs; elapsed >= frameRateWindowNs {
		for t := range f.frames {
			f.fps100[t].Store(uint32(uint64(f.frames[t]) * 100e9 / uint64(elapsed)))
			f.frames[t] = 0
		}
		f.windowStartNs = nowNs
	}
}

// cumulative is the frame rate a subscriber gets from temporal layers 0..t.
func (f *frameRates) cumulative() [MaxTemporalLayers]float64 {
	var out [MaxTemporalLayers]float64
	sum := 0.0
	for t := range out {
		sum += float64(f.fps100[t].Load()) / 100
		out[t] = sum
	}
	return out
}

// TemporalForFPS picks the lowest temporal layer whose cumulative frame
// rate reaches fps (within 10 %, measured rates wobble), given the rates
// from TemporalFrameRates. fps 0 (no wish) or rates not known yet give
// every layer.
func TemporalForFPS(rates [MaxTemporalLayers]float64, fps uint32) int {
	if fps == 0 || rates[0] == 0 {
		return TemporalAll
	}
	top := 0
	for t := range rates {
		if rates[t] > rates[top] {
			top = t
		}
	}
	for t := 0; t < top; t++ {
		if rates[t] >= 0.9*float64(fps) {
			return t
		}
	}
	return TemporalAll
}

// temporalLocked decides whether a VP8 packet with a temporal layer index
// is forwarded. Decisions are per picture: the first packet seen of a
// newer picture id decides for all its packets. The forwarded temporal
// layer goes down at once, and up only where the decoder can follow: a
// keyframe, or a picture of the new layer with the layer-sync (Y) bit.
// Dropped pictures are hidden from the picture ids; the caller hides their
// sequence numbers.
func (d *DownTrack) temporalLocked(in *packetIn) bool {
	desc := &in.desc
	if desc.pidAt < 0 {
		// Without picture ids a dropped picture cannot be hidden.
		return true
	}
	mask, half := uint16(0x7f), uint16(0x40)
	if desc.pidLong {
		mask, half = 0x7fff, 0x4000
	}
	diff := (desc.pid - d.tl.pid) & mask
	switch {
	case diff == 0:
		return !d.tl.drop
	case diff >= half || in.repaired:
		// An older picture (reordered, or repaired over RTX).
		return int(desc.tid) <= d.tl.cur
	}
	d.tl.pid = desc.pid
	if in.clockNs-d.tl.evalNs > int64(temporalEvalInterval) {
		d.tl.evalNs = in.clockNs
		d.tl.target = TemporalForFPS(d.recv.TemporalFrameRates(in.layer), d.tl.wantFPS)
	}
	switch t, cur := d.tl.target, d.tl.cur; {
	case t < cur:
		d.tl.cur = t
	case t > cur && in.isKeyframe():
		d.tl.cur = t
	case t > cur && desc.sync && int(desc.tid) > cur && int(desc.tid) <= t:
		d.tl.cur = int(desc.tid)
	}
	d.tl.drop = int(desc.tid) > d.tl.cur
	if d.tl.drop {
		d.vp8m.dropPicture()
	}
	return !d.tl.drop
}

// temporalState is a down track's temporal layer choice.
type temporalState struct {
	wantFPS uint32 // from the subscriber's settings, 0 for no wish
	target  int    // temporal layer the frame rate asks for
	cur     int    // temporal layer forwarded now
	pid     uint16 // latest picture decided
	drop    bool   // whether that picture is dropped
	evalNs  int64  // when target was last computed from measured rates
}

// temporalEvalInterval is how often a down track re-reads the measured
// frame rates.
const temporalEvalInterval = 500 * time.Millisecond

// restart begins a new source (layer switch) on its keyframe picture pid.
func (t *temporalState) restart(pid uint16) {
	t.pid, t.evalNs, t.drop = pid-1, 0, false
}

// SetMaxFPS sets the frame rate the subscriber wants (UpdateTrackSettings
// fps; 0 for no limit): the lowest VP8 temporal layer that reaches it is
// forwarded, from the next picture where the decoder can follow.
func (d *DownTrack) SetMaxFPS(fps uint32) {
	d.mu.Lock()
	d.tl.wantFPS, d.tl.evalNs = fps, 0
	d.mu.Unlock()
}
