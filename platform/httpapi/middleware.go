package httpapi

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"regexp"
	"runtime/debug"
	"strings"
	"time"

	"souk/config"
	"souk/platform"
)

type loggerKey struct{}

// LoggerFrom returns the request-scoped logger (with request_id), or the
// default logger outside a request.
func LoggerFrom(ctx context.Context) *slog.Logger {
	if l, ok := ctx.Value(loggerKey{}).(*slog.Logger); ok {
		return l
	}
	return slog.Default()
}

var requestIDPattern = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)

// requestID tags each request with an id, taken from a sane incoming
// X-Request-Id (so proxies can correlate) or generated, echoes it, and
// stores a logger carrying it.
func requestID(base *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			id := r.Header.Get("X-Request-Id")
			if !requestIDPattern.MatchString(id) {
				var b [8]byte
				rand.Read(b[:])
				id = hex.EncodeToString(b[:])
			}
			w.Header().Set("X-Request-Id", id)
			ctx := context.WithValue(r.Context(), loggerKey{}, base.With("request_id", id))
			next.ServeHTTP(w, r.WithContext(ctx))
		})
	}
}

// statusRecorder remembers the status and size for the access log. It
// keeps http.Flusher and Hijacker reachable through Unwrap, which
// WebSocket upgrades need.
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.bytes += n
	return n, err
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// Hijack hands the connection over for WebSocket upgrades; libraries such
// as gorilla/websocket type-assert http.Hijacker on the writer they get.
// Every upgrade below the access log passes here.
func (s *statusRecorder) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	conn, rw, err := http.NewResponseController(s.ResponseWriter).Hijack()
	if err != nil {
		return conn, rw, err
	}
	if s.status == 0 {
		s.status = http.StatusSwitchingProtocols
	}
	// The server's read and write timeouts are for requests; a WebSocket
	// keeps its own deadlines (pings, per-write timeouts) from here on.
	conn.SetDeadline(time.Time{})
	return conn, rw, err
}

func (s *statusRecorder) Flush() {
	if f, ok := s.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// accessLog writes one line per request, and recovers panics into a 500
// problem so that no panic reaches a user as a dropped connection. The
// line is at debug level, so a default console shows no routine traffic;
// failures (5xx) and requests slower than slow (when > 0) are at warn.
func accessLog(slow time.Duration) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			rec := &statusRecorder{ResponseWriter: w}
			log := LoggerFrom(r.Context())
			defer func() {
				if p := recover(); p != nil {
					if p == http.ErrAbortHandler {
						panic(p)
					}
					log.Error("panic while serving request", "panic", p, "path", r.URL.Path, "stack", string(debug.Stack()))
					if rec.status == 0 {
						writeProblem(rec, http.StatusInternalServerError, "internal error")
					}
				}
				took := time.Since(start)
				level, msg := slog.LevelDebug, "http request"
				switch {
				case rec.status >= 500:
					level, msg = slog.LevelWarn, "http request failed"
				// A WebSocket lives as long as its connection, and a
				// long-polling GET waits for news by design: never "slow".
				case slow > 0 && took >= slow && rec.status != http.StatusSwitchingProtocols && !isLongPoll(r):
					level, msg = slog.LevelWarn, "slow http request"
				}
				if !log.Enabled(r.Context(), level) {
					return
				}
				log.Log(r.Context(), level, msg, "method", r.Method, "path", r.URL.Path,
					"status", rec.status, "bytes", rec.bytes, "duration", took.Round(time.Microsecond))
			}()
			next.ServeHTTP(rec, r)
		})
	}
}

// isLongPoll reports whether r is a realtime long-polling GET of an open
// session, which the server holds until it has something to send.
func isLongPoll(r *http.Request) bool {
	if r.Method != http.MethodGet || !strings.HasPrefix(r.URL.Path, "/socket.io/") {
		return false
	}
	q := r.URL.Query()
	return q.Get("transport") == "polling" && q.Get("sid") != ""
}

// resolveSite puts the request's site in the context. In production an
// unknown host gets a 404 rather than any other tenant's site.
func resolveSite(sites *config.SiteSet) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/healthz" || r.URL.Path == "/readyz" {
				next.ServeHTTP(w, r)
				return
			}
			site, err := sites.Resolve(r.Host)
			if err != nil {
				if !errors.Is(err, config.ErrUnknownHost) {
					LoggerFrom(r.Context()).Error("resolve site", "host", r.Host, "err", err)
				}
				writeProblem(w, http.StatusNotFound, "no site is configured for the host name "+strings.ToLower(hostOnly(r.Host)))
				return
			}
			next.ServeHTTP(w, r.WithContext(platform.WithSite(r.Context(), site)))
		})
	}
}

func hostOnly(h string) string {
	if i := strings.LastIndexByte(h, ':'); i > 0 && !strings.HasSuffix(h, "]") {
		return h[:i]
	}
	return h
}
