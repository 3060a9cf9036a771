// Command sessions measures what connected clients cost a realtime
// server, by transport: N clients connect over HTTP long-polling or over
// WebSocket, each joins its own room, all stay through a heartbeat, then
// each sends a few events that the server acknowledges. The server's
// resident memory and CPU time are read from /proc/<pid> before and
// after each phase; one JSON line with the figures goes to stdout.
//
//	sessions -url http://127.0.0.1:7990 -pid 1234 -clients 5000 -transport polling
//
// Imports (checked by internal/importrules):
//
//	souk:   souk/config souk/platform/...
//	others: any
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"
)

type options struct {
	url, label, transport string
	pid, clients, rounds  int
	hold                  time.Duration
}

func main() {
	var o options
	flag.StringVar(&o.url, "url", "http://127.0.0.1:7990", "server base URL")
	flag.StringVar(&o.label, "label", "souk", "server name in the result")
	flag.StringVar(&o.transport, "transport", "polling", "polling or websocket")
	flag.IntVar(&o.pid, "pid", 0, "the server's process id (its /proc entry is read)")
	flag.IntVar(&o.clients, "clients", 5000, "clients")
	flag.IntVar(&o.rounds, "rounds", 5, "acknowledged events each client sends")
	flag.DurationVar(&o.hold, "hold", 30*time.Second, "idle time with every client connected (cover one ping interval)")
	flag.Parse()
	if o.pid == 0 || (o.transport != "polling" && o.transport != "websocket") {
		flag.Usage()
		os.Exit(2)
	}
	res, err := run(o)
	if err != nil {
		log.Fatal(err)
	}
	json.NewEncoder(os.Stdout).Encode(res)
}

type result struct {
	Server    string `json:"server"`
	Transport string `json:"transport"`
	Clients   int    `json:"clients"`
	// Resident memory of the server: before any client, with every
	// client connected and settled, and the difference per client.
	RSSBeforeMB     float64 `json:"rss_before_mb"`
	RSSConnectedMB  float64 `json:"rss_connected_mb"`
	RSSPerClientKB  float64 `json:"rss_per_client_kb"`
	ConnectSeconds  float64 `json:"connect_s"`
	ConnectCPUMs    float64 `json:"connect_cpu_ms"` // server CPU for all connects and joins
	HoldSeconds     float64 `json:"hold_s"`         // idle, heartbeats only
	HoldCPUMs       float64 `json:"hold_cpu_ms"`    // server CPU while idle
	Events          int     `json:"events"`         // acknowledged events in the event phase
	EventsCPUMs     float64 `json:"events_cpu_ms"`  // server CPU for them
	EventsPerSecond float64 `json:"events_per_s"`   // acknowledged events per second
	HTTPRequests    int64   `json:"http_requests"`  // polling: requests the clients made, all phases
	PingsAnswered   int64   `json:"pings_answered"` // heartbeats answered by the clients
}

// procStat reads a process's CPU time (user+system, ms) and resident
// memory (MB).
func procStat(pid int) (cpuMs, rssMB float64, err error) {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, 0, err
	}
	// Fields after the command name (which may hold spaces) start at ") ".
	fields := strings.Fields(string(raw[bytes.LastIndexByte(raw, ')')+2:]))
	utime, _ := strconv.ParseFloat(fields[11], 64)
	stime, _ := strconv.ParseFloat(fields[12], 64)
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, 0, err
	}
	for _, line := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 64)
			rssMB = kb / 1024
		}
	}
	// Clock ticks are 100 per second on Linux.
	return (utime + stime) * 10, rssMB, nil
}

// client is one Socket.IO connection over either transport.
type client interface {
	// emitAck sends an event with acknowledgement id and waits for it.
	emitAck(ctx context.Context, id int, event, arg string) error
	close()
}

type counters struct {
	requests atomic.Int64
	pings    atomic.Int64
}

