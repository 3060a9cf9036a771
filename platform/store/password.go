package store

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"time"

	"golang.org/x/crypto/argon2"

	"souk/platform"
)

// Argon2id parameters (OWASP's minimum recommendation: 19 MiB, 2 passes).
const (
	argonMemoryKiB = 19 * 1024
	argonTime      = 2
	argonThreads   = 1
	argonKeyLen    = 32
	argonSaltLen   = 16
)

// hashPassword returns a PHC-style argon2id string carrying its parameters,
// so they can be raised later without invalidating stored hashes.
func hashPassword(password string) string {
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		panic(fmt.Sprintf("crypto/rand: %v", err))
	}
	key := argon2.IDKey([]byte(password), salt, argonTime, argonMemoryKiB, argonThreads, argonKeyLen)
	enc := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemoryKiB, argonTime, argonThreads,
		enc.EncodeToString(salt), enc.EncodeToString(key))
}

var errBadHash = errors.New("malformed password hash")

// checkPassword reports whether password matches encoded in constant time.
func checkPassword(encoded, password string) (bool, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errBadHash
	}
	var version int
	var mem, iters uint32
	var threads uint8
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false, errBadHash
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &mem, &iters, &threads); err != nil {
		return false, errBadHash
	}
	salt, err := base64.RawStdEncoding.DecodeString(parts[4])
	if err != nil {
		return false, errBadHash
	}
	want, err := base64.RawStdEncoding.DecodeString(parts[5])
	if err != nil {
		return false, errBadHash
	}
	got := argon2.IDKey([]byte(password), salt, iters, mem, threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// HashLimiter bounds how many argon2id computations (argonMemoryKiB each)
// run at once, so that a burst of sign-ins cannot exhaust memory. A caller
// that finds every slot taken waits at most its queue time, then gets an
// EUNAVAILABLE error that the HTTP layer turns into 503.
type HashLimiter struct {
	slots chan struct{}
	queue time.Duration
}

// HashMemory is what one password hash computation allocates.
const HashMemory = argonMemoryKiB << 10

// NewHashLimiter allows n concurrent hashes (at least 1) and lets callers
// queue for up to queue.
func NewHashLimiter(n int, queue time.Duration) *HashLimiter {
	return &HashLimiter{slots: make(chan struct{}, max(1, n)), queue: queue}
}

var errHashBusy = platform.Errorf(platform.EUNAVAILABLE, "the server is busy with other sign-ins; try again in a few seconds")

// Acquire takes a slot; release it when the hash is done.
func (h *HashLimiter) Acquire(ctx context.Context) (release func(), err error) {
	select {
	case h.slots <- struct{}{}:
		return func() { <-h.slots }, nil
	default:
	}
	t := time.NewTimer(h.queue)
	defer t.Stop()
	select {
	case h.slots <- struct{}{}:
		return func() { <-h.slots }, nil
	case <-t.C:
		return nil, errHashBusy
	case <-ctx.Done():
		return nil, fmt.Errorf("wait for a hashing slot: %w", ctx.Err())
	}
}

// hash computes hashPassword within a slot.
func (h *HashLimiter) hash(ctx context.Context, password string) (string, error) {
	release, err := h.Acquire(ctx)
	if err != nil {
		return "", err
	}
	defer release()
	return hashPassword(password), nil
}

// check runs checkPassword within a slot.
func (h *HashLimiter) check(ctx context.Context, encoded, password string) (bool, error) {
	release, err := h.Acquire(ctx)
	if err != nil {
		return false, err
	}
	defer release()
	return checkPassword(encoded, password)
}
