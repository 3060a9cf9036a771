package httpapi

import (
	"context"
	"log/slog"
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
	// shared, when set, keeps the failures where every node sees them;
	// when it fails, this node's own count decides.
	shared SharedBackoff
	log    *slog.Logger

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

// SharedBackoff keeps the login back-off's failures for every node of a
// deployment (Redis, cluster.Strikes).
type SharedBackoff interface {
	// Wait reports how long key must still wait before its next attempt.
	Wait(ctx context.Context, key string) (time.Duration, error)
	// Fail records a failure: after free failures each one makes key wait
	// base, twice as long each time, up to max.
	Fail(ctx context.Context, key string, free int, base, max time.Duration) error
	// Clear forgets key's failures.
	Clear(ctx context.Context, key string) error
}

// sharedFailed logs that the shared failures could not be used.
func (b *backoff) sharedFailed(err error) {
	b.log.Warn("shared login back-off unavailable; counting on this node only", "err", err)
}

// wait reports how long key must still wait before its next attempt.
func (b *backoff) wait(ctx context.Context, key string, now time.Time) time.Duration {
	if b == nil || b.free <= 0 {
		return 0
	}
	if b.shared != nil {
		w, err := b.shared.Wait(ctx, key)
		if err == nil {
			return w
		}
		b.sharedFailed(err)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if s, ok := b.strikes[key]; ok && now.Before(s.until) {
		return s.until.Sub(now)
	}
	return 0
}

// fail records a failed attempt for key.
func (b *backoff) fail(ctx context.Context, key string, now time.Time) {
	if b == nil || b.free <= 0 {
		return
	}
	if b.shared != nil {
		err := b.shared.Fail(ctx, key, b.free, b.base, b.max)
		if err == nil {
			return
		}
		b.sharedFailed(err)
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
func (b *backoff) succeed(ctx context.Context, key string) {
	if b == nil {
		return
	}
	if b.shared != nil {
		if err := b.shared.Clear(ctx, key); err != nil {
			b.sharedFailed(err)
		}
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
