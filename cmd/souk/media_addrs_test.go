package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"

	"souk/config"
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
