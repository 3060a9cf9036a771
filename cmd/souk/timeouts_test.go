package main

import (
	"bufio"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// The server closes connections that stay idle or send their headers too
// slowly, so they cannot pile up.
func TestServerClosesIdleAndSlowConnections(t *testing.T) {
	bin := buildSouk(t)
	_, base, _ := startSouk(t, bin, "SOUK_SERVER_IDLE_TIMEOUT=1s", "SOUK_SERVER_READ_HEADER_TIMEOUT=1s")
	addr := strings.TrimPrefix(base, "http://")

	// closedWithin reports whether the server closes conn before the
	// deadline, which is generous; the timeouts under test are 1s.
	closedWithin := func(conn net.Conn, r io.Reader) bool {
		conn.SetReadDeadline(time.Now().Add(20 * time.Second))
		_, err := io.Copy(io.Discard, r)
		var ne net.Error
		return err == nil || !(errors.As(err, &ne) && ne.Timeout())
	}

	idle, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()
	if _, err := io.WriteString(idle, "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	rd := bufio.NewReader(idle)
	resp, err := http.ReadResponse(rd, nil)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Close {
		t.Fatalf("keep-alive request: %d close=%v", resp.StatusCode, resp.Close)
	}
	if !closedWithin(idle, rd) {
		t.Error("an idle keep-alive connection was not closed")
	}

	slow, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer slow.Close()
	if _, err := io.WriteString(slow, "GET /healthz HTTP/1.1\r\nHost: local"); err != nil {
		t.Fatal(err)
	}
	if !closedWithin(slow, slow) {
		t.Error("a connection that never finished its headers was not closed")
	}
}
