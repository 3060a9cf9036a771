package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// turnSecretFile keeps a generated TURN shared secret in the data
// directory, so credentials survive a restart.
const turnSecretFile = "turn-secret"

// EnsureTURNSecret fills c.Media.TURN.Secret when none is configured: read
// from the data directory if an earlier start generated one, otherwise
// generated now and persisted (0600). It reports whether the secret is a
// generated one.
func (c *Config) EnsureTURNSecret() (generated bool, err error) {
	if c.Media.TURN.Secret != "" {
		return false, nil
	}
	path := filepath.Join(c.DataDir, turnSecretFile)
	raw, err := os.ReadFile(path)
	switch {
	case err == nil:
		s := strings.TrimSpace(string(raw))
		if len(s) < 32 {
			return false, fmt.Errorf("%s is damaged; delete it to generate a new TURN secret", path)
		}
		c.Media.TURN.Secret = s
		return true, nil
	case !errors.Is(err, fs.ErrNotExist):
		return false, fmt.Errorf("read turn secret: %w", err)
	}
	s := randomHex(32)
	if err := os.MkdirAll(c.DataDir, 0o755); err != nil {
		return false, fmt.Errorf("create data directory: %w", err)
	}
	if err := writeFileAtomic(path, []byte(s+"\n"), 0o600); err != nil {
		return false, fmt.Errorf("persist turn secret: %w", err)
	}
	c.Media.TURN.Secret = s
	return true, nil
}
