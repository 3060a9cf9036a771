// Command loadgen measures fan-out on a Socket.IO server: N clients join
// room_bench, one more client broadcasts to it, and every delivery's
// latency is recorded. The same program, with its own minimal Socket.IO
// client, faces souk and the reference server alike.
//
// Two phases: a paced one (messages at -rate per second) for delivery
// latency under a steady load, then a burst (all messages back to back)
// for throughput. Output: one JSON line.
//
// Imports (checked by internal/importrules):
//
//	souk:   souk/config souk/platform/...
//	others: any
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"runtime/pprof"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"
)

type options struct {
	url      string
	label    string
	clients  int
	paced    int
	rate     float64
	burst    int
	parallel int
}

func main() {
	var o options
	flag.StringVar(&o.url, "url", "http://127.0.0.1:7990", "server origin")
	flag.StringVar(&o.label, "label", "", "name of the server in the output")
	flag.IntVar(&o.clients, "clients", 1000, "receiving clients")
	flag.IntVar(&o.paced, "paced", 100, "messages in the paced phase")
	flag.Float64Var(&o.rate, "rate", 10, "messages per second in the paced phase")
	flag.IntVar(&o.burst, "burst", 200, "messages in the burst phase")
	flag.IntVar(&o.parallel, "parallel", 100, "connections opened at once")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the load generator to this file")
	flag.Parse()
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "loadgen:", err)
			os.Exit(1)
		}
		pprof.StartCPUProfile(f)
		defer f.Close()
		defer pprof.StopCPUProfile()
	}
	res, err := run(o)
	if res != nil {
		json.NewEncoder(os.Stdout).Encode(res)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadgen:", err)
		pprof.StopCPUProfile()
		os.Exit(1)
	}
}

var base = time.Now()

func now() int64 { return int64(time.Since(base)) }

// client is a minimal Socket.IO client over one WebSocket.
type client struct {
	conn *websocket.Conn
	wmu  sync.Mutex
}

func (c *client) write(s string) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	return c.conn.WriteMessage(websocket.TextMessage, []byte(s))
}

func (c *client) readText() (string, error) {
	for {
		typ, data, err := c.conn.ReadMessage()
		if err != nil {
			return "", err
		}
		if typ != websocket.TextMessage {
			continue
		}
		if string(data) == "2" {
			if err := c.write("3"); err != nil {
				return "", err
			}
			continue
		}
		return string(data), nil
	}
}

// readInto reads the next message into buf, reusing its memory: with
// thousands of receivers each taking thousands of presence events while
// the others join, a fresh buffer per message would make the load
// generator, not the server, the busiest process on the machine.
func (c *client) readInto(buf []byte) (int, []byte, error) {
	typ, r, err := c.conn.NextReader()
	if err != nil {
		return 0, buf, err
	}
	buf = buf[:0]
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return typ, buf, nil
		}
		if err != nil {
			return 0, buf, err
		}
	}
}

// dial connects as user n and joins room_bench.
func dial(origin string, n int) (*client, error) {
	u, err := url.Parse(origin)
	if err != nil {
		return nil, err
	}
	u.Scheme = "ws"
	u.Path = "/socket.io/"
	u.RawQuery = url.Values{"EIO": {"4"}, "transport": {"websocket"}, "token": {"bench-" + strconv.Itoa(n)}}.Encode()
	d := websocket.Dialer{HandshakeTimeout: 30 * time.Second, ReadBufferSize: 4096, WriteBufferSize: 4096}
	conn, _, err := d.Dial(u.String(), nil)
	if err != nil {
		return nil, err
	}
	c := &client{conn: conn}
	steps := []struct{ send, want string }{
		{"", "0{"},
		{"40", "40{"},
		{`420["join-room","room_bench"]`, `430[{"ok":true`},
	}
	for _, s := range steps {
		if s.send != "" {
			if err := c.write(s.send); err != nil {
				conn.Close()
				return nil, err
			}
		}
		for {
			got, err := c.readText()
			if err != nil {
				conn.Close()
				return nil, fmt.Errorf("user %d waiting for %q: %w", n, s.want, err)
			}
			if len(got) >= len(s.want) && got[:len(s.want)] == s.want {
				break
			}
			if len(got) >= 2 && got[:2] == "42" { // presence of others joining
				continue
			}
			conn.Close()
			return nil, fmt.Errorf("user %d: got %q, want %q", n, got, s.want)
		}
	}
	return c, nil
}

var roomMessage = []byte(`42["room-message",`)
var marker = []byte("bench:")

// stamp reads "bench:<seq>:<sent ns>" out of a room-message frame.
func stamp(frame []byte) (seq int, sent int64, ok bool) {
	if !bytes.HasPrefix(frame, roomMessage) {
		return 0, 0, false
	}
	i := bytes.Index(frame, marker)
	if i < 0 {
		return 0, 0, false
	}
	rest := frame[i+len(marker):]
	j := bytes.IndexByte(rest, ':')
	k := j + 1
	for k < len(rest) && rest[k] >= '0' && rest[k] <= '9' {
		k++
	}
	if j <= 0 {
		return 0, 0, false
	}
	s, err1 := strconv.Atoi(string(rest[:j]))
	t, err2 := strconv.ParseInt(string(rest[j+1:k]), 10, 64)
	return s, t, err1 == nil && err2 == nil
}

