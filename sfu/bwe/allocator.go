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
	// Current is the quality the track was granted before, Off for none.
	// Layers up to it cost only holdShare of their bit rate: an estimate
	// that dips a little below what the track takes (one cut to 85 % of
	// the delivered rate) does not make the track switch down and up.
	Current int
}

// Grant is what a track may receive.
type Grant struct {
	ID      string
	Quality int // Off: paused for bandwidth
	Bitrate uint64
}

// holdShare is the share of a layer's bit rate a track already on that
// layer needs to keep it.
const holdShare = 0.8

// cost is what quality q of t takes from the budget.
func (t Track) cost(q int) uint64 {
	if q <= t.Current {
		return uint64(float64(t.Bitrates[q]) * holdShare)
	}
	return t.Bitrates[q]
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
	spent := make([]uint64, len(tracks))
	for _, i := range order {
		q, rate := lowest(tracks[i])
		if q == Off || tracks[i].cost(q) > budget {
			continue
		}
		grants[i] = Grant{ID: tracks[i].ID, Quality: q, Bitrate: rate}
		spent[i] = tracks[i].cost(q)
		budget -= spent[i]
	}
	for _, i := range order {
		g := &grants[i]
		if g.Quality == Off {
			continue
		}
		t := tracks[i]
		for q := min(t.Wanted, len(t.Bitrates)-1); q > g.Quality; q-- {
			if r, c := t.Bitrates[q], t.cost(q); r > 0 && c-spent[i] <= budget {
				budget -= c - spent[i]
				spent[i] = c
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

// Best is the quality the track would get with bandwidth to spare: its
// best layer that is sent, up to Wanted; Off when it wants or sends
// nothing.
func (t Track) Best() int {
	for q := min(t.Wanted, len(t.Bitrates)-1); q >= 0; q-- {
		if t.Bitrates[q] > 0 {
			return q
		}
	}
	return Off
}

// Shortfall says how far grants fall short of what the tracks would get
// with bandwidth to spare: Paused when a track that wants video got none,
// Reduced when one got a lower layer than its best, None otherwise.
func Shortfall(tracks []Track, grants []Grant) Squeeze {
	worst := None
	for i, t := range tracks {
		best := t.Best()
		switch {
		case best == Off:
		case grants[i].Quality == Off:
			return Paused
		case grants[i].Quality < best:
			worst = Reduced
		}
	}
	return worst
}

// Squeeze is how much a subscriber's estimated bandwidth holds its video
// back.
type Squeeze int

const (
	None    Squeeze = iota // every track gets its best layer
	Reduced                // some track gets a lower layer than it could
	Paused                 // some track is paused for bandwidth
)

// NextStep is the upgrade Allocate would make first with more budget: the
// first track in priority order that got less than it wants and sends a
// better layer, and the extra bit/s that layer costs over its grant. ok is
// false when every track has what it wants.
func NextStep(tracks []Track, grants []Grant) (index int, extra uint64, ok bool) {
	order := make([]int, len(tracks))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(tracks[b].Priority, tracks[a].Priority) })
	for _, i := range order {
		t, g := tracks[i], grants[i]
		if t.Wanted < 0 {
			continue
		}
		for q := g.Quality + 1; q <= min(t.Wanted, len(t.Bitrates)-1); q++ {
			if r := t.Bitrates[q]; r > g.Bitrate {
				return i, r - g.Bitrate, true
			}
		}
	}
	return 0, 0, false
}
