package httpapi

import (
	"context"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/danielgtaylor/huma/v2"
)

// RateLimits bounds attempts per window; a zero limit disables a check.
type RateLimits struct {
	LoginPerIPPerMinute int
	// LoginFailuresPerAccount are the failed sign-ins on one account from
	// one network before each further attempt from there is delayed
	// exponentially (see backoff).
	LoginFailuresPerAccount int
	// RegisterPerIPPerHour counts registrations and forgot-password requests.
	RegisterPerIPPerHour int
	ResetPerIPPerHour    int
	ContactPerIPPerHour  int
}

// limiter counts attempts per key in fixed windows. Old windows are swept
// while counting, so it needs no goroutine.
type limiter struct {
	limit  int
	window time.Duration

	mu        sync.Mutex
	windows   map[string]*window
	lastSweep time.Time
}

type window struct {
	start time.Time
	n     int
}

func newLimiter(limit int, every time.Duration) *limiter {
	return &limiter{limit: limit, window: every, windows: map[string]*window{}}
}

// allow counts one attempt for key and reports whether it is within the
// limit, and otherwise how long until the window resets.
func (l *limiter) allow(key string, now time.Time) (bool, time.Duration) {
	if l == nil || l.limit <= 0 {
		return true, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.lastSweep) > l.window {
		for k, w := range l.windows {
			if now.Sub(w.start) >= l.window {
				delete(l.windows, k)
			}
		}
		l.lastSweep = now
	}
	w, ok := l.windows[key]
	if !ok || now.Sub(w.start) >= l.window {
		w = &window{start: now}
		l.windows[key] = w
	}
	w.n++
	if w.n > l.limit {
		return false, w.start.Add(l.window).Sub(now)
	}
	return true, 0
}

// limiters are the server's rate limits.
type limiters struct {
	loginIP, registerIP, resetIP, contactIP *limiter
	loginAccount                            *backoff
}

func newLimiters(r RateLimits) limiters {
	return limiters{
		loginIP:      newLimiter(r.LoginPerIPPerMinute, time.Minute),
		loginAccount: newBackoff(r.LoginFailuresPerAccount, time.Second, 15*time.Minute),
		registerIP:   newLimiter(r.RegisterPerIPPerHour, time.Hour),
		resetIP:      newLimiter(r.ResetPerIPPerHour, time.Hour),
		contactIP:    newLimiter(r.ContactPerIPPerHour, time.Hour),
	}
}

// check returns a 429 problem with Retry-After when key is over l's limit.
func check(l *limiter, key string) error {
	ok, wait := l.allow(key, time.Now())
	if ok {
		return nil
	}
	secs := int(wait.Seconds()) + 1
	return huma.ErrorWithHeaders(
		huma.Error429TooManyRequests("too many attempts; try again in "+strconv.Itoa(secs)+" seconds"),
		http.Header{"Retry-After": {strconv.Itoa(secs)}},
	)
}

type requestInfoKey struct{}

// requestInfo is what handlers need from the raw request.
type requestInfo struct {
	IP   string
	Host string
}

// withRequestInfo records the client IP and the Host. The IP is the
// connection's peer, unless the peer is a trusted proxy: then it is the
// nearest X-Forwarded-For address that is not one.
func withRequestInfo(trusted []netip.Prefix) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ctx := context.WithValue(r.Context(), requestInfoKey{}, requestInfo{IP: clientIP(r, trusted), Host: r.Host})
			next.ServeHTTP(w, r.WithContext(ctx))
		})
	}
}

func clientIP(r *http.Request, trusted []netip.Prefix) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	isTrusted := func(s string) bool {
		ip, err := netip.ParseAddr(strings.TrimSpace(s))
		if err != nil {
			return false
		}
		for _, p := range trusted {
			if p.Contains(ip.Unmap()) {
				return true
			}
		}
		return false
	}
	if !isTrusted(host) {
		return host
	}
	var hops []string
	for _, h := range r.Header.Values("X-Forwarded-For") {
		hops = append(hops, strings.Split(h, ",")...)
	}
	for i := len(hops) - 1; i >= 0; i-- {
		hop := strings.TrimSpace(hops[i])
		if _, err := netip.ParseAddr(hop); err != nil {
			break // a malformed entry: stop trusting what lies beyond it
		}
		if !isTrusted(hop) {
			return hop
		}
	}
	return host
}

func infoFrom(ctx context.Context) requestInfo {
	info, _ := ctx.Value(requestInfoKey{}).(requestInfo)
	return info
}
