package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uptrace/bun/driver/pgdriver"

	"souk/platform/store/storetest"
)

// tcpCut forwards a port to a real server and can cut every connection
// and refuse new ones: the server, as far as souk can tell, is down.
type tcpCut struct {
	addr, target string

	mu    sync.Mutex
	ln    net.Listener
	conns []net.Conn
}

func newTCPCut(t *testing.T, target string) *tcpCut {
	t.Helper()
	c := &tcpCut{target: target}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	c.addr = ln.Addr().String()
	c.serve(ln)
	t.Cleanup(c.down)
	return c
}

func (c *tcpCut) serve(ln net.Listener) {
	c.mu.Lock()
	c.ln = ln
	c.mu.Unlock()
	go func() {
		for {
			in, err := ln.Accept()
			if err != nil {
				return
			}
			out, err := net.Dial("tcp", c.target)
			if err != nil {
				in.Close()
				continue
			}
			c.mu.Lock()
			c.conns = append(c.conns, in, out)
			c.mu.Unlock()
			go func() { io.Copy(out, in); out.Close() }()
			go func() { io.Copy(in, out); in.Close() }()
		}
	}()
}

// down closes the listener and every forwarded connection.
func (c *tcpCut) down() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ln != nil {
		c.ln.Close()
		c.ln = nil
	}
	for _, conn := range c.conns {
		conn.Close()
	}
	c.conns = nil
}

func (c *tcpCut) up(t *testing.T) {
	t.Helper()
	ln, err := net.Listen("tcp", c.addr)
	if err != nil {
		t.Fatal(err)
	}
	c.serve(ln)
}

// With PostgreSQL unreachable, API writes answer 503 problem details that
// say so, nothing of them is stored, and writes work again once the
// database is back.
func TestPostgresDownWritesAnswer503(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	dbURL := storetest.NewPostgresDatabase(t)
	u, err := url.Parse(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	cut := newTCPCut(t, u.Host)
	viaCut := *u
	viaCut.Host = cut.addr
	bin := buildSouk(t)
	_, base, _ := startSouk(t, bin, "SOUK_DATABASE_URL="+viaCut.String(), "SOUK_PLATFORM_RATE_LIMIT_CONTACT_PER_IP_PER_HOUR=1000")

	post := func(path, body string) (int, string, string) {
		t.Helper()
		resp, err := http.Post(base+path, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, resp.Header.Get("Content-Type"), string(b)
	}
	contact := func(msg string) string {
		return fmt.Sprintf(`{"name":"Ola","email":"ola@example.com","message":%q}`, msg)
	}
	if st, _, body := post("/api/contact", contact("before the outage")); st != http.StatusAccepted {
		t.Fatalf("contact before the outage: %d %s", st, body)
	}

	cut.down()
	for _, w := range []struct{ path, body string }{
		{"/api/contact", contact("during the outage")},
		{"/api/auth/register", `{"email":"new@example.com","password":"secret123abc","displayName":"New"}`},
	} {
		st, ctype, body := post(w.path, w.body)
		var problem struct {
			Status int    `json:"status"`
			Detail string `json:"detail"`
		}
		_ = json.Unmarshal([]byte(body), &problem)
		if st != http.StatusServiceUnavailable || !strings.HasPrefix(ctype, "application/problem+json") ||
			problem.Status != 503 || !strings.Contains(problem.Detail, "database is not answering") {
			t.Fatalf("%s while PostgreSQL is down: %d %s %s", w.path, st, ctype, body)
		}
		t.Logf("%s while PostgreSQL is down: %d %q", w.path, st, problem.Detail)
	}

	cut.up(t)
	deadline := time.Now().Add(20 * time.Second)
	for {
		st, _, body := post("/api/contact", contact("after the outage"))
		if st == http.StatusAccepted {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("writes do not work again after PostgreSQL is back: %d %s", st, body)
		}
		time.Sleep(200 * time.Millisecond)
	}

	// Nothing of the refused writes was stored; every stored message has
	// its mail queued (no half of a transaction).
	db := sql.OpenDB(pgdriver.NewConnector(pgdriver.WithDSN(dbURL)))
	defer db.Close()
	ctx := context.Background()
	var during, users, messages, queued int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM contact_messages WHERE message = 'during the outage'`).Scan(&during); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM users WHERE email = 'new@example.com'`).Scan(&users); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM contact_messages`).Scan(&messages); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM outbox`).Scan(&queued); err != nil {
		t.Fatal(err)
	}
	if during != 0 || users != 0 {
		t.Fatalf("refused writes were stored: %d contact messages, %d users", during, users)
	}
	if messages != 2 || queued != 2 {
		t.Fatalf("%d contact messages and %d queued mails, want 2 and 2", messages, queued)
	}
}
