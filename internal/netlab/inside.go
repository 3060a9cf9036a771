package netlab

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"os"
	"runtime"
	"sync"
	"time"

	"golang.org/x/sys/unix"
)

// Do runs f with its OS thread inside the host's network namespace:
// sockets f creates belong to the host and stay there after Do returns,
// so they can be used from any goroutine. f runs on a fresh goroutine
// locked to its thread; goroutines f starts do not inherit the namespace,
// and f must not resolve names (the resolver may use other threads). If
// the thread cannot be put back, it is discarded rather than reused.
func (h *Host) Do(f func() error) error {
	errc := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		back, err := os.Open("/proc/thread-self/ns/net")
		if err != nil {
			runtime.UnlockOSThread()
			errc <- fmt.Errorf("open the test's namespace: %w", err)
			return
		}
		defer back.Close()
		target, err := os.Open(netnsDir + "/" + h.ns)
		if err != nil {
			runtime.UnlockOSThread()
			errc <- fmt.Errorf("open namespace %s: %w", h.ns, err)
			return
		}
		defer target.Close()
		if err := unix.Setns(int(target.Fd()), unix.CLONE_NEWNET); err != nil {
			runtime.UnlockOSThread()
			errc <- fmt.Errorf("enter namespace %s: %w", h.ns, err)
			return
		}
		ferr := f()
		if err := unix.Setns(int(back.Fd()), unix.CLONE_NEWNET); err != nil {
			// The goroutine ends locked: the runtime then ends the thread.
			errc <- errors.Join(ferr, fmt.Errorf("leave namespace %s: %w", h.ns, err))
			return
		}
		runtime.UnlockOSThread()
		errc <- ferr
	}()
	return <-errc
}

// checkLiteral refuses addresses that would need a name lookup, which
// would not happen inside the namespace.
func checkLiteral(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return err
	}
	if host == "" {
		return nil
	}
	if _, err := netip.ParseAddr(host); err != nil {
		return fmt.Errorf("%q: give an IP address, not a name", addr)
	}
	return nil
}

// DialContext connects from inside the host, like net.Dialer.DialContext;
// addr must be an IP address and port.
func (h *Host) DialContext(ctx context.Context, network, addr string) (net.Conn, error) {
	if err := checkLiteral(addr); err != nil {
		return nil, err
	}
	var c net.Conn
	err := h.Do(func() error {
		var err error
		c, err = (&net.Dialer{FallbackDelay: -1}).DialContext(ctx, network, addr)
		return err
	})
	return c, err
}

// Listen is net.Listen inside the host.
func (h *Host) Listen(network, addr string) (net.Listener, error) {
	if err := checkLiteral(addr); err != nil {
		return nil, err
	}
	var ln net.Listener
	err := h.Do(func() error {
		var err error
		ln, err = net.Listen(network, addr)
		return err
	})
	return ln, err
}

// ListenPacket is net.ListenPacket inside the host.
func (h *Host) ListenPacket(network, addr string) (net.PacketConn, error) {
	if err := checkLiteral(addr); err != nil {
		return nil, err
	}
	var pc net.PacketConn
	err := h.Do(func() error {
		var err error
		pc, err = net.ListenPacket(network, addr)
		return err
	})
	return pc, err
}

// HTTPClient is an HTTP client whose connections start inside the host;
// URLs must use IP addresses.
func (h *Host) HTTPClient() *http.Client {
	tr := &http.Transport{DialContext: h.DialContext, ForceAttemptHTTP2: false, MaxIdleConnsPerHost: 4}
	h.lab.onClose(tr.CloseIdleConnections)
	return &http.Client{Transport: tr}
}

// Expose makes target (an IP address and port as seen from the host)
// reachable from the test's own namespace: it returns a 127.0.0.1 address
// whose TCP connections are relayed by this process to target, dialled
// from inside the host. The lab has no link to the machine; this is how a
// test process reaches a server's HTTP port without one. The relay stops
// with the lab.
func (h *Host) Expose(target string) (string, error) {
	if err := checkLiteral(target); err != nil {
		return "", fmt.Errorf("netlab: expose: %w", err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", fmt.Errorf("netlab: expose %s: %w", target, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	r := &relay{host: h, target: target, ln: ln, conns: map[net.Conn]bool{}, ctx: ctx, cancel: cancel}
	r.wg.Add(1)
	go r.accept()
	h.lab.onClose(r.close)
	return ln.Addr().String(), nil
}

// relay is one Expose: a listener in the test's namespace, and the pairs
// of connections it copies between.
type relay struct {
	host   *Host
	target string
	ln     net.Listener
	ctx    context.Context // ends pending dials when the relay closes
	cancel context.CancelFunc
	wg     sync.WaitGroup
	mu     sync.Mutex
	conns  map[net.Conn]bool
	closed bool
}

func (r *relay) accept() {
	defer r.wg.Done()
	for {
		c, err := r.ln.Accept()
		if err != nil {
			return
		}
		if !r.track(c) {
			return
		}
		r.wg.Add(1)
		go r.serve(c)
	}
}

// track records c so close can end it; false once the relay is closing.
func (r *relay) track(c net.Conn) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		_ = c.Close()
		return false
	}
	r.conns[c] = true
	return true
}

func (r *relay) serve(c net.Conn) {
	defer r.wg.Done()
	defer c.Close()
	ctx, cancel := context.WithTimeout(r.ctx, 30*time.Second)
	up, err := r.host.DialContext(ctx, "tcp", r.target)
	cancel()
	if err != nil {
		return
	}
	defer up.Close()
	if !r.track(up) {
		return
	}
	done := make(chan struct{}, 2)
	pipe := func(dst, src net.Conn) {
		_, _ = io.Copy(dst, src)
		if tc, ok := dst.(*net.TCPConn); ok {
			_ = tc.CloseWrite()
		}
		done <- struct{}{}
	}
	go pipe(up, c)
	go pipe(c, up)
	<-done
	<-done
	r.mu.Lock()
	delete(r.conns, c)
	delete(r.conns, up)
	r.mu.Unlock()
}

func (r *relay) close() {
	r.cancel()
	r.mu.Lock()
	r.closed = true
	for c := range r.conns {
		_ = c.Close()
	}
	r.mu.Unlock()
	_ = r.ln.Close()
	r.wg.Wait()
}
