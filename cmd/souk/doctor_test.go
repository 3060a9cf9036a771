package main

import (
	"bytes"
	"context"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"souk/turn"
)

func freePort(t *testing.T, network string) int {
	t.Helper()
	if network == "udp" {
		pc, err := net.ListenPacket("udp4", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer pc.Close()
		return pc.LocalAddr().(*net.UDPAddr).Port
	}
	ln, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// doctorEnv is a configuration whose every port is free, on loopback.
func doctorEnv(t *testing.T) map[string]string {
	dir := t.TempDir()
	return map[string]string{
		"SOUK_DATA_DIR":                dir,
		"SOUK_SERVER_ADDR":             "127.0.0.1:" + strconv.Itoa(freePort(t, "tcp")),
		"SOUK_MEDIA_UDP_PORT":          "0",
		"SOUK_MEDIA_TCP_PORT":          "0",
		"SOUK_MEDIA_TURN_LISTEN_IP":    "127.0.0.1",
		"SOUK_MEDIA_TURN_RELAY_IP":     "127.0.0.1",
		"SOUK_MEDIA_TURN_UDP_PORT":     strconv.Itoa(freePort(t, "udp")),
		"SOUK_MEDIA_TURN_TCP_PORT":     strconv.Itoa(freePort(t, "tcp")),
		"SOUK_MEDIA_TURN_TLS_PORT":     strconv.Itoa(freePort(t, "tcp")),
		"SOUK_MEDIA_TURN_SECRET":       "doctor-test-secret",
		"SOUK_MEDIA_TURN_DOMAIN":       "turn.example.test",
		"SOUK_MEDIA_TURN_IDLE_TIMEOUT": "1m",
	}
}

func writeCert(t *testing.T, env map[string]string, notAfter time.Time, names ...string) {
	t.Helper()
	dir := t.TempDir()
	cert, key := filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	if err := turn.WriteSelfSignedCert(cert, key, notAfter, names...); err != nil {
		t.Fatal(err)
	}
	env["SOUK_MEDIA_TURN_CERT_FILE"], env["SOUK_MEDIA_TURN_KEY_FILE"] = cert, key
}

func runDoctor(t *testing.T, env map[string]string) (string, error) {
	t.Helper()
	var list []string
	for k, v := range env {
		list = append(list, k+"="+v)
	}
	var stdout, stderr bytes.Buffer
	err := run(context.Background(), []string{"doctor"}, list, &stdout, &stderr)
	return stdout.String(), err
}

func TestDoctor(t *testing.T) {
	held, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	garbage := filepath.Join(t.TempDir(), "garbage.pem")
	if err := os.WriteFile(garbage, []byte("not a certificate"), 0o600); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name   string
		mutate func(env map[string]string)
		want   []string // lines that must appear
		fails  bool
	}{
		{"healthy", func(env map[string]string) {
			writeCert(t, env, time.Now().Add(90*24*time.Hour), "turn.example.test")
		}, []string{
			"OK    turn           udp on 127.0.0.1:", "OK    turn           tcp on 127.0.0.1:", "OK    turn           tls on 127.0.0.1:",
			"OK    certificate    names turn.example.test, valid until", "OK    port           server.addr",
		}, false},
		{"port in use", func(env map[string]string) {
			env["SOUK_SERVER_ADDR"] = held.Addr().String()
			writeCert(t, env, time.Now().Add(90*24*time.Hour), "turn.example.test")
		}, []string{"FAIL  port           server.addr " + held.Addr().String() + "/tcp cannot be bound"}, true},
		{"turn port in use", func(env map[string]string) {
			env["SOUK_MEDIA_TURN_TCP_PORT"] = strconv.Itoa(held.Addr().(*net.TCPAddr).Port)
		}, []string{"FAIL  turn           cannot start"}, true},
		{"unreadable certificate", func(env map[string]string) {
			env["SOUK_MEDIA_TURN_CERT_FILE"], env["SOUK_MEDIA_TURN_KEY_FILE"] = garbage, garbage
		}, []string{"FAIL  certificate    turn: load certificate " + garbage}, true},
		{"expired certificate", func(env map[string]string) {
			writeCert(t, env, time.Now().Add(-time.Minute), "turn.example.test")
		}, []string{"FAIL  certificate    expired on"}, true},
		{"certificate for another name", func(env map[string]string) {
			writeCert(t, env, time.Now().Add(90*24*time.Hour), "other.example.test")
		}, []string{"FAIL  certificate    names other.example.test do not cover media.turn.domain"}, true},
		{"redis down", func(env map[string]string) {
			env["SOUK_REDIS_URL"] = "redis://127.0.0.1:1/0"
		}, []string{"FAIL  redis"}, true},
		{"production without keys", func(env map[string]string) {
			env["SOUK_MODE"] = "production"
		}, []string{"FAIL  media keys"}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			env := doctorEnv(t)
			tc.mutate(env)
			out, err := runDoctor(t, env)
			if (err != nil) != tc.fails {
				t.Errorf("doctor error %v, want failure=%v", err, tc.fails)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("missing %q", w)
				}
			}
			if !tc.fails && strings.Contains(out, "FAIL") {
				t.Errorf("unexpected FAIL")
			}
			if t.Failed() {
				t.Logf("output:\n%s", out)
			}
		})
	}
}
