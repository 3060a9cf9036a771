package conformance

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"souk/turn"
)

// ServerKind names the media server under test.
type ServerKind string

const (
	// LiveKit is livekit-server, the reference.
	LiveKit ServerKind = "livekit-server"
	// Souk is `souk serve`.
	Souk ServerKind = "souk"
)

// ErrUnsupported is returned by StartServer for an option the server kind
// has no configuration for (livekit-server has no plain TURN over TCP).
// Scenarios report it instead of failing the comparison.
var ErrUnsupported = errors.New("not supported by this server")

// ServerOptions configure one server process. Zero values pick loopback
// defaults: HTTP, media and TURN on 127.0.0.1 with free ports.
type ServerOptions struct {
	Kind   ServerKind
	Binary string
	// APIKey and APISecret sign access tokens (see Server.Token).
	APIKey, APISecret string
	// BindIP is where HTTP (signalling) listens, and TURN unless
	// TURN.ListenIP says otherwise. Default 127.0.0.1.
	BindIP string
	// NodeIPs are the addresses advertised in ICE candidates. Default
	// [BindIP] when BindIP is a concrete address.
	NodeIPs []string
	// MediaIPs, when set, are the only addresses (CIDRs) ICE candidates
	// are gathered on (souk: media.ips; livekit-server: rtc.ips.includes).
	MediaIPs []string
	// HTTPPort and UDPPort, 0 for a free port chosen at start.
	HTTPPort, UDPPort int
	// TCPPort carries ICE over TCP; 0 for a free port, -1 for none.
	TCPPort int
	// TURN, when set, turns on the embedded TURN server.
	TURN *TURNOptions
	// Redis, when set, makes the server a member of a cluster sharing
	// this Redis (souk: redis.url; livekit-server: redis.address).
	Redis *RedisOptions
	// Prefix runs the process under a command, e.g.
	// []string{"ip", "netns", "exec", "srv"} to run it in a namespace.
	Prefix []string
	// ProbeHost is the address the test process checks readiness on
	// (default BindIP, or 127.0.0.1 for a wildcard BindIP); set it when
	// the server is reached through a namespace's routed address.
	ProbeHost string
	// ProbeClient makes the readiness requests (default: a plain client
	// in the test's own network). A server in a network namespace is
	// probed with a client whose connections start there
	// (netlab.Host.HTTPClient).
	ProbeClient *http.Client
	// Env adds environment variables (souk: any SOUK_* key wins over the
	// harness's). Extra is appended to livekit-server's YAML.
	Env   []string
	Extra string
	// LogLevel is the server's log level (default info).
	LogLevel string
	// Dir holds the config, data and log; a temporary one by default.
	Dir string
}

// TURNOptions configure the embedded TURN server. A port of 0 picks a free
// one, -1 turns that listener off.
type TURNOptions struct {
	UDPPort, TCPPort, TLSPort int
	// CertFile and KeyFile are a PEM pair for TLS; see WriteTestCert.
	CertFile, KeyFile string
	// Domain is the name in turns: URLs (default the listen address).
	Domain string
	// ListenIP defaults to BindIP.
	ListenIP string
	// AllowPeers are CIDRs relays may reach although private or loopback
	// (the SFU's own address on a test network).
	AllowPeers []string
	// Secret is the shared TURN REST secret (souk only).
	Secret string
}

// RedisOptions join a server to a cluster.
type RedisOptions struct {
	Addr   string // host:port
	Prefix string // key prefix, unique per run (souk only)
	NodeID string // souk only
}

// Server is one running server process.
type Server struct {
	Opts ServerOptions
	// URL is the HTTP base clients connect to (http://host:port).
	URL string
	// HTTPPort, UDPPort, TCPPort and the TURN ports as chosen.
	HTTPPort, UDPPort, TCPPort            int
	TURNUDPPort, TURNTCPPort, TURNTLSPort int
	LogFile                               string

	cmd      *exec.Cmd
	exited   chan struct{}
	exitErr  error
	stopOnce sync.Once
}

