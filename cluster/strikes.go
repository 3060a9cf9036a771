package cluster

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// strikeFail records one failure and returns the wait it sets (ms, 0 for
// none). The hash holds the failures and until when attempts are refused
// (Redis time, ms); it is forgotten after a quiet max. KEYS[1] the key;
// ARGV: free, base ms, max ms.
var strikeFail = redis.NewScript(luaNowMs + `
local n = redis.call("HINCRBY", KEYS[1], "n", 1)
local free, base, max = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local wait = 0
local over = n - free + 1
if over > 0 then
	wait = max
	if over <= 30 then
		wait = math.min(max, base * 2 ^ (over - 1))
	end
	redis.call("HSET", KEYS[1], "until", now + wait)
end
redis.call("PEXPIRE", KEYS[1], max + wait)
return wait`)

// strikeWait returns how long attempts are still refused (ms).
var strikeWait = redis.NewScript(luaNowMs + `
local u = tonumber(redis.call("HGET", KEYS[1], "until") or "0")
if u > now then
	return u - now
end
return 0`)

// Strikes keeps the login back-off (failed sign-ins per account and
// client network, and the wait they impose) in Redis, so that it holds
// whichever node a guess lands on. Keys are hashed: no address or e-mail
// is stored. It implements httpapi.SharedBackoff.
type Strikes struct {
	rdb    *redis.Client
	prefix string
}

// NewStrikes keeps the failures under prefix+":strikes:".
func NewStrikes(rdb *redis.Client, prefix string) *Strikes {
	return &Strikes{rdb: rdb, prefix: prefix + ":strikes:"}
}

func (s *Strikes) key(k string) string {
	sum := sha256.Sum256([]byte(k))
	return s.prefix + hex.EncodeToString(sum[:16])
}

// Wait reports how long key must still wait before its next attempt.
func (s *Strikes) Wait(ctx context.Context, key string) (time.Duration, error) {
	ms, err := strikeWait.Run(ctx, s.rdb, []string{s.key(key)}).Int64()
	if err != nil {
		return 0, fmt.Errorf("%w: login back-off: %w", ErrUnavailable, err)
	}
	return time.Duration(ms) * time.Millisecond, nil
}

// Fail records a failure: after free failures each one makes key wait
// base, then twice as long each time, up to max.
func (s *Strikes) Fail(ctx context.Context, key string, free int, base, max time.Duration) error {
	if err := strikeFail.Run(ctx, s.rdb, []string{s.key(key)}, free, base.Milliseconds(), max.Milliseconds()).Err(); err != nil {
		return fmt.Errorf("%w: login back-off: %w", ErrUnavailable, err)
	}
	return nil
}

// Clear forgets key's failures (a successful sign-in).
func (s *Strikes) Clear(ctx context.Context, key string) error {
	if err := s.rdb.Del(ctx, s.key(key)).Err(); err != nil {
		return fmt.Errorf("%w: login back-off: %w", ErrUnavailable, err)
	}
	return nil
}
