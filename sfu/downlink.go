package sfu

import (
	"slices"
	"strings"
	"time"

	"github.com/pion/webrtc/v4"

	"souk/sfu/downlink"
	"souk/sfu/forward"
)

// allocateDownlink hands the participant's downlink controller its
// subscriptions as they stand, with what each video layer costs now, to
// update its estimate and share it across them (downlink.Controller.Tick).
// Runs on the room's ticker only; slow marks the ticks (about every
// second) on which the loss-only estimate may move.
func (p *Participant) allocateDownlink(now time.Time, slow bool) {
	type sub struct {
		s        *subscription
		priority int
	}
	var video []sub
	var subs []downlink.Subscription
	p.mu.Lock()
	for _, s := range p.subs {
		if s.pub.recv.Kind() == webrtc.RTPCodecTypeVideo {
			video = append(video, sub{s, s.priority})
		} else {
			subs = append(subs, downlink.Subscription{ID: s.pub.sid, Down: s.dt})
		}
	}
	p.mu.Unlock()
	slices.SortFunc(video, func(a, b sub) int { return strings.Compare(a.s.pub.sid, b.s.pub.sid) })
	// No lock held from here: the publishers' locks and the room's are
	// taken below, and the room's comes before any participant's.
	for _, v := range video {
		rates, known := p.room.layerBitrates(v.s.pub)
		if !known {
			rates = nil
		}
		subs = append(subs, downlink.Subscription{ID: v.s.pub.sid, Down: v.s.dt, Video: true, Priority: v.priority, Bitrates: rates})
	}
	p.down.Tick(now, slow, subs)
}

// downlinkStats reads the participant's estimate without the ticker's
// state.
func (p *Participant) downlinkStats(room string) DownlinkStats {
	st := p.down.Stats()
	return DownlinkStats{
		Room: room, Participant: p.identity, TransportCC: st.TransportCC,
		EstimatedBitrate: st.EstimatedBitrate, AckedBitrate: st.AckedBitrate, Delay: st.Delay,
		Probes: st.Probes, ProbesSucceeded: st.ProbesSucceeded,
	}
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
