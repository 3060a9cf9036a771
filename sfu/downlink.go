package sfu

import (
	"slices"
	"strings"
	"time"

	"github.com/pion/webrtc/v4"

	"souk/sfu/bwe"
	"souk/sfu/forward"
)

// Bounds of a subscriber's downlink estimate: start where three simulcast
// layers of a camera fit, never pause a whole call for a blip, never
// assume more than a fast home link.
const (
	downlinkStart = 3_000_000
	downlinkMin   = 100_000
	downlinkMax   = 20_000_000
)

// downlinkState is what the SFU knows about a participant's downlink: the
// send-side estimate from transport-wide feedback when the participant's
// client sends it (most do), else the loss-only estimate from receiver
// reports. sendSide is stamped concurrently by the down tracks; the rest
// is touched by the room's ticker only.
type downlinkState struct {
	sendSide *bwe.SendSide

	loss       *bwe.Estimator
	lossAt     time.Time // previous loss-only estimate
	videoBytes uint64    // video bytes forwarded by then

	twccLossAt time.Time // previous loss update of the send-side estimate
	audioAt    time.Time
	audioBytes uint64
	audioRate  uint64 // bit/s of audio forwarded, measured between ticks

	probe downlinkProbe

	// squeeze is how much the last allocation held video back; connection
	// quality reports it.
	squeeze bwe.Squeeze
}

func newDownlinkState() downlinkState {
	return downlinkState{sendSide: bwe.NewSendSide(downlinkStart, downlinkMin, downlinkMax)}
}

// allocateDownlink updates the participant's downlink estimate and shares
// it across its video subscriptions: tracks whose publisher announced
// layer bit rates get the best layers that fit, by priority, or are paused
// when even the lowest does not fit; when a better layer is wanted but
// does not fit, the path is probed first. Audio is never limited: what it
// takes comes off the budget before video. Runs on the room's ticker only;
// slow marks the ticks (about every second) on which the loss-only
// estimate, which follows receiver reports, may move.
func (p *Participant) allocateDownlink(now time.Time, slow bool) {
	type sub struct {
		s        *subscription
		priority int
	}
	var video []sub
	var audio []*forward.DownTrack
	p.mu.Lock()
	for _, s := range p.subs {
		if s.pub.recv.Kind() == webrtc.RTPCodecTypeVideo {
			video = append(video, sub{s, s.priority})
		} else {
			audio = append(audio, s.dt)
		}
	}
	p.mu.Unlock()
	slices.SortFunc(video, func(a, b sub) int { return strings.Compare(a.s.pub.sid, b.s.pub.sid) })
	p.down.measureAudio(now, audio)
	// No lock held from here: the publishers' locks and the room's are
	// taken below, and the room's comes before any participant's.
	var tracks []bwe.Track
	var downs []*forward.DownTrack
	for _, v := range video {
		rates, known := p.room.layerBitrates(v.s.pub)
		if !known {
			continue
		}
		tracks = append(tracks, bwe.Track{ID: v.s.pub.sid, Priority: v.priority, Bitrates: rates, Wanted: v.s.dt.Wanted(), Current: v.s.dt.Stats().Layer})
		downs = append(downs, v.s.dt)
	}
	if len(tracks) == 0 {
		p.down.squeeze = bwe.None
		return
	}
	var budget uint64
	ss := p.down.sendSide
	twcc := ss.HasFeedback()
	switch {
	case twcc:
		if now.Sub(p.down.twccLossAt) >= time.Second {
			if loss, n := ss.TakeLoss(); n > 0 {
				ss.OnLoss(loss, now)
			}
			p.down.twccLossAt = now
		}
		budget = ss.Estimate()
	case slow:
		budget = p.down.lossEstimate(now, downs)
	default:
		return
	}
	budget -= min(budget, p.down.audioRate)
	grants := bwe.Allocate(budget, tracks)
	p.down.squeeze = bwe.Shortfall(tracks, grants)
	for i, g := range grants {
		q := g.Quality
		if q == bwe.Off && tracks[i].Wanted < 0 {
			// Disabled by the subscriber, not for bandwidth: leave the
			// bandwidth limit alone so that enabling resumes at once.
			q = forward.QualityHigh
		}
		downs[i].SetBandwidthQuality(q, g.Bitrate)
	}
	if twcc {
		p.down.maybeProbe(now, tracks, grants, downs, p.room.counters, &p.room.probes)
	}
}

