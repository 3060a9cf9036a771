package metrics

import (
	"bufio"
	"context"
	"errors"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/prometheus/client_golang/prometheus"
)

// unmatchedRoute labels requests no route pattern claimed (the web app's
// fallback, unknown paths), so the label set stays bounded.
const unmatchedRoute = "unmatched"

type httpMetrics struct {
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
}

func newHTTPMetrics() *httpMetrics {
	return &httpMetrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "souk_http_requests_total",
			Help: "HTTP requests by route pattern, method and status code.",
		}, []string{"route", "method", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "souk_http_request_duration_seconds",
			Help: "Time to serve an HTTP request (until the upgrade for WebSockets), by route pattern and method.",
			// 1 ms to 10 s.
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"route", "method"}),
	}
}

// middleware records each request under the route pattern chi matched.
// It sits outside the router, so it hands the router a routing context
// of its own and reads the pattern from it afterwards.
func (h *httpMetrics) middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rctx := chi.RouteContext(r.Context())
		if rctx == nil {
			rctx = chi.NewRouteContext()
			r = r.WithContext(context.WithValue(r.Context(), chi.RouteCtxKey, rctx))
		}
		rec := &recorder{ResponseWriter: w, start: time.Now()}
		defer func() {
			end := rec.end
			if end.IsZero() {
				end = time.Now()
			}
			status := rec.status
			if status == 0 {
				// A handler that wrote nothing (or panicked past every
				// recovery) leaves net/http to answer 200 or drop it.
				status = http.StatusOK
			}
			route := rctx.RoutePattern()
			if route == "" || route == "/*" {
				route = unmatchedRoute
			}
			method := normalMethod(r.Method)
			h.requests.WithLabelValues(route, method, strconv.Itoa(status)).Inc()
			h.duration.WithLabelValues(route, method).Observe(end.Sub(rec.start).Seconds())
		}()
		next.ServeHTTP(rec, r)
	})
}

// normalMethod keeps arbitrary method strings out of the labels.
func normalMethod(m string) string {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions:
		return m
	}
	return "OTHER"
}

// recorder notes the status and, for upgraded connections, when the
// handler let go of HTTP.
type recorder struct {
	http.ResponseWriter
	status int
	start  time.Time
	end    time.Time
}

func (r *recorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	return r.ResponseWriter.Write(b)
}

func (r *recorder) Flush() {
	if f, ok := r.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Hijack lets WebSocket upgrades through; the request counts as 101.
func (r *recorder) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	hj, ok := r.ResponseWriter.(http.Hijacker)
	if !ok {
		return nil, nil, errors.New("metrics: response writer cannot hijack")
	}
	c, rw, err := hj.Hijack()
	if err == nil {
		r.status, r.end = http.StatusSwitchingProtocols, time.Now()
	}
	return c, rw, err
}

// Unwrap gives http.ResponseController the underlying writer.
func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }
