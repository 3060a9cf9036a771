package httpapi_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"souk/config"
	"souk/platform/httpapi"
)

// WebSocket libraries type-assert http.Hijacker on the writer they get:
// the middleware's wrapper must keep it reachable.
func TestMiddlewareKeepsHijacker(t *testing.T) {
	sites, err := config.LoadSites(config.BuiltinSites(), "desks", true)
	if err != nil {
		t.Fatal(err)
	}
	api := httpapi.NewServer(httpapi.Options{Sites: sites, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	hijacked := make(chan bool, 1)
	api.Router().Get("/upgrade", func(w http.ResponseWriter, r *http.Request) {
		h, ok := w.(http.Hijacker)
		if !ok {
			hijacked <- false
			http.Error(w, "no hijacker", http.StatusInternalServerError)
			return
		}
		conn, _, err := h.Hijack()
		hijacked <- err == nil
		if err == nil {
			conn.Write([]byte("HTTP/1.1 101 Switching Protocols\r\nConnection: close\r\n\r\n"))
			conn.Close()
		}
	})
	srv := httptest.NewServer(api)
	defer srv.Close()
	if resp, err := srv.Client().Get(srv.URL + "/upgrade"); err == nil {
		resp.Body.Close()
	}
	if !<-hijacked {
		t.Fatal("a handler behind the middleware could not hijack the connection")
	}
}
