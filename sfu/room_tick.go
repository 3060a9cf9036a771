package sfu

import (
	"time"

	"github.com/livekit/protocol/livekit"

	"souk/sfu/audio"
)

const (
	// speakerInterval is how often speaker changes are computed and sent:
	// short enough for a speaking indicator to feel live.
	speakerInterval = 300 * time.Millisecond
	// qualityEvery is how many speaker intervals pass between connection
	// quality updates (about every 2 s).
	qualityEvery = 7
	// allocateEvery is how many speaker intervals pass between downlink
	// estimates from receiver reports (about every second, as they
	// arrive); estimates from transport-wide feedback are allocated every
	// interval.
	allocateEvery = 3
)

// tick runs the room's periodic work until the room closes.
func (r *Room) tick() {
	t := time.NewTicker(speakerInterval)
	defer t.Stop()
	for n := 1; ; n++ {
		select {
		case <-r.done:
			return
		case <-t.C:
		}
		r.sendSpeakers()
		r.sendSenderReports()
		now := time.Now()
		for _, p := range r.list() {
			p.allocateDownlink(now, n%allocateEvery == 0)
			if n%allocateEvery == 0 {
				p.sendREMB()
			}
		}
		if n%qualityEvery == 0 {
			r.sendConnectionQuality()
		}
	}
}

// sendSenderReports sends the RTCP sender reports that are due.
func (r *Room) sendSenderReports() {
	now := time.Now()
	for _, p := range r.list() {
		p.sendSenderReports(now)
	}
}

// sendSpeakers tells everyone who started or stopped speaking.
func (r *Room) sendSpeakers() {
	msg := speakersMessage(r.speakers.Tick())
	if msg == nil {
		return
	}
	for _, p := range r.list() {
		p.send(msg)
	}
}

// greetSpeakers tells a participant who just joined who is speaking: the
// updates are incremental, so it would otherwise wait for the next change.
func (r *Room) greetSpeakers(p *Participant) {
	if msg := speakersMessage(r.speakers.Active()); msg != nil {
		p.send(msg)
	}
}

func speakersMessage(speakers []audio.Speaker) *livekit.SignalResponse {
	if len(speakers) == 0 {
		return nil
	}
	infos := make([]*livekit.SpeakerInfo, 0, len(speakers))
	for _, s := range speakers {
		infos = append(infos, &livekit.SpeakerInfo{Sid: s.SID, Level: float32(s.Level), Active: s.Active})
	}
	return &livekit.SignalResponse{Message: &livekit.SignalResponse_SpeakersChanged{SpeakersChanged: &livekit.SpeakersChanged{Speakers: infos}}}
}

// sendConnectionQuality tells every participant its own connection
// quality and that of the participants whose tracks it subscribes to,
// when a rating changed, someone arrived or someone's signal connection
// came back since the last round; otherwise it sends nothing (the client
// keeps the last value it heard). Telling everyone about everyone every
// round cost O(N²) messages' worth of work in a room of viewers.
// lastQuality belongs to the room's ticker.
func (r *Room) sendConnectionQuality() {
	ps := r.list()
	now := make(map[string]*livekit.ConnectionQualityInfo, len(ps))
	changed := false
	for _, p := range ps {
		q := p.connectionQuality()
		info := &livekit.ConnectionQualityInfo{ParticipantSid: p.sid, Quality: q.rating(), Score: q.score()}
		now[p.sid] = info
		prev, known := r.lastQuality[p.sid]
		stale := p.qualityStale.Swap(false) // cleared whether or not it decides
		changed = changed || stale || !known || prev != info.Quality
	}
	r.lastQuality = make(map[string]livekit.ConnectionQuality, len(now))
	for sid, info := range now {
		r.lastQuality[sid] = info.Quality
	}
	if !changed {
		return
	}
	for _, p := range ps {
		updates := []*livekit.ConnectionQualityInfo{now[p.sid]}
		if !p.hidden() {
			for _, sid := range p.subscribedPublishers() {
				if info := now[sid]; info != nil && sid != p.sid {
					updates = append(updates, info)
				}
			}
		}
		p.send(&livekit.SignalResponse{Message: &livekit.SignalResponse_ConnectionQuality{ConnectionQuality: &livekit.ConnectionQualityUpdate{Updates: updates}}})
	}
}