func run(o options) (*result, error) {
	res := &result{Server: o.label, Transport: o.transport, Clients: o.clients}
	cpu0, rss0, err := procStat(o.pid)
	if err != nil {
		return nil, err
	}
	res.RSSBeforeMB = rss0
	var cnt counters
	httpc := &http.Client{Transport: &http.Transport{
		MaxIdleConnsPerHost: 2 * o.clients,
		DisableCompression:  true,
		DialContext:         (&net.Dialer{Timeout: 10 * time.Second}).DialContext,
	}}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()

	clients := make([]client, o.clients)
	start := time.Now()
	sem := make(chan struct{}, 100)
	var wg sync.WaitGroup
	var firstErr atomic.Value
	for i := range o.clients {
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			c, err := connect(ctx, o, httpc, &cnt, i)
			if err == nil {
				err = c.emitAck(ctx, 0, "join-room", "room_u"+strconv.Itoa(i))
			}
			if err != nil {
				firstErr.CompareAndSwap(nil, fmt.Errorf("client %d: %w", i, err))
				return
			}
			clients[i] = c
		}()
	}
	wg.Wait()
	if err, _ := firstErr.Load().(error); err != nil {
		return nil, err
	}
	res.ConnectSeconds = time.Since(start).Seconds()
	cpu1, _, _ := procStat(o.pid)
	res.ConnectCPUMs = cpu1 - cpu0
	// Let the server settle (its garbage collector, Node's too) before
	// reading its memory.
	time.Sleep(3 * time.Second)
	_, rss2, _ := procStat(o.pid)
	res.RSSConnectedMB = rss2
	res.RSSPerClientKB = (rss2 - rss0) * 1024 / float64(o.clients)

	time.Sleep(o.hold)
	cpu3, _, _ := procStat(o.pid)
	res.HoldSeconds = o.hold.Seconds() + 3
	res.HoldCPUMs = cpu3 - cpu1

	start = time.Now()
	for round := 1; round <= o.rounds; round++ {
		for i, c := range clients {
			sem <- struct{}{}
			wg.Add(1)
			go func() {
				defer func() { <-sem; wg.Done() }()
				if err := c.emitAck(ctx, round, "join-room", "room_u"+strconv.Itoa(i)); err != nil {
					firstErr.CompareAndSwap(nil, fmt.Errorf("client %d round %d: %w", i, round, err))
				}
			}()
		}
	}
	wg.Wait()
	if err, _ := firstErr.Load().(error); err != nil {
		return nil, err
	}
	took := time.Since(start)
	cpu4, _, _ := procStat(o.pid)
	res.Events = o.rounds * o.clients
	res.EventsCPUMs = cpu4 - cpu3
	res.EventsPerSecond = float64(res.Events) / took.Seconds()
	res.HTTPRequests = cnt.requests.Load()
	res.PingsAnswered = cnt.pings.Load()
	for _, c := range clients {
		c.close()
	}
	return res, nil
}

func connect(ctx context.Context, o options, httpc *http.Client, cnt *counters, n int) (client, error) {
	q := url.Values{"EIO": {"4"}, "transport": {o.transport}, "token": {"bench-" + strconv.Itoa(n)}}
	endpoint := strings.TrimSuffix(o.url, "/") + "/socket.io/"
	if o.transport == "websocket" {
		return dialWebSocket(ctx, "ws"+strings.TrimPrefix(endpoint, "http")+"?"+q.Encode(), cnt)
	}
	return openPolling(ctx, httpc, endpoint, q, cnt)
}

// acks hands acknowledgements (43<id>[...]) to the emitAck waiting.
type acks struct {
	mu      sync.Mutex
	waiting map[int]chan struct{}
}

func (a *acks) expect(id int) chan struct{} {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.waiting == nil {
		a.waiting = map[int]chan struct{}{}
	}
	c := make(chan struct{})
	a.waiting[id] = c
	return c
}

// packet handles one Engine.IO packet from the server; it returns the
// packet to answer with, if any.
func (a *acks) packet(p string, cnt *counters) string {
	switch {
	case p == "2":
		cnt.pings.Add(1)
		return "3"
	case strings.HasPrefix(p, "43"):
		end := strings.IndexByte(p, '[')
		if end < 0 {
			return ""
		}
		id, err := strconv.Atoi(p[2:end])
		if err != nil {
			return ""
		}
		a.mu.Lock()
		c := a.waiting[id]
		delete(a.waiting, id)
		a.mu.Unlock()
		if c != nil {
			close(c)
		}
	}
	return ""
}