// StartServer starts a server and waits until it answers HTTP. The process
// is stopped with Stop (which the scenario Env does on cleanup).
func StartServer(ctx context.Context, o ServerOptions) (*Server, error) {
	if o.Binary == "" {
		return nil, fmt.Errorf("start %s: no binary", o.Kind)
	}
	if o.BindIP == "" {
		o.BindIP = "127.0.0.1"
	}
	if len(o.NodeIPs) == 0 && !isWildcard(o.BindIP) {
		o.NodeIPs = []string{o.BindIP}
	}
	if o.ProbeHost == "" {
		o.ProbeHost = o.BindIP
		if isWildcard(o.BindIP) {
			o.ProbeHost = "127.0.0.1"
		}
	}
	if o.LogLevel == "" {
		o.LogLevel = "info"
	}
	if o.Dir == "" {
		d, err := os.MkdirTemp("", "conformance-"+string(o.Kind)+"-")
		if err != nil {
			return nil, fmt.Errorf("start %s: %w", o.Kind, err)
		}
		o.Dir = d
	}
	s := &Server{Opts: o, exited: make(chan struct{})}
	var err error
	if s.HTTPPort, err = pickPort("tcp", o.HTTPPort); err != nil {
		return nil, err
	}
	if s.UDPPort, err = pickPort("udp", o.UDPPort); err != nil {
		return nil, err
	}
	if s.TCPPort, err = pickPort("tcp", o.TCPPort); err != nil {
		return nil, err
	}
	if t := o.TURN; t != nil {
		if s.TURNUDPPort, err = pickPort("udp", t.UDPPort); err != nil {
			return nil, err
		}
		if s.TURNTCPPort, err = pickPort("tcp", t.TCPPort); err != nil {
			return nil, err
		}
		if t.CertFile != "" {
			if s.TURNTLSPort, err = pickPort("tcp", t.TLSPort); err != nil {
				return nil, err
			}
		}
	}
	var args, env []string
	switch o.Kind {
	case LiveKit:
		args, err = s.livekitArgs()
	case Souk:
		args, env, err = s.soukArgs()
	default:
		err = fmt.Errorf("unknown server kind %q", o.Kind)
	}
	if err != nil {
		return nil, fmt.Errorf("start %s: %w", o.Kind, err)
	}
	argv := append(append([]string{}, o.Prefix...), o.Binary)
	argv = append(argv, args...)
	s.LogFile = filepath.Join(o.Dir, "server.log")
	logf, err := os.Create(s.LogFile)
	if err != nil {
		return nil, fmt.Errorf("start %s: %w", o.Kind, err)
	}
	// Not bound to ctx: the process lives until Stop, beyond the setup's
	// deadline.
	s.cmd = exec.Command(argv[0], argv[1:]...)
	// Souk refuses unknown SOUK_* variables: none of the test's own
	// must not reach it, nor any a developer has set.
	s.cmd.Env = append(withoutPrefix(os.Environ(), "SOUK_"), env...)
	s.cmd.Stdout, s.cmd.Stderr = logf, logf
	s.cmd.Dir = o.Dir
	s.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := s.cmd.Start(); err != nil {
		logf.Close()
		return nil, fmt.Errorf("start %s: %w", o.Kind, err)
	}
	go func() {
		s.exitErr = s.cmd.Wait()
		logf.Close()
		close(s.exited)
	}()
	host := o.ProbeHost
	s.URL = "http://" + net.JoinHostPort(advertisedHost(o), strconv.Itoa(s.HTTPPort))
	if err := s.waitReady(ctx, "http://"+net.JoinHostPort(host, strconv.Itoa(s.HTTPPort))+"/"); err != nil {
		s.Stop()
		return nil, fmt.Errorf("start %s: %w\n%s", o.Kind, err, s.LogTail(40))
	}
	return s, nil
}

