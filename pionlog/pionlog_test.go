package pionlog

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"
)

func TestLevelsAndComponent(t *testing.T) {
	cases := []struct {
		name string
		emit func(l *logger)
		want string // "" means nothing at info level
	}{
		{"error", func(l *logger) { l.Errorf("handshake failed: %s", "bad cert") }, "level=ERROR msg=\"handshake failed: bad cert\" component=pion/dtls"},
		{"warn", func(l *logger) { l.Warn("slow") }, "level=WARN msg=slow component=pion/dtls"},
		{"info demoted", func(l *logger) { l.Info("state checking") }, ""},
		{"trace", func(l *logger) { l.Tracef("packet %d", 1) }, ""},
		{"closed pipe is not an error", func(l *logger) { l.Errorf("read: %v", "io: read/write on closed pipe") }, ""},
		{"closed conn warning", func(l *logger) { l.Warn("failed to read: use of closed network connection") }, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			f := New(slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{
				ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
					if a.Key == slog.TimeKey {
						return slog.Attr{}
					}
					return a
				},
			})))
			tc.emit(f.NewLogger("dtls").(*logger))
			got := strings.TrimSpace(buf.String())
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestShutdownNoiseVisibleAtDebug(t *testing.T) {
	var buf bytes.Buffer
	f := New(slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug})))
	f.NewLogger("sctp").Error("io: read/write on closed pipe")
	if !strings.Contains(buf.String(), "level=DEBUG") || !strings.Contains(buf.String(), "component=pion/sctp") {
		t.Fatalf("got %q", buf.String())
	}
}