func wait(ctx context.Context, c chan struct{}) error {
	select {
	case <-c:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func emitPacket(id int, event, arg string) string {
	return "42" + strconv.Itoa(id) + `["` + event + `","` + arg + `"]`
}

// wsClient speaks Socket.IO over one WebSocket.
type wsClient struct {
	conn *websocket.Conn
	wmu  sync.Mutex
	acks acks
	done chan struct{}
}

func dialWebSocket(ctx context.Context, u string, cnt *counters) (*wsClient, error) {
	conn, _, err := websocket.DefaultDialer.DialContext(ctx, u, nil)
	if err != nil {
		return nil, err
	}
	c := &wsClient{conn: conn, done: make(chan struct{})}
	if _, _, err := conn.ReadMessage(); err != nil { // open packet
		conn.Close()
		return nil, err
	}
	if err := c.write("40"); err != nil {
		conn.Close()
		return nil, err
	}
	if _, m, err := conn.ReadMessage(); err != nil || !strings.HasPrefix(string(m), "40") {
		conn.Close()
		return nil, fmt.Errorf("connect answered %q: %v", m, err)
	}
	go func() {
		defer close(c.done)
		for {
			_, m, err := conn.ReadMessage()
			if err != nil {
				return
			}
			if reply := c.acks.packet(string(m), cnt); reply != "" {
				c.write(reply)
			}
		}
	}()
	return c, nil
}

func (c *wsClient) write(s string) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	return c.conn.WriteMessage(websocket.TextMessage, []byte(s))
}

func (c *wsClient) emitAck(ctx context.Context, id int, event, arg string) error {
	got := c.acks.expect(id)
	if err := c.write(emitPacket(id, event, arg)); err != nil {
		return err
	}
	return wait(ctx, got)
}

func (c *wsClient) close() {
	c.conn.Close()
	<-c.done
}

// pollClient speaks Socket.IO over HTTP long-polling: one GET always
// pending, POSTs one at a time.
type pollClient struct {
	httpc    *http.Client
	endpoint string // with EIO, transport and sid
	cnt      *counters
	pmu      sync.Mutex // one POST at a time, as the protocol wants
	acks     acks
	stop     context.CancelFunc
	done     chan struct{}
}

func openPolling(ctx context.Context, httpc *http.Client, endpoint string, q url.Values, cnt *counters) (*pollClient, error) {
	body, err := get(ctx, httpc, endpoint+"?"+q.Encode(), cnt)
	if err != nil {
		return nil, err
	}
	var open struct {
		SID string `json:"sid"`
	}
	if !strings.HasPrefix(body, "0") || json.Unmarshal([]byte(body[1:]), &open) != nil {
		return nil, fmt.Errorf("handshake answered %q", body)
	}
	q.Set("sid", open.SID)
	q.Del("token")
	pctx, stop := context.WithCancel(context.Background())
	c := &pollClient{httpc: httpc, endpoint: endpoint + "?" + q.Encode(), cnt: cnt, stop: stop, done: make(chan struct{})}
	if err := c.post(ctx, "40"); err != nil {
		stop()
		return nil, err
	}
	connected := make(chan struct{})
	go c.pollLoop(pctx, connected)
	select {
	case <-connected:
		return c, nil
	case <-ctx.Done():
		c.close()
		return nil, ctx.Err()
	}
}

func (c *pollClient) pollLoop(ctx context.Context, connected chan struct{}) {
	defer close(c.done)
	for {
		body, err := get(ctx, c.httpc, c.endpoint, c.cnt)
		if err != nil {
			return
		}
		for _, p := range strings.Split(body, "\x1e") {
			if strings.HasPrefix(p, "40") && connected != nil {
				close(connected)
				connected = nil
			}
			if p == "1" {
				return
			}
			if reply := c.acks.packet(p, c.cnt); reply != "" {
				go c.post(ctx, reply)
			}
		}
	}
}

func get(ctx context.Context, httpc *http.Client, u string, cnt *counters) (string, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", u, nil)
	if err != nil {
		return "", err
	}
	cnt.requests.Add(1)
	resp, err := httpc.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(bufio.NewReader(resp.Body))
	if resp.StatusCode != 200 {
		return "", fmt.Errorf("GET: %s %s", resp.Status, b)
	}
	return string(b), err
}

func (c *pollClient) post(ctx context.Context, payload string) error {
	c.pmu.Lock()
	defer c.pmu.Unlock()
	req, err := http.NewRequestWithContext(ctx, "POST", c.endpoint, strings.NewReader(payload))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "text/plain;charset=UTF-8")
	c.cnt.requests.Add(1)
	resp, err := c.httpc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		return errors.New("POST: " + resp.Status + " " + string(b))
	}
	return nil
}

func (c *pollClient) emitAck(ctx context.Context, id int, event, arg string) error {
	got := c.acks.expect(id)
	if err := c.post(ctx, emitPacket(id, event, arg)); err != nil {
		return err
	}
	return wait(ctx, got)
}

func (c *pollClient) close() {
	c.post(context.Background(), "1")
	c.stop()
	<-c.done
}
