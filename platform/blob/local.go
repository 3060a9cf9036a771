package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"souk/platform"
)

var segmentPattern = regexp.MustCompile(`^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$`)

// ValidKey reports whether key is a safe relative path: no empty, dot or
// dot-dot segments, so it never escapes the store's root.
func ValidKey(key string) bool {
	if key == "" || len(key) > 512 {
		return false
	}
	for _, seg := range strings.Split(key, "/") {
		if !segmentPattern.MatchString(seg) || strings.Contains(seg, "..") {
			return false
		}
	}
	return true
}

// ContentTypeOf derives the content type from the key's extension; keys
// are made by the server, which only writes JPEG and PNG.
func ContentTypeOf(key string) string {
	if t := mime.TypeByExtension(path.Ext(key)); t != "" {
		return t
	}
	return "application/octet-stream"
}

var errNoBlob = platform.Errorf(platform.ENOTFOUND, "no such file")

// Local stores blobs as files under a directory.
type Local struct{ dir string }

// NewLocal returns a store rooted at dir, creating it.
func NewLocal(dir string) (*Local, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("create upload directory: %w", err)
	}
	return &Local{dir: dir}, nil
}

func (l *Local) path(key string) (string, error) {
	if !ValidKey(key) {
		return "", fmt.Errorf("invalid blob key %q", key)
	}
	return filepath.Join(l.dir, filepath.FromSlash(key)), nil
}

// Put writes data under key through a temporary file and a rename, so a
// reader never sees a partial file.
func (l *Local) Put(ctx context.Context, key string, data []byte) error {
	p, err := l.path(key)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return fmt.Errorf("create blob directory: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(p), ".upload-*")
	if err != nil {
		return fmt.Errorf("create blob: %w", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("write blob: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("write blob: %w", err)
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return fmt.Errorf("write blob: %w", err)
	}
	if err := os.Rename(tmp.Name(), p); err != nil {
		return fmt.Errorf("store blob: %w", err)
	}
	return nil
}

// Open implements platform.BlobReader.
func (l *Local) Open(ctx context.Context, key string) (io.ReadCloser, platform.BlobInfo, error) {
	p, err := l.path(key)
	if err != nil {
		return nil, platform.BlobInfo{}, errNoBlob
	}
	f, err := os.Open(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, platform.BlobInfo{}, errNoBlob
	}
	if err != nil {
		return nil, platform.BlobInfo{}, fmt.Errorf("open blob: %w", err)
	}
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		f.Close()
		return nil, platform.BlobInfo{}, errNoBlob
	}
	return f, platform.BlobInfo{ContentType: ContentTypeOf(key), Size: st.Size(), ModTime: st.ModTime()}, nil
}

// Delete removes key; a missing key is not an error.
func (l *Local) Delete(ctx context.Context, key string) error {
	p, err := l.path(key)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("delete blob: %w", err)
	}
	return nil
}
