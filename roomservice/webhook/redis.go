package webhook

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// RedisClaims claims event ids with SET NX in a shared Redis, so that of
// several nodes observing the same event exactly one delivers it.
type RedisClaims struct {
	Client *redis.Client
	Prefix string // e.g. "souk:webhook"
}

// Claim reports whether this call created the key.
func (c RedisClaims) Claim(ctx context.Context, key string, ttl time.Duration) (bool, error) {
	ok, err := c.Client.SetNX(ctx, c.Prefix+":"+key, time.Now().UTC().Format(time.RFC3339), ttl).Result()
	if err != nil {
		return false, fmt.Errorf("redis SET NX %s: %w", key, err)
	}
	return ok, nil
}
