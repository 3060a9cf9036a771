package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/livekit/protocol/auth"

	"souk/benchmarks/mediabench"
)

// A short livestream against a real server: media must flow to every
// subscriber on both tracks and the forwarding delay must be measured.
// Speed is not judged here (that is what `souk bench` itself reports).
func TestBenchSmoke(t *testing.T) {
	if testing.Short() {
		t.Skip("joins real peer connections")
	}
	for _, path := range []string{"v0", "v1"} {
		t.Run(path, func(t *testing.T) {
			url, key, secret := serveInProcess(t)
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			var stdout, stderr bytes.Buffer
			err := run(ctx, []string{"bench", "--url", url, "--api-key", key, "--api-secret", secret,
				"--scenario", "livestream", "--subscribers", "2", "--duration", "2s", "--join-path", path,
				"--probe-packets", "2000", "--json"}, nil, &stdout, &stderr)
			if err != nil {
				t.Fatalf("bench: %v\n%s", err, stderr.String())
			}
			var rep mediabench.Report
			if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
				t.Fatalf("report is not JSON: %v\n%s", err, stdout.String())
			}
			if rep.SubscribersJoined != 2 || rep.JoinFailures != 0 || rep.FailedSubscribers != 0 {
				t.Fatalf("joined %d of 2, %d join failures, %d failed", rep.SubscribersJoined, rep.JoinFailures, rep.FailedSubscribers)
			}
			if len(rep.Warnings) > 0 {
				t.Errorf("warnings against a lone node: %v", rep.Warnings)
			}
			t.Logf("server forwarded %d packets, bots received %d", rep.Server.ForwardedPackets, rep.Total.Packets)
			kinds := map[string]mediabench.RoleStats{}
			for _, r := range rep.Roles {
				kinds[r.Role] = r
			}
			for _, role := range []string{"video publishers", "audio publishers", "subscribers, video", "subscribers, audio"} {
				r, ok := kinds[role]
				if !ok || r.Packets == 0 {
					t.Errorf("%s: no packets (%+v)", role, r)
				}
				if role == "subscribers, video" && (r.FirstVideoP50 <= 0 || r.FirstVideoP99 < r.FirstVideoP50) {
					t.Errorf("%s: join to first video p50 %.1f p99 %.1f ms", role, r.FirstVideoP50, r.FirstVideoP99)
				}
				if strings.HasPrefix(role, "subscribers") && (r.DelaySamples == 0 || r.DelayP50Ms <= 0) {
					t.Errorf("%s: forwarding delay not measured (%d samples, p50 %.3f ms)", role, r.DelaySamples, r.DelayP50Ms)
				}
			}
			for _, s := range rep.PerSub {
				if s.Packets == 0 || s.Tracks != 2 || s.FirstMediaMs <= 0 || s.FirstVideoMs < s.FirstMediaMs {
					t.Errorf("subscriber %s: %d packets on %d tracks, first media %.1f ms, first video %.1f ms", s.Identity, s.Packets, s.Tracks, s.FirstMediaMs, s.FirstVideoMs)
				}
			}
			if rep.Server.ForwardedPackets == 0 || rep.Server.ForwardedFrom != "server metrics" {
				t.Errorf("server forwarded %d packets (%s)", rep.Server.ForwardedPackets, rep.Server.ForwardedFrom)
			}
			if rep.Probe == nil || rep.Probe.FloorUs <= 0 || rep.Server.UsPerPacket <= 0 || rep.Server.RatioToFloor <= 0 {
				t.Errorf("no CPU per packet against the probe: server %+v probe %+v", rep.Server, rep.Probe)
			}
		})
	}
}

// A run whose subscribers get audio but no video fails (exit 1), naming
// them, however clean their audio is. The video publisher is sent to
// another room by the token endpoint, so its video never reaches them.
func TestBenchFailsWithoutVideo(t *testing.T) {
	if testing.Short() {
		t.Skip("joins real peer connections")
	}
	url, key, secret := serveInProcess(t)
	tokens := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		room, identity := r.URL.Query().Get("room"), r.URL.Query().Get("identity")
		if identity == "publisher-1" {
			room += "-elsewhere"
		}
		yes := true
		tok, err := auth.NewAccessToken(key, secret).SetIdentity(identity).
			SetVideoGrant(&auth.VideoGrant{RoomJoin: true, Room: room, CanPublish: &yes, CanSubscribe: &yes}).SetValidFor(time.Hour).ToJWT()
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		_ = json.NewEncoder(w).Encode(map[string]string{"token": tok})
	}))
	defer tokens.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var stdout, stderr bytes.Buffer
	err := run(ctx, []string{"bench", "--url", url, "--token-url", tokens.URL,
		"--scenario", "livestream", "--video-publishers", "1", "--audio-publishers", "2", "--subscribers", "2",
		"--duration", "2s", "--probe-packets", "0"}, nil, &stdout, &stderr)
	t.Logf("output:\n%s", stdout.String())
	if err == nil || !strings.Contains(err.Error(), "2 of 2 subscribers failed") || !strings.Contains(err.Error(), "no video") {
		t.Fatalf("bench error %v, want 2 of 2 subscribers failing for no video", err)
	}
	for _, want := range []string{"2 failed, 0 held under 1% loss", "FAILED: no video"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("report lacks %q", want)
		}
	}
}

func TestBenchRejectsBadFlags(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no credentials", []string{"--url", "http://127.0.0.1:1"}, "--api-key"},
		{"unknown scenario", []string{"--api-key", "k", "--api-secret", "s", "--scenario", "party"}, "--scenario"},
		{"unknown codec", []string{"--api-key", "k", "--api-secret", "s", "--codec", "av1"}, "--codec"},
		{"bad join path", []string{"--api-key", "k", "--api-secret", "s", "--join-path", "v2"}, "--join-path"},
		{"bad resolution", []string{"--api-key", "k", "--api-secret", "s", "--resolution", "4k"}, "--resolution"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			err := run(context.Background(), append([]string{"bench"}, tc.args...), nil, &stdout, &stderr)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error naming %s", err, tc.want)
			}
		})
	}
}
