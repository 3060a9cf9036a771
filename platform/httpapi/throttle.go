package httpapi

import (
	"net/netip"
	"strconv"
	"sync"
	"time"
)

// backoff slows password guessing on one account without locking its
// owner out: failures count per account and client network, and after
// Free of them each further attempt from that network must wait twice as
// long as the previous one (1s after the Free-th failure, then 2s, 4s …
// up to Max). Another network,
// such as the owner's phone, is not slowed by an attacker's failures.
// A success clears the count; a quiet Max forgets it.
type backoff struct {
	free int
	base time.Duration
	max  time.Duration

	mu        sync.Mutex
	strikes   map[string]*strike
	lastSweep time.Time
}

type strike struct {
	failures int
	until    time.Time // attempts before this are refused
	last     time.Time
}

func newBackoff(free int, base, maxDelay time.Duration) *backoff {
	return &backoff{free: free, base: base, max: maxDelay, strikes: map[string]*strike{}}
}

// wait reports how long key must still wait before its next attempt.
func (b *backoff) wait(key string, now time.Time) time.Duration {
	if b == nil || b.free <= 0 {
		return 0
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if s, ok := b.strikes[key]; ok && now.Before(s.until) {
		return s.until.Sub(now)
	}
	return 0
}

// fail records a failed attempt for key.
func (b *backoff) fail(key string, now time.Time) {
	if b == nil || b.free <= 0 {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if now.Sub(b.lastSweep) > b.max {
		for k, s := range b.strikes {
			if now.Sub(s.last) > b.max {
				delete(b.strikes, k)
			}
		}
		b.lastSweep = now
	}
	s, ok := b.strikes[key]
	if !ok || now.Sub(s.last) > b.max {
		s = &strike{}
		b.strikes[key] = s
	}
	s.failures++
	s.last = now
	if over := s.failures - b.free + 1; over > 0 {
		delay := b.max
		if over <= 30 {
			delay = min(b.max, b.base<<(over-1))
		}
		s.until = now.Add(delay)
	}
}

// succeed clears key's failures.
func (b *backoff) succeed(key string) {
	if b == nil {
		return
	}
	b.mu.Lock()
	delete(b.strikes, key)
	b.mu.Unlock()
}

// network groups client addresses the way one attacker usually holds
// them: an IPv4 address alone, an IPv6 /64.
func network(ip string) string {
	addr, err := netip.ParseAddr(ip)
	if err != nil {
		return ip
	}
	addr = addr.Unmap()
	if addr.Is4() {
		return addr.String()
	}
	p, _ := addr.Prefix(64)
	return p.String()
}

func retryAfter(wait time.Duration) string { return strconv.Itoa(int(wait.Seconds()) + 1) }