// lossEstimate runs the loss-only estimator on the worst loss the
// receiver reports show and the video rate sent since the last call.
func (d *downlinkState) lossEstimate(now time.Time, downs []*forward.DownTrack) uint64 {
	loss := 0.0
	var bytes uint64
	for _, dt := range downs {
		st := dt.Stats()
		loss = max(loss, float64(st.FractionLost)/256)
		bytes += st.BytesForwarded
	}
	var sent uint64
	if d.loss == nil {
		d.loss = bwe.NewEstimator(downlinkStart, downlinkMin, downlinkMax)
	} else if elapsed := now.Sub(d.lossAt).Seconds(); elapsed > 0 && bytes >= d.videoBytes {
		sent = uint64(float64(bytes-d.videoBytes) * 8 / elapsed)
	}
	d.lossAt, d.videoBytes = now, bytes
	return d.loss.Update(loss, sent, now)
}

// measureAudio updates the audio rate forwarded to the participant.
func (d *downlinkState) measureAudio(now time.Time, audio []*forward.DownTrack) {
	var bytes uint64
	for _, dt := range audio {
		bytes += dt.Stats().BytesForwarded
	}
	if elapsed := now.Sub(d.audioAt).Seconds(); !d.audioAt.IsZero() && elapsed > 0 && bytes >= d.audioBytes {
		// RTP bytes, like what the send-side estimate counts.
		d.audioRate = uint64(float64(bytes-d.audioBytes) * 8 / elapsed)
	}
	d.audioAt, d.audioBytes = now, bytes
}

// layerBitrates lists what each layer the publisher sends now costs a
// subscriber: the bit rate the publisher announced for it (its encoder's
// ceiling), or, once measured, what the layer really carries with some
// headroom when that is less. A camera announced at 1.7 Mbit/s may send a
// third of that; costed at its ceiling, a single-layer track would be
// paused whenever the estimate, which grows only a little above what is
// delivered, fell below it, and probed for again and again with padding.
// known is false when the publisher announced nothing (the allocator then
// leaves the track alone).
func (r *Room) layerBitrates(pub *publishedTrack) ([]uint64, bool) {
	owner := r.participantBySID(pub.ownerSID)
	if owner == nil {
		return nil, false
	}
	announced := owner.layerBitrates(pub.sid)
	live := pub.recv.LiveLayers()
	measured := pub.recv.LayerBitrates()
	rates := make([]uint64, forward.NumLayers)
	known := false
	for q := range rates {
		if live[q] && announced[q] > 0 {
			rates[q], known = announced[q], true
			if m := measured[q]; m > 0 {
				rates[q] = min(announced[q], uint64(float64(m)*measuredHeadroom))
			}
		}
	}
	return rates, known
}

// measuredHeadroom is the share above a layer's measured rate it is
// costed at: the encoder's rate varies around its average, and more with
// motion.
const measuredHeadroom = 1.25

// layerBitrates is what AddTrackRequest announced per quality.
func (p *Participant) layerBitrates(sid string) [forward.NumLayers]uint64 {
	var out [forward.NumLayers]uint64
	p.mu.Lock()
	defer p.mu.Unlock()
	if t := p.published[sid]; t != nil {
		for _, l := range t.info.GetLayers() {
			if q := int(l.GetQuality()); q >= 0 && q < forward.NumLayers {
				out[q] = uint64(l.GetBitrate())
			}
		}
	}
	return out
}

// participantBySID finds a participant by sid, nil when absent.
func (r *Room) participantBySID(sid string) *Participant {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, p := range r.participants {
		if p.sid == sid {
			return p
		}
	}
	return nil
}
