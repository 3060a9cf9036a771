package config

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"gopkg.in/yaml.v3"
)

// devKeysFile is where a generated development key pair is kept, inside
// the data directory, so tokens stay valid across restarts.
const devKeysFile = "media-keys.yaml"

// EnsureMediaKeys fills c.Media.Keys with a development pair when none is
// configured: read from the data directory if an earlier start generated
// one, otherwise generated now and persisted (0600). It reports whether the
// keys are generated development keys, so the caller can warn.
func (c *Config) EnsureMediaKeys() (generated bool, err error) {
	if len(c.Media.Keys) > 0 {
		return false, nil
	}
	path := filepath.Join(c.DataDir, devKeysFile)
	raw, err := os.ReadFile(path)
	switch {
	case err == nil:
		keys := map[string]string{}
		if err := yaml.Unmarshal(raw, &keys); err != nil || len(keys) == 0 {
			return false, fmt.Errorf("%s is damaged; delete it to generate a new development key pair", path)
		}
		c.Media.Keys = keys
		return true, nil
	case !errors.Is(err, fs.ErrNotExist):
		return false, fmt.Errorf("read development keys: %w", err)
	}
	keys := map[string]string{"dev" + randomHex(6): randomHex(32)}
	out, err := yaml.Marshal(keys)
	if err != nil {
		return false, fmt.Errorf("encode development keys: %w", err)
	}
	if err := os.MkdirAll(c.DataDir, 0o755); err != nil {
		return false, fmt.Errorf("create data directory: %w", err)
	}
	if err := writeFileAtomic(path, out, 0o600); err != nil {
		return false, fmt.Errorf("persist development keys: %w", err)
	}
	c.Media.Keys = keys
	return true, nil
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		// crypto/rand never fails on supported platforms; a failure here
		// means the system is unusable for key generation.
		panic(fmt.Sprintf("crypto/rand: %v", err))
	}
	return hex.EncodeToString(b)
}

// writeFileAtomic writes through a temporary file and a rename, so a crash
// never leaves a half-written file behind.
func writeFileAtomic(path string, data []byte, perm os.FileMode) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tmp-"+filepath.Base(path))
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(perm); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
