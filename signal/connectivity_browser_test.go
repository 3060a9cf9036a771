package signal_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"souk/pionlog"
	"souk/sfu"
	"souk/signal"
	"souk/turn"
)

type iceServer struct {
	URLs       []string `json:"urls"`
	Username   string   `json:"username"`
	Credential string   `json:"credential"`
}

type scenario struct {
	Name           string         `json:"name"`
	Base           string         `json:"base"`
	Tokens         []string       `json:"tokens"`
	ConnectOptions map[string]any `json:"connectOptions,omitempty"`
	Expect         map[string]any `json:"expect"`
}

// stderrGuard replaces os.Stderr for the test: every line written there
// must be a slog record. Loggers created while it is in place (pion's
// defaults read os.Stderr when they are built) are caught by it.
func stderrGuard(t *testing.T) (check func()) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	orig := os.Stderr
	os.Stderr = w
	var mu sync.Mutex
	var stray []string
	done := make(chan struct{})
	go func() {
		defer close(done)
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			line := sc.Text()
			if !strings.HasPrefix(line, "time=") && !strings.HasPrefix(line, "{\"time\"") {
				mu.Lock()
				stray = append(stray, line)
				mu.Unlock()
			}
			_, _ = orig.WriteString(line + "\n")
		}
	}()
	return func() {
		os.Stderr = orig
		_ = w.Close()
		<-done
		_ = r.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, l := range stray {
			t.Errorf("stderr line not from slog: %s", l)
		}
	}
}

// Two participants decode each other's video when UDP to the media port is
// impossible: relayed through the embedded TURN server over UDP, TCP and
// TLS (browser forced to relay-only), and over ICE-TCP when the SFU offers
// no UDP at all.
func TestBrowserConnectivity(t *testing.T) {
	requireBrowser(t)
	checkStderr := stderrGuard(t)
	defer checkStderr()
	// Everything the servers log goes to slog; warnings and errors are
	// shown, so that a failure explains itself.
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	if os.Getenv("SFU_TEST_LOG") != "" {
		log = testLogger()
	}
	quietPion := pionlog.New(log)

	dir := t.TempDir()
	certFile, keyFile := filepath.Join(dir, "turn.pem"), filepath.Join(dir, "turn.key")
	if err := turn.WriteSelfSignedCert(certFile, keyFile, time.Now().Add(time.Hour), "127.0.0.1", "localhost"); err != nil {
		t.Fatal(err)
	}
	ts, err := turn.New(context.Background(), turn.Config{
		ListenIP: "127.0.0.1", UDPPort: -1, TCPPort: -1, TLSPort: -1, CertFile: certFile, KeyFile: keyFile,
		Secret: "connectivity-test-secret", AllowPeers: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")},
	}, log)
	if err != nil {
		t.Fatal(err)
	}
	defer ts.Close()

	relaySrv := startServer(t, func(c *sfu.Config, _ *signal.Config) {
		c.WebRTC.LoggerFactory = quietPion
		c.ICEServers = ts.ICEServers
	})
	tcpSrv := startServer(t, func(c *sfu.Config, _ *signal.Config) {
		c.WebRTC.LoggerFactory = quietPion
		c.WebRTC.DisableUDP, c.WebRTC.TCPPort, c.WebRTC.TCPListenIP = true, -1, "127.0.0.1"
	})

	// The JoinResponse lists exactly the configured transports.
	urls := ts.ICEServers("x")[0].GetUrls()
	if len(urls) != 3 || !strings.HasSuffix(urls[0], "?transport=udp") || !strings.HasPrefix(urls[2], "turns:") {
		t.Fatalf("advertised urls: %v", urls)
	}
	relayVia := func(name, urlPrefix, proto string) scenario {
		var only []string
		for _, u := range urls {
			if strings.HasPrefix(u, urlPrefix) {
				only = append(only, u)
			}
		}
		user, pass := ts.Credentials(name)
		room := "relay-" + proto
		return scenario{
			Name: name, Base: relaySrv.URL, Tokens: []string{token(t, room, "alice"), token(t, room, "bob")},
			ConnectOptions: map[string]any{"rtcConfig": map[string]any{
				"iceTransportPolicy": "relay",
				"iceServers":         []iceServer{{URLs: only, Username: user, Credential: pass}},
			}},
			Expect: map[string]any{"local": map[string]any{"type": "relay", "relayProtocol": proto}},
		}
	}
	scenarios := []scenario{
		relayVia("turn_udp", urls[0], "udp"),
		relayVia("turn_tcp", urls[1], "tcp"),
		relayVia("turns", urls[2], "tls"),
		{
			Name: "ice_tcp", Base: tcpSrv.URL, Tokens: []string{token(t, "tcp-only", "alice"), token(t, "tcp-only", "bob")},
			Expect: map[string]any{"local": map[string]any{"protocol": "tcp"}, "remote": map[string]any{"protocol": "tcp"}},
		},
	}
	spec := filepath.Join(dir, "scenarios.json")
	raw, _ := json.Marshal(scenarios)
	if err := os.WriteFile(spec, raw, 0o600); err != nil {
		t.Fatal(err)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 180*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", "testdata/browser/connectivity.mjs", spec)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	var res struct {
		Results map[string]struct {
			OK     bool            `json:"ok"`
			Ms     int             `json:"ms"`
			Error  string          `json:"error"`
			Detail json.RawMessage `json:"detail"`
		} `json:"results"`
		Logs []string `json:"logs"`
	}
	if err := json.Unmarshal(bytes.TrimSpace(stdout.Bytes()), &res); err != nil {
		t.Fatalf("script output unreadable (run err %v): %v\nstdout: %s\nstderr: %s", runErr, err, stdout.String(), stderr.String())
	}
	for _, sc := range scenarios {
		r, ok := res.Results[sc.Name]
		switch {
		case !ok:
			t.Errorf("%s did not run", sc.Name)
		case !r.OK:
			t.Errorf("%s failed: %s", sc.Name, r.Error)
		default:
			t.Logf("%s ok in %d ms: %s", sc.Name, r.Ms, r.Detail)
		}
	}
	if stderr.Len() > 0 {
		t.Errorf("browser run wrote to stderr: %s", stderr.String())
	}
	if t.Failed() {
		for _, l := range res.Logs {
			t.Log("browser:", l)
		}
	}
	if st := ts.Stats(); st.AuthFailures != 0 {
		t.Errorf("turn stats after the run: %+v", st)
	}
}

// The codec settings reach the client as enabled_publish_codecs.
func TestEnabledPublishCodecs(t *testing.T) {
	cases := []struct {
		name   string
		codecs sfu.CodecConfig
		want   []string
	}{
		{"default", sfu.CodecConfig{}, []string{"audio/opus", "audio/red", "video/VP8", "video/H264", "video/VP9", "video/AV1"}},
		{"h264 first, no red", sfu.CodecConfig{Video: []string{"h264", "vp8"}, DisableRED: true, H264Profiles: []string{"42e01f"}},
			[]string{"audio/opus", "video/H264", "video/VP8"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ts := startServer(t, func(c *sfu.Config, _ *signal.Config) { c.WebRTC.Codecs = tc.codecs })
			c := connect(t, ts, "codecs-"+strings.ReplaceAll(tc.name, " ", "-"), "alice")
			var got []string
			for _, codec := range c.JoinResponse().GetEnabledPublishCodecs() {
				got = append(got, codec.GetMime())
			}
			if strings.Join(got, ",") != strings.Join(tc.want, ",") {
				t.Errorf("enabled_publish_codecs %v, want %v", got, tc.want)
			}
		})
	}
}
