package main

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha1"
	"encoding/base64"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"testing"
	"time"

	"souk/config"
	"souk/signal"
	"souk/turn"
)

// The advertised address comes from node_ips, else STUN discovery, else a
// named interface.
func TestResolveNodeIPs(t *testing.T) {
	stun, err := turn.New(context.Background(), turn.Config{ListenIP: "127.0.0.1", UDPPort: -1, Secret: "s"},
		slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer stun.Close()
	cases := []struct {
		name string
		m    config.Media
		want string
	}{
		{"node ips win", config.Media{NodeIPs: []string{"203.0.113.9"}, NodeIPInterface: "lo"}, "203.0.113.9"},
		{"stun discovery", config.Media{STUNDiscovery: true, STUNServers: []string{"stun:" + stun.UDPAddr().String()}}, "127.0.0.1"},
		{"interface", config.Media{NodeIPInterface: "lo"}, "127.0.0.1"},
		{"nothing set", config.Media{}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ips, err := resolveNodeIPs(context.Background(), tc.m)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(ips, ","); !strings.HasPrefix(got, tc.want) || (tc.want == "" && got != "") {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
	if _, err := resolveNodeIPs(context.Background(), config.Media{NodeIPInterface: "no-such-interface0"}); err == nil {
		t.Error("unknown interface accepted")
	}
}

// In production, addresses browsers cannot reach are named with what to do.
func TestAdvertisedWarnings(t *testing.T) {
	var buf bytes.Buffer
	cfg := config.DefaultConfig()
	cfg.Mode = config.Production
	cfg.Media.NodeIPs = []string{"10.1.2.3"}
	cfg.Media.UDPPort = 0
	logAdvertised(slog.New(slog.NewTextHandler(&buf, nil)), cfg, cfg.Media.NodeIPs, nil)
	out := buf.String()
	for _, want := range []string{
		"media advertised to browsers", "ips=10.1.2.3",
		"media address 10.1.2.3 is a private address: browsers outside this network cannot reach it; set media.node_ips",
		"media.udp_port is 0", "no TURN server",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	buf.Reset()
	cfg.Media.NodeIPs = []string{"203.0.113.9"}
	cfg.Media.UDPPort = 7882
	cfg.Media.TURN.ExternalURLs = []string{"turn:turn.example.org:3478"}
	logAdvertised(slog.New(slog.NewTextHandler(&buf, nil)), cfg, cfg.Media.NodeIPs, nil)
	if strings.Contains(buf.String(), "level=WARN") {
		t.Errorf("public setup warned:\n%s", buf.String())
	}
}

// JoinResponse.ice_servers: the embedded server's configured transports,
// external TURN servers with credentials under the shared secret, then STUN.
func TestICEServersList(t *testing.T) {
	m := config.DefaultMedia()
	m.TURN.Secret = "shared"
	m.TURN.ExternalURLs = []string{"turns:turn.example.org:443?transport=tcp"}
	m.STUNServers = []string{"stun:stun.example.org:3478"}
	embedded, err := turn.New(context.Background(), turn.Config{ListenIP: "127.0.0.1", UDPPort: -1, TCPPort: -1, Secret: "shared"},
		slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer embedded.Close()
	list := iceServers(m, embedded)(signal.ICEGrant{Identity: "alice", Relay: true})
	if len(list) != 3 {
		t.Fatalf("ice servers: %v", list)
	}
	if u := list[0].GetUrls(); len(u) != 2 || !strings.HasSuffix(u[0], "?transport=udp") || !strings.HasSuffix(u[1], "?transport=tcp") {
		t.Errorf("embedded urls %v: want exactly udp and tcp", u)
	}
	ext := list[1]
	if ext.GetUrls()[0] != m.TURN.ExternalURLs[0] || !strings.HasSuffix(ext.GetUsername(), ":alice") {
		t.Errorf("external entry %v", ext)
	}
	// The external server checks the TURN REST HMAC under the shared secret.
	mac := hmac.New(sha1.New, []byte("shared"))
	mac.Write([]byte(ext.GetUsername()))
	if wantPass := base64.StdEncoding.EncodeToString(mac.Sum(nil)); ext.GetCredential() != wantPass {
		t.Errorf("external credential %q, want %q", ext.GetCredential(), wantPass)
	}
	if list[2].GetUrls()[0] != m.STUNServers[0] || list[2].GetUsername() != "" {
		t.Errorf("stun entry %v", list[2])
	}
	if f := iceServers(config.Media{}, nil); f != nil {
		t.Error("ice servers without any server")
	}
}

// TURN credentials go to joins whose token allows the relay, name the
// token's sign-in session, and end when the token does.
func TestICEServersFollowTheToken(t *testing.T) {
	m := config.DefaultMedia()
	m.TURN.Secret = "shared"
	m.TURN.ExternalURLs = []string{"turns:turn.example.org:443?transport=tcp"}
	m.STUNServers = []string{"stun:stun.example.org:3478"}
	list := iceServers(m, nil)
	if got := list(signal.ICEGrant{Identity: "alice", Session: "s1", Relay: false}); len(got) != 1 || got[0].GetUsername() != "" {
		t.Errorf("a token without the relay got %v, want STUN only", got)
	}
	expires := time.Now().Add(7 * time.Minute).Truncate(time.Second)
	got := list(signal.ICEGrant{Identity: "alice", Session: "s1", Relay: true, Expires: expires})
	if len(got) != 2 {
		t.Fatalf("ice servers %v", got)
	}
	parts := strings.Split(got[0].GetUsername(), ":")
	if len(parts) != 4 || parts[0] != strconv.FormatInt(expires.Unix(), 10) || parts[1] != "alice" || parts[2] != turn.SessionRef("s1") {
		t.Errorf("username %q: want <token expiry>:alice:<session ref>:<issued>", got[0].GetUsername())
	}
	// A token living longer than credential_ttl gets credential_ttl.
	far := list(signal.ICEGrant{Identity: "alice", Relay: true, Expires: time.Now().Add(48 * time.Hour)})
	exp, _, _ := strings.Cut(far[0].GetUsername(), ":")
	if n, _ := strconv.ParseInt(exp, 10, 64); time.Until(time.Unix(n, 0)) > m.TURN.CredentialTTL {
		t.Errorf("credential expires %v from now, beyond credential_ttl %v", time.Until(time.Unix(n, 0)), m.TURN.CredentialTTL)
	}
}
