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

// allocateDownlink updates the participant's downlink estimate from the
// loss its receiver reports show and shares it across its video
// subscriptions: tracks whose publisher announced layer bit rates get the
// best layers that fit, by priority, or are paused when even the lowest
// does not fit. Audio is never limited. Runs on the room's ticker only.
func (p *Participant) allocateDownlink(now time.Time) {
	type sub struct {
		s        *subscription
		priority int
	}
	var video []sub
	p.mu.Lock()
	for _, s := range p.subs {
		if s.pub.recv.Kind() == webrtc.RTPCodecTypeVideo {
			video = append(video, sub{s, s.priority})
		}
	}
	p.mu.Unlock()
	slices.SortFunc(video, func(a, b sub) int { return strings.Compare(a.s.pub.sid, b.s.pub.sid) })
	// No lock held from here: the publishers' locks and the room's are
	// taken below, and the room's comes before any participant's.
	var tracks []bwe.Track
	var downs []*forward.DownTrack
	loss := 0.0
	for _, v := range video {
		rates, known := p.room.layerBitrates(v.s.pub)
		if !known {
			continue
		}
		tracks = append(tracks, bwe.Track{ID: v.s.pub.sid, Priority: v.priority, Bitrates: rates, Wanted: v.s.dt.Wanted()})
		downs = append(downs, v.s.dt)
	}
	if len(tracks) == 0 {
		return
	}
	var bytes uint64
	for _, d := range downs {
		st := d.Stats()
		loss = max(loss, float64(st.FractionLost)/256)
		bytes += st.BytesForwarded
	}
	var sent uint64
	if p.downlink == nil {
		p.downlink = bwe.NewEstimator(downlinkStart, downlinkMin, downlinkMax)
	} else if elapsed := now.Sub(p.downlinkAt).Seconds(); elapsed > 0 && bytes >= p.downlinkBytes {
		sent = uint64(float64(bytes-p.downlinkBytes) * 8 / elapsed)
	}
	p.downlinkAt, p.downlinkBytes = now, bytes
	budget := p.downlink.Update(loss, sent, now)
	for i, g := range bwe.Allocate(budget, tracks) {
		q := g.Quality
		if q == bwe.Off && tracks[i].Wanted < 0 {
			// Disabled by the subscriber, not for bandwidth: leave the
			// bandwidth limit alone so that enabling resumes at once.
			q = forward.QualityHigh
		}
		downs[i].SetBandwidthQuality(q, g.Bitrate)
	}
}

// layerBitrates lists the bit rate the publisher announced for each layer
// it sends now; known is false when it announced none (the allocator then
// leaves the track alone).
func (r *Room) layerBitrates(pub *publishedTrack) ([]uint64, bool) {
	owner := r.participantBySID(pub.ownerSID)
	if owner == nil {
		return nil, false
	}
	announced := owner.layerBitrates(pub.sid)
	live := pub.recv.LiveLayers()
	rates := make([]uint64, forward.NumLayers)
	known := false
	for q := range rates {
		if live[q] && announced[q] > 0 {
			rates[q], known = announced[q], true
		}
	}
	return rates, known
}

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
