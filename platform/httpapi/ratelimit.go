package httpapi

import (
	"context"
	"log/slog"
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

// SharedCounter counts attempts in fixed windows that every node of a
// deployment shares (Redis), so a per-IP limit holds however a load
// balancer spreads the requests.
type SharedCounter interface {
	// Hit counts one attempt for key in a window of length window that
	// starts at the key's first attempt, and returns the attempts in the
	// current window and the time until it ends.
	Hit(ctx context.Context, key string, window time.Duration) (n int, reset time.Duration, err error)
}

// limiter counts attempts per key in fixed windows. Old windows are swept
// while counting, so it needs no goroutine. With a shared counter the
// count is the deployment's; when the counter fails (Redis down) the
// limit falls back to this node's own count rather than to no limit.
type limiter struct {
	limit  int
	window time.Duration
	name   string
	shared SharedCounter
	log    *slog.Logger

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

// allowShared counts through the shared counter when there is one; ok
// false means it could not answer and the local count decides.
func (l *limiter) allowShared(ctx context.Context, key string) (allowed bool, wait time.Duration, ok bool) {
	if l.shared == nil {
		return false, 0, false
	}
	n, reset, err := l.shared.Hit(ctx, l.name+":"+key, l.window)
	if err != nil {
		l.log.Warn("shared rate limit unavailable; counting on this node only", "limit", l.name, "err", err)
		return false, 0, false
	}
	if n > l.limit {
		return false, reset, true
	}
	return true, 0, true
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

func newLimiters(r RateLimits, shared SharedCounter, sharedBackoff SharedBackoff, log *slog.Logger) limiters {
	ls := limiters{
		loginIP:      newLimiter(r.LoginPerIPPerMinute, time.Minute),
		loginAccount: newBackoff(r.LoginFailuresPerAccount, time.Second, 15*time.Minute),
		registerIP:   newLimiter(r.RegisterPerIPPerHour, time.Hour),
		resetIP:      newLimiter(r.ResetPerIPPerHour, time.Hour),
		contactIP:    newLimiter(r.ContactPerIPPerHour, time.Hour),
	}
	ls.loginAccount.shared, ls.loginAccount.log = sharedBackoff, log
	for name, l := range map[string]*limiter{"login-ip": ls.loginIP, "register-ip": ls.registerIP, "reset-ip": ls.resetIP, "contact-ip": ls.contactIP} {
		l.name, l.shared, l.log = name, shared, log
	}
	return ls
}

// check returns a 429 problem with Retry-After when key is over l's limit.
func check(ctx context.Context, l *limiter, key string) error {
	if l == nil || l.limit <= 0 {
		return nil
	}
	ok, wait, answered := l.allowShared(ctx, key)
	if !answered {
		ok, wait = l.allow(key, time.Now())
	}
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
