package netlab

import (
	"context"
	"errors"
	"io"
	"net"
	"net/netip"
	"sync"
	"testing"
	"time"
)

// addHost is Lab.AddHost for tests.
func addHost(t *testing.T, lab *Lab, name string, opts HostOptions) *Host {
	t.Helper()
	h, err := lab.AddHost(t.Context(), name, opts)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// impair is Host.Impair for tests.
func impair(t *testing.T, h *Host, dir Direction, imp Impairment) {
	t.Helper()
	if err := h.Impair(t.Context(), dir, imp); err != nil {
		t.Fatal(err)
	}
}

// udpEcho answers every datagram to addr inside h with the same bytes,
// from the socket it arrived on, until the test ends. It returns the
// address the socket is bound to.
func udpEcho(t *testing.T, h *Host, addr string) netip.AddrPort {
	t.Helper()
	pc, err := h.ListenPacket("udp", addr)
	if err != nil {
		t.Fatalf("listen udp %s in %s: %v", addr, h.Name(), err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		buf := make([]byte, 2048)
		for {
			n, from, err := pc.ReadFrom(buf)
			if err != nil {
				return
			}
			_, _ = pc.WriteTo(buf[:n], from)
		}
	}()
	t.Cleanup(func() { pc.Close(); <-done })
	return pc.LocalAddr().(*net.UDPAddr).AddrPort()
}

// udpRoundTrip sends one datagram from h to dst over a connected socket
// (which takes replies from dst's address only) and waits up to wait for
// the echo. It returns where the reply came from as seen by the socket
// and the round-trip time.
func udpRoundTrip(h *Host, dst netip.AddrPort, wait time.Duration) (time.Duration, error) {
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	c, err := h.DialContext(ctx, "udp", dst.String())
	if err != nil {
		return 0, err
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(wait))
	msg := []byte("netlab round trip")
	start := time.Now()
	if _, err := c.Write(msg); err != nil {
		return 0, err
	}
	buf := make([]byte, 64)
	n, err := c.Read(buf)
	if err != nil {
		return 0, err
	}
	if string(buf[:n]) != string(msg) {
		return 0, errors.New("echo differs")
	}
	return time.Since(start), nil
}

// tcpEcho accepts connections to addr inside h and echoes each.
func tcpEcho(t *testing.T, h *Host, addr string) netip.AddrPort {
	t.Helper()
	ln, err := h.Listen("tcp", addr)
	if err != nil {
		t.Fatalf("listen tcp %s in %s: %v", addr, h.Name(), err)
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer c.Close()
				_, _ = io.Copy(c, c)
			}()
		}
	}()
	t.Cleanup(func() { ln.Close(); wg.Wait() })
	return ln.Addr().(*net.TCPAddr).AddrPort()
}

// tcpRoundTrip connects from h to dst, sends a line and reads it back.
func tcpRoundTrip(h *Host, dst netip.AddrPort, wait time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	c, err := h.DialContext(ctx, "tcp", dst.String())
	if err != nil {
		return err
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(wait))
	msg := []byte("netlab tcp\n")
	if _, err := c.Write(msg); err != nil {
		return err
	}
	buf := make([]byte, len(msg))
	_, err = io.ReadFull(c, buf)
	return err
}

// udpLoss sends n numbered datagrams from one host to a receiver in
// another, in bursts of burst datagrams one interval apart (a steady
// rate without one timer tick per datagram), and returns the fraction
// that did not arrive.
func udpLoss(t *testing.T, from, to *Host, n, burst int, interval time.Duration) float64 {
	t.Helper()
	pc, err := to.ListenPacket("udp", to.LocalAddrs()[0].String()+":0")
	if err != nil {
		t.Fatal(err)
	}
	port := pc.LocalAddr().(*net.UDPAddr).Port
	var (
		mu   sync.Mutex
		seen = make(map[uint16]bool, n)
		last time.Time
	)
	done := make(chan struct{})
	go func() {
		defer close(done)
		buf := make([]byte, 2048)
		for {
			k, _, err := pc.ReadFrom(buf)
			if err != nil {
				return
			}
			if k >= 2 {
				mu.Lock()
				seen[uint16(buf[0])<<8|uint16(buf[1])] = true
				last = time.Now()
				mu.Unlock()
			}
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := from.DialContext(ctx, "udp", netip.AddrPortFrom(to.Addr(), uint16(port)).String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	payload := make([]byte, 200)
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for i := range n {
		payload[0], payload[1] = byte(i>>8), byte(i)
		if _, err := c.Write(payload); err != nil {
			t.Fatalf("send datagram %d: %v", i, err)
		}
		if i%burst == burst-1 {
			<-tick.C
		}
	}
	// Datagrams may still be held by a delay: wait until none has
	// arrived for a second (or all have), within a deadline.
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		mu.Lock()
		quiet, all := time.Since(last) > time.Second, len(seen) == n
		mu.Unlock()
		if quiet || all {
			break
		}
		<-tick.C
	}
	pc.Close()
	<-done
	return 1 - float64(len(seen))/float64(n)
}

// machineAddr is an IPv4 address of the machine itself (outside the
// lab), or an invalid address when it has none but loopback.
func machineAddr(t *testing.T) netip.Addr {
	t.Helper()
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range addrs {
		if ipn, ok := a.(*net.IPNet); ok {
			if addr, ok := netip.AddrFromSlice(ipn.IP); ok && addr.Unmap().Is4() && !addr.IsLoopback() {
				return addr.Unmap()
			}
		}
	}
	return netip.Addr{}
}
