package cluster

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// luaNowMs starts a script with now, the Redis server's clock in ms: every
// node reads the same clock, whatever its own says.
const luaNowMs = `
local t = redis.call("TIME")
local now = t[1] * 1000 + math.floor(t[2] / 1000)`

// takeSlot holds a slot for one socket in a user's sorted set, whose
// scores are when each slot lapses (Redis time, in ms). Lapsed slots go
// first, so a node that died frees its users' slots once they lapse.
// KEYS[1] the user's set; ARGV: slot, max, ttl ms. Returns 1 when taken.
var takeSlot = redis.NewScript(luaNowMs + `
redis.call("ZREMRANGEBYSCORE", KEYS[1], "-inf", now)
if not redis.call("ZSCORE", KEYS[1], ARGV[1]) and redis.call("ZCARD", KEYS[1]) >= tonumber(ARGV[2]) then
	return 0
end
redis.call("ZADD", KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call("PEXPIRE", KEYS[1], ARGV[3])
return 1`)

// renewSlot pushes back the lapse of a slot still held. KEYS[1] the
// user's set; ARGV: slot, ttl ms.
var renewSlot = redis.NewScript(luaNowMs + `
redis.call("ZADD", KEYS[1], "XX", now + tonumber(ARGV[2]), ARGV[1])
redis.call("PEXPIRE", KEYS[1], ARGV[2])
return 1`)

// ConnectionSlots counts each user's realtime sockets across nodes, so a
// per-user connection limit holds for the whole deployment. A slot lapses
// after ttl unless its node renews it (Renew, every ttl/3 or so): a node
// that dies frees its users' slots within ttl. It implements
// realtime.ConnectionSlots.
type ConnectionSlots struct {
	rdb    *redis.Client
	prefix string
	ttl    time.Duration
}

// NewConnectionSlots keeps the slots under prefix+":conns:".
func NewConnectionSlots(rdb *redis.Client, prefix string, ttl time.Duration) *ConnectionSlots {
	return &ConnectionSlots{rdb: rdb, prefix: prefix + ":conns:", ttl: ttl}
}

// TTL is how long a slot lives without being renewed.
func (c *ConnectionSlots) TTL() time.Duration { return c.ttl }

// Acquire takes a slot for one more socket of user (slot names the socket,
// unique across nodes), unless user already holds max.
func (c *ConnectionSlots) Acquire(ctx context.Context, user, slot string, max int) (bool, error) {
	n, err := takeSlot.Run(ctx, c.rdb, []string{c.prefix + user}, slot, max, c.ttl.Milliseconds()).Int()
	if err != nil {
		return false, fmt.Errorf("%w: connection slots: %w", ErrUnavailable, err)
	}
	return n == 1, nil
}

// Renew keeps a slot that is still held from lapsing.
func (c *ConnectionSlots) Renew(ctx context.Context, user, slot string) error {
	if err := renewSlot.Run(ctx, c.rdb, []string{c.prefix + user}, slot, c.ttl.Milliseconds()).Err(); err != nil {
		return fmt.Errorf("%w: connection slots: %w", ErrUnavailable, err)
	}
	return nil
}

// Release frees a slot.
func (c *ConnectionSlots) Release(ctx context.Context, user, slot string) error {
	if err := c.rdb.ZRem(ctx, c.prefix+user, slot).Err(); err != nil {
		return fmt.Errorf("%w: connection slots: %w", ErrUnavailable, err)
	}
	return nil
}
