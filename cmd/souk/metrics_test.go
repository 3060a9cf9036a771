package main

import (
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/livekit/protocol/auth"
	"github.com/livekit/protocol/livekit"
	"github.com/pion/rtp"
	"github.com/pion/webrtc/v4"

	"souk/signal/client"
)

// scrape reads /metrics with the token and returns the unlabelled samples
// and the raw text.
func scrape(t *testing.T, base, token string) (map[string]float64, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, base+"/metrics", nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /metrics: %s %s", resp.Status, body)
	}
	out := map[string]float64{}
	for _, line := range strings.Split(string(body), "\n") {
		f := strings.Fields(line)
		if len(f) == 2 && !strings.HasPrefix(line, "#") {
			if v, err := strconv.ParseFloat(f[1], 64); err == nil {
				out[f[0]] = v
			}
		}
	}
	return out, string(body)
}

func joinToken(t *testing.T, key, secret, room, identity string) string {
	t.Helper()
	tok, err := auth.NewAccessToken(key, secret).SetIdentity(identity).
		SetVideoGrant(&auth.VideoGrant{RoomJoin: true, Room: room}).SetValidFor(time.Hour).ToJWT()
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// During a real call (Go protocol clients, one publisher and one
// subscriber) the forwarded-packet counter rises, the room shows in the
// gauges, and the endpoint requires its bearer token.
func TestMetricsDuringCall(t *testing.T) {
	if testing.Short() {
		t.Skip("joins real peer connections")
	}
	const metricsToken = "scrape-secret"
	base, key, secret := serveInProcess(t, "SOUK_METRICS_TOKEN="+metricsToken)

	resp, err := http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("GET /metrics without a token: %s, want 401", resp.Status)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	pub, err := client.Connect(ctx, client.Config{URL: base, Token: joinToken(t, key, secret, "metrics", "alice"), IncludeLoopback: true})
	if err != nil {
		t.Fatal(err)
	}
	defer pub.Leave()
	track, err := pub.Publish(ctx, "camera", webrtc.MimeTypeVP8, livekit.TrackSource_CAMERA)
	if err != nil {
		t.Fatal(err)
	}
	sub, err := client.Connect(ctx, client.Config{URL: base, Token: joinToken(t, key, secret, "metrics", "bob"), IncludeLoopback: true})
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Leave()

	// A VP8 keyframe start (P bit clear) followed by interframes.
	go func() {
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for i := 0; ctx.Err() == nil; i++ {
			payload := []byte{0x10, 0x00, 0x9d, 0x01, 0x2a, byte(i)}
			if i%50 != 0 {
				payload[1] = 0x01
			}
			_ = track.WriteRTP(&rtp.Packet{Header: rtp.Header{Version: 2, SequenceNumber: uint16(i), Timestamp: uint32(i) * 900, Marker: true}, Payload: payload})
			<-tick.C
		}
	}()
	if _, err := sub.WaitTrack(ctx, track.Info.GetSid()); err != nil {
		t.Fatal(err)
	}

	first := waitMetric(ctx, t, base, metricsToken, "souk_media_forwarded_packets_total", 0)
	second := waitMetric(ctx, t, base, metricsToken, "souk_media_forwarded_packets_total", first)
	if second <= first {
		t.Fatalf("forwarded packets did not rise: %v then %v", first, second)
	}
	m, text := scrape(t, base, metricsToken)
	for name, want := range map[string]float64{"souk_media_rooms": 1, "souk_media_participants": 2, "souk_media_published_tracks": 1, "souk_media_subscribed_tracks": 1} {
		if m[name] != want {
			t.Errorf("%s = %v, want %v", name, m[name], want)
		}
	}
	if m["souk_media_forwarded_bytes_total"] <= 0 {
		t.Error("forwarded bytes not counted")
	}
	if m["souk_media_paused_subscriptions"] != 0 {
		t.Errorf("the one subscription counts as paused: %v", m["souk_media_paused_subscriptions"])
	}
	for _, want := range []string{`souk_http_requests_total{method="GET",route="/rtc",status="101"}`, "souk_http_request_duration_seconds_bucket", "go_goroutines", "souk_realtime_sockets",
		"souk_media_layer_switches_total", "souk_media_pauses_total", "souk_media_retransmitted_packets_total", "souk_media_rtx_sent_packets_total",
		"souk_media_rtx_received_packets_total", "souk_media_padding_bytes_total", "souk_media_estimated_downlink_bits_per_second"} {
		if !strings.Contains(text, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
}

// waitMetric polls until name is above floor.
func waitMetric(ctx context.Context, t *testing.T, base, token, name string, floor float64) float64 {
	t.Helper()
	for {
		m, _ := scrape(t, base, token)
		if v := m[name]; v > floor {
			return v
		}
		select {
		case <-ctx.Done():
			t.Fatalf("%s stayed at or below %v", name, floor)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// /metrics answers outside the router, yet its responses (refusals too)
// carry the security headers of every other response, HSTS included in
// production.
func TestMetricsSendsTheSecurityHeaders(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the whole server")
	}
	const metricsToken = "scrape-secret"
	base, _, _ := serveInProcess(t, "SOUK_MODE=production", "SOUK_METRICS_TOKEN="+metricsToken,
		"SOUK_MEDIA_KEYS=prodkey:"+strings.Repeat("k", 40), "SOUK_PLATFORM_MAIL_SMTP_HOST=127.0.0.1")
	get := func(path, token string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, base+path, nil)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp
	}
	api := get("/healthz", "").Header
	same := []string{"X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options", "Permissions-Policy",
		"Cross-Origin-Opener-Policy", "Strict-Transport-Security"}
	for _, name := range same {
		if api.Get(name) == "" {
			t.Fatalf("/healthz has no %s: the reference is wrong", name)
		}
	}
	for _, tc := range []struct {
		name, token string
		status      int
	}{
		{"scrape", metricsToken, http.StatusOK},
		{"no token", "", http.StatusUnauthorized},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp := get("/metrics", tc.token)
			if resp.StatusCode != tc.status {
				t.Fatalf("GET /metrics: %s, want %d", resp.Status, tc.status)
			}
			for _, name := range same {
				if got, want := resp.Header.Get(name), api.Get(name); got != want {
					t.Errorf("%s = %q, want %q as on /healthz", name, got, want)
				}
			}
			if !strings.Contains(resp.Header.Get("Content-Security-Policy"), "default-src 'self'") {
				t.Errorf("Content-Security-Policy = %q", resp.Header.Get("Content-Security-Policy"))
			}
		})
	}
}
