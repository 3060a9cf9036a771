package audio

import (
	"math"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// Config tunes speaker detection.
type Config struct {
	// ActiveLevel is the quietest mean level, in -dBov (0 loudest, 127
	// silence), over a window of two ticks that counts as speech. The
	// mean is taken over linear amplitudes, so a few loud syllables in a
	// window count as much as steady talk at a lower level; background
	// noise stays well below.
	ActiveLevel uint8
	// LevelStep is how much a speaker's level must move to be reported
	// again while it keeps speaking.
	LevelStep float64
}

// DefaultConfig: a window mean of -40 dBov is quiet speech.
func DefaultConfig() Config { return Config{ActiveLevel: 40, LevelStep: 0.05} }

// Speaker is one change: a participant that started speaking, stopped
// (Active false, Level 0) or speaks at a noticeably different level.
type Speaker struct {
	SID    string
	Level  float64 // 0–1, linear amplitude
	Active bool
}

// Detector keeps one Source per participant.
type Detector struct {
	cfg        Config
	amplitudes *[128]uint64

	mu      sync.Mutex
	sources map[string]*Source
	gone    []string // removed while speaking: owed an inactive change
}

// NewDetector returns a detector without sources.
func NewDetector(cfg Config) *Detector {
	amp := new([128]uint64)
	for i := range amp {
		amp[i] = uint64(linear(uint8(i)) * 1e6)
	}
	return &Detector{cfg: cfg, amplitudes: amp, sources: map[string]*Source{}}
}

// Source collects one participant's levels; ObserveLevel is called from
// packet readers and only touches atomics.
type Source struct {
	amplitudes *[128]uint64 // linear amplitude of each level, scaled by 1e6
	total      atomic.Uint64
	// sum accumulates linear amplitudes, scaled by 1e6 to stay in an
	// integer.
	sum atomic.Uint64

	// owned by the Detector's lock
	prevTotal, prevSum uint64 // the previous tick, the window's first half
	active             bool
	lastLevel          float64
}

// Source returns the participant's source, creating it.
func (d *Detector) Source(sid string) *Source {
	d.mu.Lock()
	defer d.mu.Unlock()
	s, ok := d.sources[sid]
	if !ok {
		s = &Source{amplitudes: d.amplitudes}
		d.sources[sid] = s
	}
	return s
}

// Remove forgets a participant; if it was speaking, the next Tick reports
// it stopped.
func (d *Detector) Remove(sid string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if s, ok := d.sources[sid]; ok && s.active {
		d.gone = append(d.gone, sid)
	}
	delete(d.sources, sid)
}

// ObserveLevel takes the one-byte ssrc-audio-level extension.
func (s *Source) ObserveLevel(ext []byte, _ int64) {
	if len(ext) < 1 {
		return
	}
	s.total.Add(1)
	s.sum.Add(s.amplitudes[ext[0]&0x7f])
}

// round3 keeps three decimals: more is noise from the integer scaling.
func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

// linear converts -dBov to a 0–1 amplitude.
func linear(level uint8) float64 { return math.Pow(10, -float64(level)/20) }

// Active lists who speaks now (as of the last Tick), for a participant
// who just joined and has seen no changes yet.
func (d *Detector) Active() []Speaker {
	d.mu.Lock()
	defer d.mu.Unlock()
	var out []Speaker
	for sid, s := range d.sources {
		if s.active {
			out = append(out, Speaker{SID: sid, Level: s.lastLevel, Active: true})
		}
	}
	sortSpeakers(out)
	return out
}

// Tick closes an interval and returns what changed since the previous one,
// sorted loudest first (stopped speakers last).
func (d *Detector) Tick() []Speaker {
	d.mu.Lock()
	defer d.mu.Unlock()
	var out []Speaker
	for _, sid := range d.gone {
		out = append(out, Speaker{SID: sid})
	}
	d.gone = d.gone[:0]
	for sid, s := range d.sources {
		total, sum := s.total.Swap(0), s.sum.Swap(0)
		wTotal, wSum := total+s.prevTotal, sum+s.prevSum
		s.prevTotal, s.prevSum = total, sum
		mean := 0.0
		if wTotal > 0 {
			mean = float64(wSum) / 1e6 / float64(wTotal)
		}
		active := mean >= linear(d.cfg.ActiveLevel)
		level := 0.0
		if active {
			level = round3(mean)
		}
		switch {
		case active != s.active:
		case active && math.Abs(level-s.lastLevel) >= d.cfg.LevelStep:
		default:
			continue
		}
		s.active, s.lastLevel = active, level
		out = append(out, Speaker{SID: sid, Level: level, Active: active})
	}
	sortSpeakers(out)
	return out
}

// sortSpeakers orders loudest first, stopped speakers last.
func sortSpeakers(out []Speaker) {
	slices.SortFunc(out, func(a, b Speaker) int {
		if a.Active != b.Active {
			if a.Active {
				return -1
			}
			return 1
		}
		if a.Level != b.Level {
			if a.Level > b.Level {
				return -1
			}
			return 1
		}
		return strings.Compare(a.SID, b.SID)
	})
}
