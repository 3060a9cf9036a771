package main

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"testing"
)

func TestRedisLoggerWritesThroughSlog(t *testing.T) {
	var buf bytes.Buffer
	l := redisLogger{slog.New(slog.NewJSONHandler(&buf, nil))}
	l.Printf(context.Background(), "redis: %s failed: %v", "dial", "connection refused")
	var rec map[string]any
	if err := json.Unmarshal(buf.Bytes(), &rec); err != nil {
		t.Fatalf("not one slog JSON record: %q", buf.String())
	}
	if rec["level"] != "WARN" || rec["msg"] != "redis client" || rec["detail"] != "redis: dial failed: connection refused" {
		t.Fatalf("record %v", rec)
	}
}
