package turn

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"time"
)

// certReloader serves the certificate of the TLS listener and re-reads its
// files when they change (e.g. after a renewal), keeping the old one when
// the new files do not load.
type certReloader struct {
	certFile, keyFile string
	log               *slog.Logger

	mu    sync.RWMutex
	cert  *tls.Certificate
	stamp string
}

func newCertReloader(certFile, keyFile string, log *slog.Logger) (*certReloader, error) {
	r := &certReloader{certFile: certFile, keyFile: keyFile, log: log}
	if err := r.load(); err != nil {
		return nil, err
	}
	return r, nil
}

// fileStamp changes when either file's size or modification time does.
func (r *certReloader) fileStamp() (string, error) {
	var s string
	for _, f := range []string{r.certFile, r.keyFile} {
		fi, err := os.Stat(f)
		if err != nil {
			return "", fmt.Errorf("turn: certificate file: %w", err)
		}
		s += fmt.Sprintf("%s:%d:%d;", f, fi.Size(), fi.ModTime().UnixNano())
	}
	return s, nil
}

func (r *certReloader) load() error {
	stamp, err := r.fileStamp()
	if err != nil {
		return err
	}
	cert, err := LoadCertificate(r.certFile, r.keyFile)
	if err != nil {
		return err
	}
	r.mu.Lock()
	r.cert, r.stamp = cert, stamp
	r.mu.Unlock()
	return nil
}

// LoadCertificate reads a PEM certificate chain and key and parses the leaf.
func LoadCertificate(certFile, keyFile string) (*tls.Certificate, error) {
	cert, err := tls.LoadX509KeyPair(certFile, keyFile)
	if err != nil {
		return nil, fmt.Errorf("turn: load certificate %s: %w", certFile, err)
	}
	if cert.Leaf == nil {
		leaf, err := x509.ParseCertificate(cert.Certificate[0])
		if err != nil {
			return nil, fmt.Errorf("turn: parse certificate %s: %w", certFile, err)
		}
		cert.Leaf = leaf
	}
	return &cert, nil
}

func (r *certReloader) getCertificate(*tls.ClientHelloInfo) (*tls.Certificate, error) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.cert, nil
}

func (r *certReloader) current() *tls.Certificate {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.cert
}

// watch polls the files until ctx ends.
func (r *certReloader) watch(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		stamp, err := r.fileStamp()
		r.mu.RLock()
		same := stamp == r.stamp
		r.mu.RUnlock()
		if err != nil || same {
			continue
		}
		if err := r.load(); err != nil {
			r.log.Warn("turn certificate changed but does not load; keeping the previous one", "err", err)
			continue
		}
		leaf := r.current().Leaf
		r.log.Info("turn certificate reloaded", "names", leaf.DNSNames, "not_after", leaf.NotAfter)
	}
}
