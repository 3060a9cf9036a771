package main

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestLocalHealthURL(t *testing.T) {
	tests := []struct {
		addr, want, wantErr string
	}{
		{addr: ":7880", want: "http://127.0.0.1:7880/healthz"},
		{addr: "0.0.0.0:80", want: "http://127.0.0.1:80/healthz"},
		{addr: "[::]:7880", want: "http://[::1]:7880/healthz"},
		{addr: "10.0.0.5:9000", want: "http://10.0.0.5:9000/healthz"},
		{addr: "localhost", wantErr: "server.addr"},
	}
	for _, tc := range tests {
		t.Run(tc.addr, func(t *testing.T) {
			got, err := localHealthURL(tc.addr)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want one naming %s", err, tc.wantErr)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("got %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}

// `souk healthcheck` passes against a running server found through
// server.addr, and fails on an error status or when nothing listens.
func TestHealthcheckCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the whole server")
	}
	base, _, _ := serveInProcess(t)
	failing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "store down", http.StatusServiceUnavailable)
	}))
	defer failing.Close()
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closedAddr := closed.Addr().String()
	closed.Close()

	tests := []struct {
		name    string
		args    []string
		addr    string
		wantErr string
	}{
		{"running server", []string{"healthcheck"}, strings.TrimPrefix(base, "http://"), ""},
		{"error status", []string{"healthcheck", "--url", failing.URL + "/healthz"}, "", "503"},
		{"nothing listening", []string{"healthcheck"}, closedAddr, "connection refused"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var env []string
			if tc.addr != "" {
				env = append(env, "SOUK_SERVER_ADDR="+tc.addr)
			}
			var out, errOut bytes.Buffer
			err := run(context.Background(), tc.args, env, &out, &errOut)
			if tc.wantErr == "" {
				if err != nil || !strings.Contains(out.String(), "ok") {
					t.Fatalf("err = %v, stdout %q", err, out.String())
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("err = %v, want one containing %q", err, tc.wantErr)
			}
		})
	}
}
