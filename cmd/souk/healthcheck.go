package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"souk/config"
)

// healthTimeout bounds one health check, under the image's HEALTHCHECK
// timeout so the command reports its own error rather than being killed.
const healthTimeout = 4 * time.Second

// healthcheck asks this machine's server for /healthz and fails unless it
// answers 200. It is the container image's HEALTHCHECK, which has no
// shell or curl: it reads the same configuration as serve to find the
// port. rawURL, when set, is asked instead.
func healthcheck(ctx context.Context, path string, environ []string, rawURL string, stdout io.Writer) error {
	if rawURL == "" {
		cfg, err := config.Load(path, environ)
		if err != nil {
			return err
		}
		if rawURL, err = localHealthURL(cfg.Server.Addr); err != nil {
			return err
		}
	}
	ctx, cancel := context.WithTimeout(ctx, healthTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, rawURL, nil)
	if err != nil {
		return fmt.Errorf("healthcheck: %w", err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("healthcheck: %w", err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("healthcheck: %s answered %s: %s", rawURL, resp.Status, body)
	}
	fmt.Fprintf(stdout, "%s: %s", rawURL, body)
	return nil
}

// localHealthURL turns server.addr into the URL of /healthz on this
// machine: a wildcard or empty host is reached over loopback.
func localHealthURL(addr string) (string, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("server.addr: %q is not host:port: %w", addr, err)
	}
	switch host {
	case "", "0.0.0.0":
		host = "127.0.0.1"
	case "::":
		host = "::1"
	}
	return "http://" + net.JoinHostPort(host, port) + "/healthz", nil
}
