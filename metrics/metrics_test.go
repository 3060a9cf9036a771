package metrics

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"souk/platform/realtime"
	"souk/roomservice/webhook"
	"souk/sfu"
	"souk/turn"
)

func get(t *testing.T, h http.Handler, method, path, auth string) (int, string) {
	t.Helper()
	req := httptest.NewRequest(method, path, nil)
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	b, _ := io.ReadAll(rec.Result().Body)
	return rec.Code, string(b)
}

func TestWrapLabelsRoutesAndServesMetrics(t *testing.T) {
	m, err := New(Options{
		Media: StatsFunc[sfu.Stats](func() sfu.Stats {
			return sfu.Stats{Rooms: 2, PacketsForwarded: 42, RTXSent: 3, EstimatedBitrate: 1500000, PausedTracks: 1,
				Probes: 4, UDPDatagrams: 9, UDPWrites: 4, UDPDirect: 6, UDPDirectIn: 8, UDPDirectRTCP: 2, UDPDirectSTUN: 5,
				Downlinks: []sfu.DownlinkStats{
					{Participant: "a", TransportCC: true, EstimatedBitrate: 2_000_000},
					// Without transport-wide feedback there is no
					// send-side estimate: left out of min and sum.
					{Participant: "b", EstimatedBitrate: 100_000},
					{Participant: "c", TransportCC: true, EstimatedBitrate: 300_000},
				}}
		}),
		TURN:     StatsFunc[turn.Stats](func() turn.Stats { return turn.Stats{Allocations: 1, PeerRefusals: 3} }),
		Realtime: StatsFunc[realtime.Stats](func() realtime.Stats { return realtime.Stats{Sockets: 5} }),
		Webhooks: StatsFunc[webhook.Stats](func() webhook.Stats { return webhook.Stats{Delivered: 7, Dropped: 2} }),
	})
	if err != nil {
		t.Fatal(err)
	}
	r := chi.NewRouter()
	r.Get("/api/offers/{id}", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNotFound) })
	r.Get("/healthz", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") })
	h := m.Wrap(r)
	get(t, h, http.MethodGet, "/api/offers/1", "")
	get(t, h, http.MethodGet, "/api/offers/2", "")
	get(t, h, http.MethodGet, "/healthz", "")
	get(t, h, http.MethodGet, "/no/such/page", "")
	get(t, h, "BREW", "/healthz", "")

	code, body := get(t, h, http.MethodGet, Path, "")
	if code != http.StatusOK {
		t.Fatalf("GET /metrics: %d %s", code, body)
	}
	for _, want := range []string{
		`souk_http_requests_total{method="GET",route="/api/offers/{id}",status="404"} 2`,
		`souk_http_requests_total{method="GET",route="/healthz",status="200"} 1`,
		`souk_http_requests_total{method="GET",route="unmatched",status="404"} 1`,
		`souk_http_requests_total{method="OTHER",route="unmatched",status="405"} 1`,
		`souk_http_request_duration_seconds_count{method="GET",route="/api/offers/{id}"} 2`,
		"souk_media_rooms 2",
		"souk_media_forwarded_packets_total 42",
		"souk_media_rtx_sent_packets_total 3",
		"souk_media_udp_datagrams_total 9",
		"souk_media_udp_writes_total 4",
		"souk_media_udp_direct_packets_total 6",
		"souk_media_udp_direct_received_packets_total 8",
		"souk_media_udp_direct_rtcp_packets_total 2",
		"souk_media_udp_direct_stun_answers_total 5",
		"souk_media_estimated_downlink_bits_per_second 1.5e+06",
		"souk_media_paused_subscriptions 1",
		"souk_media_bandwidth_probes_total 4",
		"souk_media_downlink_estimate_min_bits 300000",
		"souk_media_downlink_estimate_sum_bits 2.3e+06",
		"souk_turn_allocations 1",
		"souk_turn_peer_refusals_total 3",
		"souk_realtime_sockets 5",
		"souk_webhook_delivered_total 7",
		"souk_webhook_dropped_total 2",
		"souk_webhook_failed_total 0",
		"go_goroutines",
		"process_cpu_seconds_total",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("metrics lack %q", want)
		}
	}
}

func TestMetricsToken(t *testing.T) {
	m, err := New(Options{Token: "s3cret"})
	if err != nil {
		t.Fatal(err)
	}
	h := m.Wrap(http.NotFoundHandler())
	tests := []struct {
		name, method, auth string
		want               int
	}{
		{"no token", http.MethodGet, "", http.StatusUnauthorized},
		{"wrong token", http.MethodGet, "Bearer nope", http.StatusUnauthorized},
		{"basic scheme", http.MethodGet, "Basic s3cret", http.StatusUnauthorized},
		{"right token", http.MethodGet, "Bearer s3cret", http.StatusOK},
		{"post", http.MethodPost, "Bearer s3cret", http.StatusMethodNotAllowed},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, body := get(t, h, tc.method, Path, tc.auth)
			if code != tc.want {
				t.Fatalf("got %d %s, want %d", code, body, tc.want)
			}
			if code != http.StatusOK && !strings.Contains(body, `"status":`) {
				t.Errorf("error is not a problem document: %s", body)
			}
		})
	}
}

// The scrape middleware (the server's security headers) wraps every answer
// of the endpoint, refusals included, and nothing else.
func TestScrapeMiddlewareWrapsEveryAnswer(t *testing.T) {
	m, err := New(Options{Token: "s3cret", ScrapeMiddleware: func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("X-Frame-Options", "DENY")
			next.ServeHTTP(w, r)
		})
	}})
	if err != nil {
		t.Fatal(err)
	}
	h := m.Wrap(http.NotFoundHandler())
	tests := []struct {
		name, method, path, auth string
		want                     int
		wrapped                  bool
	}{
		{"scrape", http.MethodGet, Path, "Bearer s3cret", http.StatusOK, true},
		{"no token", http.MethodGet, Path, "", http.StatusUnauthorized, true},
		{"wrong method", http.MethodDelete, Path, "Bearer s3cret", http.StatusMethodNotAllowed, true},
		{"another path", http.MethodGet, "/elsewhere", "", http.StatusNotFound, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest(tc.method, tc.path, nil)
			if tc.auth != "" {
				req.Header.Set("Authorization", tc.auth)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != tc.want {
				t.Fatalf("status %d, want %d", rec.Code, tc.want)
			}
			if got := rec.Header().Get("X-Frame-Options") == "DENY"; got != tc.wrapped {
				t.Errorf("wrapped = %v, want %v", got, tc.wrapped)
			}
		})
	}
}
