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
	// LoudLevel is the quietest level, in -dBov (0 loudest, 127 silence),
	// that counts as speech.
	LoudLevel uint8
	// MinLoudFraction is the share of an interval's packets that must be
	// loud for the participant to count as speaking.
	MinLoudFraction float64
	// LevelStep is how much a speaker's level must move to be reported
	// again while it keeps speaking.
	LevelStep float64
}

// DefaultConfig matches what the LiveKit clients expect: speech around
// conversational loudness, a speaker needs 40 % loud packets.
var DefaultConfig = Config{LoudLevel: 40, MinLoudFraction: 0.4, LevelStep: 0.05}

// Speaker is one change: a participant that started speaking, stopped
// (Active false, Level 0) or speaks at a noticeably different level.
type Speaker struct {
	SID    string
	Level  float64 // 0–1, linear amplitude
	Active bool
}

// Detector keeps one Source per participant.
type Detector struct {
	cfg Config

	mu      sync.Mutex
	sources map[string]*Source
	gone    []string // removed while speaking: owed an inactive change
}

// NewDetector returns a detector without sources.
func NewDetector(cfg Config) *Detector {
	return &Detector{cfg: cfg, sources: map[string]*Source{}}
}

// Source collects one participant's levels; ObserveLevel is called from
// packet readers and only touches atomics.
type Source struct {
	loudLevel uint8
	total     atomic.Uint64
	loud      atomic.Uint64
	// loudSum accumulates the linear amplitude of loud packets, scaled by
	// 1e6 to stay in an integer.
	loudSum atomic.Uint64

	// owned by the Detector's lock
	active    bool
	lastLevel float64
}

// Source returns the participant's source, creating it.
func (d *Detector) Source(sid string) *Source {
	d.mu.Lock()
	defer d.mu.Unlock()
	s, ok := d.sources[sid]
	if !ok {
		s = &Source{loudLevel: d.cfg.LoudLevel}
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
	level := ext[0] & 0x7f
	s.total.Add(1)
	if level <= s.loudLevel {
		s.loud.Add(1)
		s.loudSum.Add(uint64(linear(level) * 1e6))
	}
}

// round3 keeps three decimals: more is noise from the integer scaling.
func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

// linear converts -dBov to a 0–1 amplitude.
func linear(level uint8) float64 { return math.Pow(10, -float64(level)/20) }

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
		total, loud, sum := s.total.Swap(0), s.loud.Swap(0), s.loudSum.Swap(0)
		active := total > 0 && float64(loud)/float64(total) >= d.cfg.MinLoudFraction
		level := 0.0
		if active {
			level = round3(float64(sum) / 1e6 / float64(loud))
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
	return out
}
