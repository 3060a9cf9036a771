package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"souk/config"
)

// recordedLog keeps every record that reaches it, at any level.
type recordedLog struct {
	mu      sync.Mutex
	records []slog.Record
}

func (l *recordedLog) Enabled(context.Context, slog.Level) bool { return true }
func (l *recordedLog) WithAttrs([]slog.Attr) slog.Handler       { return l }
func (l *recordedLog) WithGroup(string) slog.Handler            { return l }
func (l *recordedLog) Handle(_ context.Context, r slog.Record) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.records = append(l.records, r.Clone())
	return nil
}

// accessLine returns the level and message of the access log line for path.
func (l *recordedLog) accessLine(path string) (slog.Level, string, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, r := range l.records {
		found := false
		r.Attrs(func(a slog.Attr) bool {
			found = found || (a.Key == "path" && a.Value.String() == path)
			return true
		})
		if found && r.Message != "" {
			return r.Level, r.Message, true
		}
	}
	return 0, "", false
}

func TestAccessLogLevels(t *testing.T) {
	sites, err := config.LoadSites(config.BuiltinSites(), "desks", true)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name      string
		slow      time.Duration
		path      string
		wantLevel slog.Level
		wantMsg   string
	}{
		{"routine request", 0, "/healthz", slog.LevelDebug, "http request"},
		{"failed request", 0, "/readyz", slog.LevelWarn, "http request failed"},
		{"slow request", time.Nanosecond, "/healthz", slog.LevelWarn, "slow http request"},
		{"slow warning off", -1, "/healthz", slog.LevelDebug, "http request"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := &recordedLog{}
			srv := httptest.NewServer(NewServer(Options{Sites: sites, Logger: slog.New(rec), SlowRequest: tt.slow,
				Ready: func(context.Context) error { return errors.New("store is down") }}))
			defer srv.Close()
			resp, err := http.Get(srv.URL + tt.path)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			srv.Close() // the line is written once the handler returns
			level, msg, ok := rec.accessLine(tt.path)
			if !ok || level != tt.wantLevel || msg != tt.wantMsg {
				t.Fatalf("access line for %s: %v %q (found %v), want %v %q", tt.path, level, msg, ok, tt.wantLevel, tt.wantMsg)
			}
		})
	}
}

// A realtime long-polling GET is held until there is news: however long
// it takes, it is no slow request. The handshake GET and POSTs still are.
func TestAccessLogLongPollIsNeverSlow(t *testing.T) {
	sites, err := config.LoadSites(config.BuiltinSites(), "desks", false)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		method, query string
		wantLevel     slog.Level
	}{
		{"GET", "EIO=4&transport=polling&sid=abc", slog.LevelDebug},
		{"GET", "EIO=4&transport=polling", slog.LevelWarn},
		{"POST", "EIO=4&transport=polling&sid=abc", slog.LevelWarn},
	} {
		rec := &recordedLog{}
		api := NewServer(Options{Sites: sites, Logger: slog.New(rec), SlowRequest: time.Nanosecond})
		api.Router().Handle("/socket.io/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			time.Sleep(time.Millisecond)
		}))
		srv := httptest.NewServer(api)
		req, _ := http.NewRequest(tt.method, srv.URL+"/socket.io/?"+tt.query, nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		srv.Close()
		if level, msg, ok := rec.accessLine("/socket.io/"); !ok || level != tt.wantLevel {
			t.Errorf("%s ?%s: %v %q (found %v), want level %v", tt.method, tt.query, level, msg, ok, tt.wantLevel)
		}
	}
}
