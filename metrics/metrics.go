package metrics

import (
	"crypto/subtle"
	"fmt"
	"net/http"
	"strings"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Path is where metrics are served.
const Path = "/metrics"

// Options lists the sources to report. A nil source leaves its metrics out.
type Options struct {
	Media    MediaSource
	TURN     TURNSource
	Realtime RealtimeSource
	Webhooks WebhookSource
	// Token, when set, must be presented as "Authorization: Bearer <token>".
	Token string
	// ScrapeMiddleware, when set, wraps the endpoint's every answer
	// (metrics, 401, 405): the server's security headers, which the rest
	// of its responses get from its router.
	ScrapeMiddleware func(http.Handler) http.Handler
}

// Metrics owns one registry: the product's collectors, HTTP request
// metrics and the Go runtime and process collectors.
type Metrics struct {
	reg      *prometheus.Registry
	token    string
	http     *httpMetrics
	handler  http.Handler
	endpoint http.Handler
}

// New registers the collectors.
func New(opts Options) (*Metrics, error) {
	reg := prometheus.NewRegistry()
	cs := []prometheus.Collector{
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
	}
	if opts.Media != nil {
		cs = append(cs, mediaCollector(opts.Media))
	}
	if opts.TURN != nil {
		cs = append(cs, turnCollector(opts.TURN))
	}
	if opts.Realtime != nil {
		cs = append(cs, realtimeCollector(opts.Realtime))
	}
	if opts.Webhooks != nil {
		cs = append(cs, webhookCollector(opts.Webhooks))
	}
	h := newHTTPMetrics()
	cs = append(cs, h.requests, h.duration)
	for _, c := range cs {
		if err := reg.Register(c); err != nil {
			return nil, fmt.Errorf("metrics: register: %w", err)
		}
	}
	m := &Metrics{
		reg:     reg,
		token:   opts.Token,
		http:    h,
		handler: promhttp.HandlerFor(reg, promhttp.HandlerOpts{}),
	}
	m.endpoint = http.HandlerFunc(m.scrape)
	if opts.ScrapeMiddleware != nil {
		m.endpoint = opts.ScrapeMiddleware(m.endpoint)
	}
	return m, nil
}

// Wrap serves GET /metrics itself (before any site resolution, so a
// scraper can use the bare address) and records every other request.
func (m *Metrics) Wrap(next http.Handler) http.Handler {
	observed := m.http.middleware(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != Path {
			observed.ServeHTTP(w, r)
			return
		}
		m.ServeHTTP(w, r)
	})
}

// ServeHTTP answers a scrape through the scrape middleware.
func (m *Metrics) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	m.endpoint.ServeHTTP(w, r)
}

// scrape checks the method and, when one is set, the bearer token.
func (m *Metrics) scrape(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		problem(w, http.StatusMethodNotAllowed, r.Method+" is not allowed on "+Path)
		return
	}
	if m.token != "" && !m.authorized(r) {
		w.Header().Set("WWW-Authenticate", `Bearer realm="metrics"`)
		problem(w, http.StatusUnauthorized, "a valid bearer token is required for "+Path)
		return
	}
	m.handler.ServeHTTP(w, r)
}

func (m *Metrics) authorized(r *http.Request) bool {
	got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	return ok && subtle.ConstantTimeCompare([]byte(strings.TrimSpace(got)), []byte(m.token)) == 1
}

// problem writes an RFC 9457 problem document.
func problem(w http.ResponseWriter, status int, detail string) {
	w.Header().Set("Content-Type", "application/problem+json")
	w.WriteHeader(status)
	fmt.Fprintf(w, `{"type":"about:blank","title":%q,"status":%d,"detail":%q}`, http.StatusText(status), status, detail)
}
