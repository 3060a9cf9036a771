package sfu

import (
	"crypto/rand"
)

const idAlphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// newID returns prefix plus 12 random base62 characters, the shape
// livekit-client expects (PA_, TR_, RM_).
func newID(prefix string) string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	out := make([]byte, len(prefix)+len(b))
	copy(out, prefix)
	for i, c := range b {
		out[len(prefix)+i] = idAlphabet[int(c)%len(idAlphabet)]
	}
	return string(out)
}