type result struct {
	Server           string  `json:"server"`
	Clients          int     `json:"clients"`
	ConnectSeconds   float64 `json:"connect_seconds"`
	PacedMessages    int     `json:"paced_messages"`
	PacedRate        float64 `json:"paced_rate_per_s"`
	PacedP50Ms       float64 `json:"paced_p50_ms"`
	PacedP99Ms       float64 `json:"paced_p99_ms"`
	BurstMessages    int     `json:"burst_messages"`
	BurstSeconds     float64 `json:"burst_seconds"`
	DeliveriesPerSec float64 `json:"burst_deliveries_per_s"`
	MessagesPerSec   float64 `json:"burst_messages_per_s"`
	BurstP50Ms       float64 `json:"burst_p50_ms"`
	BurstP99Ms       float64 `json:"burst_p99_ms"`
	Lost             int     `json:"lost"`
}

func run(o options) (*result, error) {
	total := o.paced + o.burst
	latency := make([]int64, total*o.clients) // [seq*clients+client]
	var delivered atomic.Int64
	var lastDelivery atomic.Int64

	// Each receiver reads from the moment it has joined: the joins of
	// later clients already reach it as presence events, and a client
	// that does not read is disconnected as too slow.
	var readers sync.WaitGroup
	read := func(i int, c *client) {
		defer readers.Done()
		buf := make([]byte, 0, 512)
		for {
			typ, data, err := c.readInto(buf)
			buf = data
			if err != nil {
				return
			}
			if typ != websocket.TextMessage {
				continue
			}
			if len(data) == 1 && data[0] == '2' {
				c.write("3")
				continue
			}
			if seq, sent, ok := stamp(data); ok && seq < total {
				at := now()
				latency[seq*o.clients+i] = at - sent
				delivered.Add(1)
				lastDelivery.Store(at)
			}
		}
	}

	start := time.Now()
	receivers := make([]*client, o.clients)
	sem := make(chan struct{}, o.parallel)
	errs := make(chan error, o.clients)
	var wg sync.WaitGroup
	for i := range receivers {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			c, err := dial(o.url, i+1)
			if err != nil {
				errs <- err
				return
			}
			receivers[i] = c
			readers.Add(1)
			go read(i, c)
		}()
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		for _, c := range receivers {
			if c != nil {
				c.conn.Close()
			}
		}
		readers.Wait()
		return nil, err
	}
	connectTime := time.Since(start)

	sender, err := dial(o.url, 0)
	if err != nil {
		return nil, err
	}
	go func() { // the sender's own confirmations are drained and ignored
		for {
			if _, err := sender.readText(); err != nil {
				return
			}
		}
	}()
	send := func(seq int) error {
		return sender.write(fmt.Sprintf(`42["AuctionStreamAdapter_BROADCAST",{"SocketIOUniqueChannelName":"bench","data":"bench:%d:%d","wrapperId":"w%d"}]`, seq, now(), seq))
	}
	waitFor := func(want int64, limit time.Duration) {
		deadline := time.Now().Add(limit)
		for delivered.Load() < want && time.Now().Before(deadline) {
			time.Sleep(2 * time.Millisecond)
		}
	}

	interval := time.Duration(float64(time.Second) / o.rate)
	tick := time.NewTicker(interval)
	for seq := 0; seq < o.paced; seq++ {
		<-tick.C
		if err := send(seq); err != nil {
			return nil, err
		}
	}
	tick.Stop()
	waitFor(int64(o.paced*o.clients), 30*time.Second)
	pacedDelivered := delivered.Load()

	burstStart := now()
	for seq := o.paced; seq < total; seq++ {
		if err := send(seq); err != nil {
			return nil, err
		}
	}
	waitFor(int64(total*o.clients), 120*time.Second)
	burstEnd := lastDelivery.Load()

	sender.conn.Close()
	for _, c := range receivers {
		c.conn.Close()
	}
	readers.Wait()

	res := &result{
		Server:         o.label,
		Clients:        o.clients,
		ConnectSeconds: connectTime.Seconds(),
		PacedMessages:  o.paced,
		PacedRate:      o.rate,
		BurstMessages:  o.burst,
		Lost:           total*o.clients - int(delivered.Load()),
	}
	res.PacedP50Ms, res.PacedP99Ms = percentiles(latency[:o.paced*o.clients])
	res.BurstP50Ms, res.BurstP99Ms = percentiles(latency[o.paced*o.clients:])
	burstDelivered := delivered.Load() - pacedDelivered
	if secs := float64(burstEnd-burstStart) / 1e9; secs > 0 {
		res.BurstSeconds = secs
		res.DeliveriesPerSec = float64(burstDelivered) / secs
		res.MessagesPerSec = float64(o.burst) / secs
	}
	if res.Lost > 0 {
		return res, errors.New(strconv.Itoa(res.Lost) + " deliveries lost")
	}
	return res, nil
}

// percentiles of the recorded latencies in milliseconds; zero entries
// are deliveries that never came.
func percentiles(ns []int64) (p50, p99 float64) {
	got := make([]int64, 0, len(ns))
	for _, v := range ns {
		if v > 0 {
			got = append(got, v)
		}
	}
	if len(got) == 0 {
		return 0, 0
	}
	slices.Sort(got)
	at := func(q float64) float64 { return float64(got[int(q*float64(len(got)-1))]) / 1e6 }
	return at(0.50), at(0.99)
}
