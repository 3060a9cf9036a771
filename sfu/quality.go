package sfu

import (
	"time"

	"github.com/livekit/protocol/livekit"
	"github.com/pion/webrtc/v4"

	"souk/sfu/bwe"
	"souk/sfu/downlink"
)

// linkQuality is what a participant's connection looks like over the last
// interval: the worst of its published streams (loss seen here) and of its
// subscriptions (its receiver reports).
type linkQuality struct {
	lost   bool    // a peer connection is disconnected or failed
	loss   float64 // 0–1
	jitter time.Duration
	rtt    time.Duration
	// squeeze: the subscriber's estimated bandwidth holds its video back
	// (a lower layer than it asked for, or paused), as LiveKit also counts
	// a subscriber that gets less than it wants.
	squeeze bwe.Squeeze
}

// Limits follow the usual MOS bands for interactive media: below 2 % loss
// and a quarter second of delay nobody notices; past 8 % or 600 ms
// conversation suffers.
func (q linkQuality) rating() livekit.ConnectionQuality {
	switch {
	case q.lost:
		return livekit.ConnectionQuality_LOST
	case q.squeeze == bwe.Paused:
		return livekit.ConnectionQuality_POOR
	case q.squeeze == bwe.None && q.loss < 0.02 && q.rtt < 250*time.Millisecond && q.jitter < 30*time.Millisecond:
		return livekit.ConnectionQuality_EXCELLENT
	case q.loss < 0.08 && q.rtt < 600*time.Millisecond && q.jitter < 100*time.Millisecond:
		return livekit.ConnectionQuality_GOOD
	}
	return livekit.ConnectionQuality_POOR
}

// score is a 1–5 opinion score to go with the rating (0 when lost).
func (q linkQuality) score() float32 {
	if q.lost {
		return 0
	}
	s := 4.5 - 25*q.loss - q.rtt.Seconds() - 5*q.jitter.Seconds() - float64(q.squeeze)
	return float32(min(4.5, max(1, s)))
}

// connectionQuality measures the participant's link now. It consumes the
// publishers' loss counters, so only the room's ticker calls it.
func (p *Participant) connectionQuality() linkQuality {
	var q linkQuality
	for _, t := range []*transport{p.pub, p.sub} {
		if t == nil {
			continue
		}
		switch t.pc.ConnectionState() {
		case webrtc.PeerConnectionStateDisconnected, webrtc.PeerConnectionStateFailed:
			q.lost = true
		}
	}
	for _, pub := range p.publishedAll() {
		q.loss = max(q.loss, pub.recv.ReceiveLoss())
	}
	var subs []downlink.Subscription
	for _, s := range p.subscriptions() {
		subs = append(subs, downlink.Subscription{ID: s.pub.sid, Down: s.dt, Video: s.pub.recv.Kind() == webrtc.RTPCodecTypeVideo})
	}
	down := p.down.Quality(subs)
	q.loss, q.rtt, q.jitter, q.squeeze = max(q.loss, down.Loss), down.RTT, down.Jitter, down.Squeeze
	return q
}
