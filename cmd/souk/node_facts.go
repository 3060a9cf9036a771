package main

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"time"

	"github.com/redis/go-redis/v9"

	"souk/config"
)

// nodeFacts is what a cluster node publishes beside its registry entry
// for `souk doctor` on any node to compare: which process it is, and
// fingerprints of the secrets every node must share. A fingerprint is an
// HMAC of a fixed text under the secret: equal secrets give equal
// fingerprints, and the secret cannot be read back from it.
type nodeFacts struct {
	// Instance is random per process start: two processes announcing the
	// same node id show two instances in turn.
	Instance string `json:"instance"`
	Host     string `json:"host"`
	PID      int    `json:"pid"`
	Version  string `json:"version"`
	// MediaKeys fingerprints media.keys (all pairs); TURNSecret
	// media.turn.secret, empty when this node mints no TURN credentials.
	MediaKeys  string    `json:"media_keys_fingerprint"`
	TURNSecret string    `json:"turn_secret_fingerprint,omitempty"`
	Seen       time.Time `json:"seen"`
}

// nodeFactsKey is a hash per node id, one field per process instance
// announcing that id, so that two processes sharing an id both show.
func nodeFactsKey(prefix, id string) string { return prefix + ":node-facts:" + id }

// fingerprint derives a short, non-reversible token from secret for
// comparing it with another node's; purpose keeps tokens of different
// secrets apart.
func fingerprint(purpose string, secret []byte) string {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte("souk secret fingerprint\n" + purpose))
	return hex.EncodeToString(mac.Sum(nil)[:12])
}

// factsOf describes this process under cfg.
func factsOf(cfg config.Config, instance string) nodeFacts {
	host, _ := os.Hostname()
	f := nodeFacts{Instance: instance, Host: host, PID: os.Getpid(), Version: version(),
		MediaKeys: fingerprint("media keys", relaySecret(cfg.Media.Keys))}
	if cfg.Media.TURN.Secret != "" {
		f.TURNSecret = fingerprint("turn secret", []byte(cfg.Media.TURN.Secret))
	}
	return f
}

func newInstanceID() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// publishFacts records f under its instance for ttl (each heartbeat
// renews it) and drops the instances of processes that stopped beating
// (a killed process cannot remove its own).
func publishFacts(ctx context.Context, rdb *redis.Client, prefix, id string, f nodeFacts, ttl time.Duration) error {
	f.Seen = time.Now().UTC()
	raw, err := json.Marshal(f)
	if err != nil {
		return fmt.Errorf("encode node facts: %w", err)
	}
	key := nodeFactsKey(prefix, id)
	_, err = rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.HSet(ctx, key, f.Instance, raw)
		p.Expire(ctx, key, ttl)
		return nil
	})
	if err != nil {
		return fmt.Errorf("publish node facts: %w", err)
	}
	all, err := readAllFacts(ctx, rdb, prefix, id)
	if err != nil {
		return err
	}
	for _, other := range all {
		if f.Seen.Sub(other.Seen) > ttl {
			_ = rdb.HDel(ctx, key, other.Instance).Err()
		}
	}
	return nil
}

// withdrawFacts removes this instance's facts (a clean stop).
func withdrawFacts(ctx context.Context, rdb *redis.Client, prefix, id, instance string) error {
	return rdb.HDel(ctx, nodeFactsKey(prefix, id), instance).Err()
}

func readAllFacts(ctx context.Context, rdb *redis.Client, prefix, id string) ([]nodeFacts, error) {
	vals, err := rdb.HGetAll(ctx, nodeFactsKey(prefix, id)).Result()
	if err != nil {
		return nil, fmt.Errorf("read node facts of %s: %w", id, err)
	}
	out := make([]nodeFacts, 0, len(vals))
	for _, v := range vals {
		var f nodeFacts
		if json.Unmarshal([]byte(v), &f) == nil {
			out = append(out, f)
		}
	}
	return out, nil
}

// liveFacts returns the facts of the processes announcing node id now:
// those that beat within two heartbeats of the latest one, newest first.
// It is empty when the node publishes none (an older version, or gone).
func liveFacts(ctx context.Context, rdb *redis.Client, prefix, id string, heartbeat time.Duration) ([]nodeFacts, error) {
	all, err := readAllFacts(ctx, rdb, prefix, id)
	if err != nil || len(all) == 0 {
		return nil, err
	}
	slices.SortFunc(all, func(a, b nodeFacts) int { return b.Seen.Compare(a.Seen) })
	live := all[:0]
	for _, f := range all {
		if all[0].Seen.Sub(f.Seen) <= 2*heartbeat+time.Second {
			live = append(live, f)
		}
	}
	return live, nil
}
