package main

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"strings"
	"testing"
	"time"

	"souk/config"
)

func TestStartBanner(t *testing.T) {
	sites, err := config.LoadSites(config.BuiltinSites(), "desks", false)
	if err != nil {
		t.Fatal(err)
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	tests := []struct {
		name    string
		addr    net.Addr
		want    []string
		notWant []string
	}{
		{"all interfaces", &net.TCPAddr{IP: net.IPv6unspecified, Port: 7880},
			[]string{"Open http://localhost:7880\n", "default site: desks, \"Biurka i Stoły\", in Polish",
				"http://desks.localhost:7880", "http://tutoring.localhost:7880", "API reference: http://localhost:7880/api/docs"}, nil},
		{"loopback", &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 9000},
			[]string{"Open http://localhost:9000\n", "http://tutoring.localhost:9000"}, nil},
		{"one outside address", &net.TCPAddr{IP: net.IPv4(192, 0, 2, 7), Port: 80},
			[]string{"Open http://192.0.2.7:80\n", "default site: desks"}, []string{".localhost"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			printBanner(&out, "text", quiet, tt.addr, sites)
			for _, w := range tt.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("banner lacks %q:\n%s", w, out.String())
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(out.String(), w) {
					t.Errorf("banner has %q:\n%s", w, out.String())
				}
			}
		})
	}

	var logs bytes.Buffer
	var console bytes.Buffer
	printBanner(&console, "json", slog.New(slog.NewJSONHandler(&logs, nil)), &net.TCPAddr{IP: net.IPv4zero, Port: 7880}, sites)
	var rec struct {
		URL         string            `json:"url"`
		DefaultSite string            `json:"default_site"`
		Sites       map[string]string `json:"sites"`
	}
	if console.Len() != 0 || json.Unmarshal(logs.Bytes(), &rec) != nil || rec.URL != "http://localhost:7880" ||
		rec.DefaultSite != "desks" || rec.Sites["tutoring"] != "http://tutoring.localhost:7880" {
		t.Fatalf("JSON logs: console %q, record %s", console.String(), logs.String())
	}
}

func TestSlowRequestSetting(t *testing.T) {
	for _, tc := range []struct{ in, want time.Duration }{{0, -1}, {time.Second, time.Second}, {250 * time.Millisecond, 250 * time.Millisecond}} {
		if got := slowRequest(config.Log{SlowRequest: tc.in}); got != tc.want {
			t.Errorf("slowRequest(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
	if config.DefaultConfig().Log.SlowRequest != time.Second {
		t.Fatal("the default threshold for slow requests must be 1s")
	}
}
