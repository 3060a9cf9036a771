package cluster

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// hitWindow counts one attempt in a fixed window that starts at the key's
// first attempt: the key expires when the window ends.
var hitWindow = redis.NewScript(`
local n = redis.call("INCR", KEYS[1])
if n == 1 then
	redis.call("PEXPIRE", KEYS[1], ARGV[1])
end
local ttl = redis.call("PTTL", KEYS[1])
if ttl < 0 then
	redis.call("PEXPIRE", KEYS[1], ARGV[1])
	ttl = tonumber(ARGV[1])
end
return {n, ttl}`)

// RateCounter counts rate-limited attempts in Redis, so a per-IP limit
// holds across every node. It implements httpapi.SharedCounter.
type RateCounter struct {
	rdb    *redis.Client
	prefix string
}

// NewRateCounter counts under prefix+":rate:".
func NewRateCounter(rdb *redis.Client, prefix string) *RateCounter {
	return &RateCounter{rdb: rdb, prefix: prefix + ":rate:"}
}

// Hit counts one attempt for key and returns the attempts in its current
// window and the time until the window ends.
func (c *RateCounter) Hit(ctx context.Context, key string, window time.Duration) (int, time.Duration, error) {
	res, err := hitWindow.Run(ctx, c.rdb, []string{c.prefix + key}, window.Milliseconds()).Int64Slice()
	if err != nil {
		return 0, 0, fmt.Errorf("%w: rate limit: %w", ErrUnavailable, err)
	}
	if len(res) != 2 {
		return 0, 0, fmt.Errorf("rate limit: unexpected reply %v", res)
	}
	return int(res[0]), time.Duration(res[1]) * time.Millisecond, nil
}
