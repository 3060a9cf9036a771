package main

import (
	"context"
	"fmt"
	"log/slog"
)

// redisLogger takes go-redis's own messages (a failed dial while Redis is
// down, a pool that cannot refill) into the server's log at warn. Left
// alone, go-redis prints them to stderr past slog, in another format.
type redisLogger struct{ log *slog.Logger }

func (l redisLogger) Printf(ctx context.Context, format string, v ...any) {
	l.log.WarnContext(ctx, "redis client", "detail", fmt.Sprintf(format, v...))
}
