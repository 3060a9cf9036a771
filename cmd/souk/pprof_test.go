package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestPprofListener(t *testing.T) {
	var logBuf bytes.Buffer
	addr, stop, err := startPprof(context.Background(), "127.0.0.1:0", &logBuf)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	if !strings.Contains(logBuf.String(), addr.String()) {
		t.Errorf("log does not name the address %s: %q", addr, logBuf.String())
	}
	client := &http.Client{Timeout: 30 * time.Second}
	tests := []struct {
		path, want string
	}{
		{"/debug/pprof/", "goroutine"},
		{"/debug/pprof/mutex?debug=1", "--- mutex:"},
		{"/debug/pprof/goroutine?debug=1", "goroutine profile:"},
	}
	for _, tc := range tests {
		t.Run(tc.path, func(t *testing.T) {
			res, err := client.Get("http://" + addr.String() + tc.path)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != http.StatusOK || !strings.Contains(string(body), tc.want) {
				t.Fatalf("GET %s: %d, body does not contain %q: %.200s", tc.path, res.StatusCode, tc.want, body)
			}
		})
	}
}

func TestPprofBusyAddress(t *testing.T) {
	addr, stop, err := startPprof(context.Background(), "127.0.0.1:0", io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	if _, _, err := startPprof(context.Background(), addr.String(), io.Discard); err == nil {
		t.Fatal("a second listener on a busy address started")
	}
}
