package config

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Connectivity settings name their key when wrong.
func TestMediaConnectivityMistakes(t *testing.T) {
	cases := []struct {
		name    string
		env     []string
		wantErr string
	}{
		{"tcp port out of range", []string{"SOUK_MEDIA_TCP_PORT=70000"}, "media.tcp_port"},
		{"tcp port equals udp port", []string{"SOUK_MEDIA_TCP_PORT=7882"}, "media.tcp_port"},
		{"discovery without stun server", []string{"SOUK_MEDIA_STUN_DISCOVERY=true"}, "media.stun_discovery"},
		{"discovery and node ips", []string{"SOUK_MEDIA_STUN_DISCOVERY=true", "SOUK_MEDIA_STUN_SERVERS=stun:stun.example.org:3478", "SOUK_MEDIA_NODE_IPS=203.0.113.1"}, "media.stun_discovery"},
		{"stun url scheme", []string{"SOUK_MEDIA_STUN_SERVERS=stun.example.org"}, "media.stun_servers"},
		{"ip filter not cidr", []string{"SOUK_MEDIA_IPS=10.0.0.1"}, "media.ips"},
		{"allow peers not cidr", []string{"SOUK_MEDIA_TURN_ALLOW_PEERS=localhost"}, "media.turn.allow_peers"},
		{"cert without key", []string{"SOUK_MEDIA_TURN_CERT_FILE=/etc/cert.pem"}, "media.turn.cert_file"},
		{"no turn listener", []string{"SOUK_MEDIA_TURN_UDP_PORT=0", "SOUK_MEDIA_TURN_TCP_PORT=0"}, "media.turn.udp_port"},
		{"turn port out of range", []string{"SOUK_MEDIA_TURN_TLS_PORT=-1"}, "media.turn.tls_port"},
		{"tiny byte rate", []string{"SOUK_MEDIA_TURN_BYTES_PER_SECOND=100"}, "media.turn.bytes_per_second"},
		{"total below per user", []string{"SOUK_MEDIA_TURN_MAX_ALLOCATIONS=2"}, "media.turn.max_allocations"},
		{"external without secret", []string{"SOUK_MEDIA_TURN_EXTERNAL_URLS=turn:turn.example.org:3478"}, "media.turn.secret"},
		{"external scheme", []string{"SOUK_MEDIA_TURN_SECRET=s", "SOUK_MEDIA_TURN_EXTERNAL_URLS=http://x"}, "media.turn.external_urls"},
		{"unknown video codec", []string{"SOUK_MEDIA_CODECS_VIDEO=vp8,h265"}, "media.codecs.video"},
		{"no audio codec", []string{"SOUK_MEDIA_CODECS_AUDIO="}, "media.codecs.audio"},
		{"bad h264 profile", []string{"SOUK_MEDIA_CODECS_H264_PROFILES=baseline"}, "media.codecs.h264_profiles"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := Load("", tc.env)
			if err == nil {
				cfg.Media.Keys = validKeys()
				err = cfg.Validate()
			}
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("error = %v, want one containing %q", err, tc.wantErr)
			}
		})
	}
}

func TestTURNSecretPersists(t *testing.T) {
	dir := t.TempDir()
	first := DefaultConfig()
	first.DataDir = dir
	if gen, err := first.EnsureTURNSecret(); err != nil || !gen || len(first.Media.TURN.Secret) < 32 {
		t.Fatalf("generated %v %v %q", gen, err, first.Media.TURN.Secret)
	}
	second := DefaultConfig()
	second.DataDir = dir
	if _, err := second.EnsureTURNSecret(); err != nil || second.Media.TURN.Secret != first.Media.TURN.Secret {
		t.Fatalf("second start got %q (%v), want the persisted secret", second.Media.TURN.Secret, err)
	}
	configured := DefaultConfig()
	configured.DataDir = filepath.Join(dir, "other")
	configured.Media.TURN.Secret = "operator-secret"
	if gen, _ := configured.EnsureTURNSecret(); gen || configured.Media.TURN.Secret != "operator-secret" {
		t.Fatal("configured secret replaced")
	}
	if got := configured.Redacted().Media.TURN.Secret; got != redacted {
		t.Fatalf("secret not redacted: %q", got)
	}
}

// Segmented UDP sends and the direct SRTP path are on unless turned off.
func TestMediaSendPathSwitches(t *testing.T) {
	for _, tc := range []struct {
		env                      []string
		segmentation, directSRTP bool
	}{
		{nil, true, true},
		{[]string{"SOUK_MEDIA_UDP_SEGMENTATION=false"}, false, true},
		{[]string{"SOUK_MEDIA_DIRECT_SRTP=false"}, true, false},
	} {
		cfg, err := Load("", tc.env)
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Media.UDPSegmentation != tc.segmentation || cfg.Media.DirectSRTP != tc.directSRTP {
			t.Errorf("env %v: udp_segmentation %v, direct_srtp %v; want %v, %v", tc.env,
				cfg.Media.UDPSegmentation, cfg.Media.DirectSRTP, tc.segmentation, tc.directSRTP)
		}
	}
}

// media.advertise_client_protocol is off unless set, from the file or the
// environment, and `souk config` shows it.
func TestAdvertiseClientProtocolKey(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "souk.yaml")
	if err := os.WriteFile(file, []byte("media:\n  advertise_client_protocol: true\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		path string
		env  []string
		want bool
	}{
		{"default", "", nil, false},
		{"file", file, nil, true},
		{"environment", "", []string{"SOUK_MEDIA_ADVERTISE_CLIENT_PROTOCOL=true"}, true},
		{"environment over file", file, []string{"SOUK_MEDIA_ADVERTISE_CLIENT_PROTOCOL=false"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := Load(tc.path, tc.env)
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Media.AdvertiseClientProtocol != tc.want {
				t.Fatalf("advertise_client_protocol = %v, want %v", cfg.Media.AdvertiseClientProtocol, tc.want)
			}
			out, err := cfg.YAML()
			if err != nil {
				t.Fatal(err)
			}
			if want := "advertise_client_protocol: " + strconv.FormatBool(tc.want); !strings.Contains(string(out), want) {
				t.Errorf("printed configuration lacks %q", want)
			}
		})
	}
	if _, err := Load("", []string{"SOUK_MEDIA_ADVERTISE_CLIENT_PROTOCOL=maybe"}); err == nil || !strings.Contains(err.Error(), "media.advertise_client_protocol") {
		t.Errorf("a bad value: %v, want an error naming the key", err)
	}
}
