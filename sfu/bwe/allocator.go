package bwe

import (
	"cmp"
	"slices"
)

// Off is the quality of a track that gets nothing.
const Off = -1

// Track is one video track a subscriber receives.
type Track struct {
	ID       string
	Priority int // higher first; the subscriber's order otherwise
	// Bitrates is each layer's bit rate, lowest quality first; 0 marks a
	// layer that is not sent.
	Bitrates []uint64
	// Wanted is the best quality the subscriber asked for, Off when it
	// disabled the track.
	Wanted int
}

// Grant is what a track may receive.
type Grant struct {
	ID      string
	Quality int // Off: paused for bandwidth
	Bitrate uint64
}

// Allocate shares budget bit/s among tracks. Every wanted track first gets
// its lowest layer, in priority order, while the budget lasts; what remains
// upgrades tracks, again in priority order, each to the best layer within
// its wish that fits. Grants come back in the order of tracks.
func Allocate(budget uint64, tracks []Track) []Grant {
	grants := make([]Grant, len(tracks))
	order := make([]int, len(tracks))
	for i, t := range tracks {
		grants[i] = Grant{ID: t.ID, Quality: Off}
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(tracks[b].Priority, tracks[a].Priority) })
	for _, i := range order {
		q, rate := lowest(tracks[i])
		if q == Off || rate > budget {
			continue
		}
		grants[i] = Grant{ID: tracks[i].ID, Quality: q, Bitrate: rate}
		budget -= rate
	}
	for _, i := range order {
		g := &grants[i]
		if g.Quality == Off {
			continue
		}
		t := tracks[i]
		for q := min(t.Wanted, len(t.Bitrates)-1); q > g.Quality; q-- {
			if r := t.Bitrates[q]; r > 0 && r-g.Bitrate <= budget {
				budget -= r - g.Bitrate
				g.Quality, g.Bitrate = q, r
				break
			}
		}
	}
	return grants
}

// lowest is a track's cheapest layer, Off when it wants nothing or sends
// nothing.
func lowest(t Track) (int, uint64) {
	if t.Wanted < 0 {
		return Off, 0
	}
	for q, r := range t.Bitrates {
		if r > 0 {
			return q, r
		}
	}
	return Off, 0
}
