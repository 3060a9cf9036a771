package cluster

import (
	"sync"
	"syscall"
	"time"
)

// CPUSampler measures the process's CPU use between two samples.
type CPUSampler struct {
	mu      sync.Mutex
	at      time.Time
	used    time.Duration
	started bool
}

// Sample returns the cores used since the previous call (0 on the first).
func (s *CPUSampler) Sample() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	used := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	now := time.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	prevAt, prevUsed, started := s.at, s.used, s.started
	s.at, s.used, s.started = now, used, true
	if !started || !now.After(prevAt) {
		return 0
	}
	return float64(used-prevUsed) / float64(now.Sub(prevAt))
}