// advertisedHost is where clients reach HTTP: the bind address, or the
// first node address for a wildcard bind.
func advertisedHost(o ServerOptions) string {
	if !isWildcard(o.BindIP) {
		return o.BindIP
	}
	if len(o.NodeIPs) > 0 {
		return o.NodeIPs[0]
	}
	return "127.0.0.1"
}

func isWildcard(ip string) bool { return ip == "0.0.0.0" || ip == "::" || ip == "" }

func (s *Server) waitReady(ctx context.Context, url string) error {
	hc := &http.Client{Timeout: 2 * time.Second}
	if s.Opts.ProbeClient != nil {
		hc = &http.Client{Transport: s.Opts.ProbeClient.Transport, Timeout: 2 * time.Second}
	}
	for {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		if resp, err := hc.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("%s did not answer: %w", url, ctx.Err())
		case <-s.exited:
			return fmt.Errorf("exited before answering: %v", s.exitErr)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// Signal sends sig to the server process (SIGTERM starts a drain).
func (s *Server) Signal(sig os.Signal) error { return s.cmd.Process.Signal(sig) }

// Exited is closed once the process has ended.
func (s *Server) Exited() <-chan struct{} { return s.exited }

// Stop ends the process: SIGTERM, then SIGKILL to its process group after
// a grace period (a souk cluster node may drain for a while).
func (s *Server) Stop() {
	s.stopOnce.Do(func() {
		select {
		case <-s.exited:
			return
		default:
		}
		_ = s.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-s.exited:
		case <-time.After(10 * time.Second):
			_ = syscall.Kill(-s.cmd.Process.Pid, syscall.SIGKILL)
			<-s.exited
		}
	})
}

// Log is everything the server printed so far.
func (s *Server) Log() string {
	b, _ := os.ReadFile(s.LogFile)
	return string(b)
}

// LogTail is the last n lines of the server's log.
func (s *Server) LogTail(n int) string {
	lines := strings.Split(strings.TrimRight(s.Log(), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// WSURL is the signalling URL (ws://host:port).
func (s *Server) WSURL() string { return "ws" + strings.TrimPrefix(s.URL, "http") }

// pickPort returns want when positive, 0 for -1 (off), or a port the
// kernel reports free on loopback for 0. A server in a fresh namespace
// has every port free, so the same choice works there.
func pickPort(network string, want int) (int, error) {
	switch {
	case want > 0:
		return want, nil
	case want < 0:
		return 0, nil
	}
	if network == "udp" {
		c, err := net.ListenPacket("udp", "127.0.0.1:0")
		if err != nil {
			return 0, fmt.Errorf("free udp port: %w", err)
		}
		defer c.Close()
		return c.LocalAddr().(*net.UDPAddr).Port, nil
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("free tcp port: %w", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// withoutPrefix drops the variables whose names start with prefix.
func withoutPrefix(env []string, prefix string) []string {
	out := make([]string, 0, len(env))
	for _, kv := range env {
		if !strings.HasPrefix(kv, prefix) {
			out = append(out, kv)
		}
	}
	return out
}

// WriteTestCert writes a self-signed certificate for names (host names or
// IP addresses), valid for a day, into dir, for TURN over TLS
// (TURNOptions.CertFile/KeyFile). Chromium accepts it because the client
// runs it with --ignore-certificate-errors.
func WriteTestCert(dir string, names ...string) (certFile, keyFile string, err error) {
	certFile, keyFile = filepath.Join(dir, "turn-cert.pem"), filepath.Join(dir, "turn-key.pem")
	if err := turn.WriteSelfSignedCert(certFile, keyFile, time.Now().Add(24*time.Hour), names...); err != nil {
		return "", "", fmt.Errorf("test certificate: %w", err)
	}
	return certFile, keyFile, nil
}
