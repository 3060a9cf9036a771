package conformance

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"souk/signal/client"
)

// ClientKind names a client a scenario drives.
type ClientKind string

const (
	// Chromium is livekit-client in headless Chromium (clients/browser.mjs).
	Chromium ClientKind = "chromium"
	// RTCNode is @livekit/rtc-node (clients/rtcnode.mjs).
	RTCNode ClientKind = "rtc-node"
	// GoClient is souk/signal/client, in the test process.
	GoClient ClientKind = "go"
	// Lab is no client but the network lab (internal/netlab) the lab
	// scenarios run servers and clients in: root and the ip, iptables
	// and tc programs.
	Lab ClientKind = "netlab"
)

// Scenario is one behaviour run against both servers with the same
// clients. Run records named checks (Env.Check) and figures (Env.Figure);
// a check livekit-server passes must pass on Souk too.
type Scenario struct {
	Name string
	// Doc says in one line what the scenario asserts (for the report).
	Doc string
	// Fast scenarios also run in `make test`; the rest in `make conformance`.
	Fast bool
	// Clients the scenario needs; it is skipped (failed under CI=true)
	// when one is not installed.
	Clients []ClientKind
	// Redis scenarios need a Redis (for a Souk cluster).
	Redis bool
	// Timeout bounds one server's run (default 4 minutes).
	Timeout time.Duration
	// Configure adjusts the options of the server Env.Server starts (Kind
	// is set, for what differs between the servers).
	Configure func(*ServerOptions)
	Run       func(ctx context.Context, e *Env) error
}

// Check is the result of one assertion on one server.
type Check struct {
	Name   string
	OK     bool
	Detail string
}

// Figure is one measured value, printed beside the other server's.
type Figure struct {
	Name, Value string
}

// Outcome is what one server's run of a scenario produced.
type Outcome struct {
	Kind    ServerKind
	Checks  []Check
	Figures []Figure
	// Err ends the run early (checks after it were not reached).
	Err      error
	Duration time.Duration
}

// Passed reports whether the check named name ran and passed.
func (o Outcome) Passed(name string) bool {
	for _, c := range o.Checks {
		if c.Name == name {
			return c.OK
		}
	}
	return false
}

// Failed lists the checks that failed, and "run" when it ended early.
func (o Outcome) Failed() []string {
	var out []string
	for _, c := range o.Checks {
		if !c.OK {
			out = append(out, c.Name)
		}
	}
	if o.Err != nil {
		out = append(out, "run")
	}
	return out
}

// Regressions are the checks livekit-server passed and Souk did not (failed
// or never reached), with Souk's reason.
func Regressions(lk, souk Outcome) []string {
	var out []string
	for _, c := range lk.Checks {
		if !c.OK || souk.Passed(c.Name) {
			continue
		}
		why := "not reached"
		for _, s := range souk.Checks {
			if s.Name == c.Name {
				why = s.Detail
			}
		}
		if why == "not reached" && souk.Err != nil {
			why = "not reached: " + souk.Err.Error()
		}
		out = append(out, fmt.Sprintf("%s: %s", c.Name, why))
	}
	return out
}

// Env is what a scenario's Run gets for one server: the server, clients
// bound to the run's lifetime, and the record of checks and figures.
type Env struct {
	Kind  ServerKind
	Tools Tools
	// Dir is a fresh folder for this run (server data, logs, certificates).
	Dir string
	// Name of the scenario, for room names.
	Name string

	logf      func(format string, args ...any)
	configure func(*ServerOptions)

	mu       sync.Mutex
	checks   []Check
	figures  []Figure
	cleanups []func()
	server   *Server
	servers  []*Server
	nodes    []*NodeClient
	serial   int
}

// Logf writes to the test's log.
func (e *Env) Logf(format string, args ...any) { e.logf(format, args...) }

// Check records the assertion name as passed when err is nil, failed with
// err's text otherwise, and returns whether it passed.
func (e *Env) Check(name string, err error) bool {
	c := Check{Name: name, OK: err == nil}
	if err != nil {
		c.Detail = err.Error()
	}
	e.mu.Lock()
	e.checks = append(e.checks, c)
	e.mu.Unlock()
	if err != nil {
		e.logf("%s: check %s FAILED: %v", e.Kind, name, err)
	} else {
		e.logf("%s: check %s passed", e.Kind, name)
	}
	return err == nil
}

// Figure records a measured value (formatted with fmt) under name.
func (e *Env) Figure(name, format string, args ...any) {
	v := fmt.Sprintf(format, args...)
	e.mu.Lock()
	defer e.mu.Unlock()
	for i := range e.figures {
		if e.figures[i].Name == name {
			e.figures[i].Value = v
			return
		}
	}
	e.figures = append(e.figures, Figure{Name: name, Value: v})
}

// Cleanup runs fn when the run ends, last registered first.
func (e *Env) Cleanup(fn func()) {
	e.mu.Lock()
	e.cleanups = append(e.cleanups, fn)
	e.mu.Unlock()
}

// Room returns a room name unique to this run.
func (e *Env) Room(suffix string) string {
	e.mu.Lock()
	e.serial++
	n := e.serial
	e.mu.Unlock()
	return fmt.Sprintf("%s-%s-%d", roomSafe(e.Name), suffix, n)
}

var notRoomSafe = regexp.MustCompile(`[^a-zA-Z0-9_-]+`)

func roomSafe(s string) string { return notRoomSafe.ReplaceAllString(s, "-") }

// Server starts (once) and returns the run's default server: loopback,
// a free UDP and TCP port, adjusted by the scenario's Configure.
func (e *Env) Server(ctx context.Context) (*Server, error) {
	e.mu.Lock()
	s := e.server
	e.mu.Unlock()
	if s != nil {
		return s, nil
	}
	o := ServerOptions{Kind: e.Kind}
	if e.configure != nil {
		e.configure(&o)
	}
	s, err := e.StartServer(ctx, o)
	if err != nil {
		return nil, err
	}
	e.mu.Lock()
	e.server = s
	e.mu.Unlock()
	return s, nil
}

// The key pair every server of a run is given.
const (
	apiKey    = "conformance"
	apiSecret = "conformance-secret-conformance-secret-0123"
)

// StartServer starts one more server of the run's kind with o (Kind,
// Binary, keys and Dir are filled in). It is stopped when the run ends.
func (e *Env) StartServer(ctx context.Context, o ServerOptions) (*Server, error) {
	o.Kind = e.Kind
	switch e.Kind {
	case LiveKit:
		o.Binary = e.Tools.LivekitServer
	case Souk:
		o.Binary = e.Tools.Souk
	}
	if o.APIKey == "" {
		o.APIKey, o.APISecret = apiKey, apiSecret
	}
	e.mu.Lock()
	e.serial++
	o.Dir = filepath.Join(e.Dir, fmt.Sprintf("server-%d", e.serial))
	e.mu.Unlock()
	if err := os.MkdirAll(o.Dir, 0o700); err != nil {
		return nil, err
	}
	s, err := StartServer(ctx, o)
	if err != nil {
		return nil, err
	}
	e.mu.Lock()
	e.servers = append(e.servers, s)
	e.mu.Unlock()
	e.Cleanup(s.Stop)
	return s, nil
}

// Browser starts a Chromium client process (clients/browser.mjs) that
// lives until the run ends. o may run it in a namespace.
func (e *Env) Browser(ctx context.Context, o NodeOptions) (*NodeClient, error) {
	o.Env = append(o.Env, "LIVEKIT_CLIENT_DIST="+e.Tools.LivekitClientDist, "CHROMIUM="+e.Tools.Chromium)
	return e.node(ctx, "chromium", "browser.mjs", o)
}

// RTCNode starts an @livekit/rtc-node client process (clients/rtcnode.mjs).
func (e *Env) RTCNode(ctx context.Context, o NodeOptions) (*NodeClient, error) {
	return e.node(ctx, "rtc-node", "rtcnode.mjs", o)
}

func (e *Env) node(ctx context.Context, name, script string, o NodeOptions) (*NodeClient, error) {
	if o.Dir == "" {
		o.Dir = e.Tools.Root
	}
	c, err := StartNodeClient(ctx, name, filepath.Join(e.Tools.Root, "conformance", "clients", script), o)
	if err != nil {
		return nil, err
	}
	e.mu.Lock()
	e.nodes = append(e.nodes, c)
	e.mu.Unlock()
	e.Cleanup(c.Close)
	return c, nil
}

// Go connects the project's Go client to srv as identity; cfg may set
// anything but URL and Token. It is closed when the run ends.
func (e *Env) Go(ctx context.Context, srv *Server, identity, room string, cfg client.Config, grants ...Grant) (*client.Client, error) {
	tok, err := srv.Token(room, identity, grants...)
	if err != nil {
		return nil, err
	}
	cfg.URL, cfg.Token = srv.URL, tok
	cfg.IncludeLoopback = true
	c, err := client.Connect(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("go client %s: %w", identity, err)
	}
	e.Cleanup(c.Close)
	return c, nil
}

// run executes sc against one server kind and returns what it recorded.
func run(ctx context.Context, sc Scenario, kind ServerKind, tools Tools, dir string, logf func(string, ...any)) Outcome {
	e := &Env{Kind: kind, Tools: tools, Dir: dir, Name: sc.Name, logf: logf, configure: sc.Configure}
	timeout := sc.Timeout
	if timeout == 0 {
		timeout = 4 * time.Minute
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	started := time.Now()
	err := sc.Run(ctx, e)
	cancel()
	o := Outcome{Kind: kind, Err: err, Duration: time.Since(started)}
	failed := err != nil
	e.mu.Lock()
	o.Checks = append(o.Checks, e.checks...)
	o.Figures = append(o.Figures, e.figures...)
	for _, c := range e.checks {
		failed = failed || !c.OK
	}
	servers, nodes, cleanups := e.servers, e.nodes, e.cleanups
	e.mu.Unlock()
	if err != nil {
		logf("%s: run ended early: %v", kind, err)
	}
	if failed {
		for _, n := range nodes {
			if l := n.Logs(60); l != "" {
				logf("%s: %s client log:\n%s", kind, n.Name, l)
			}
		}
		for i, s := range servers {
			logf("%s: server %d log (last lines):\n%s", kind, i+1, s.LogTail(40))
		}
	}
	for i := len(cleanups) - 1; i >= 0; i-- {
		cleanups[i]()
	}
	return o
}

// figureValue is the value of figure name in o, or "–".
func figureValue(o Outcome, name string) string {
	for _, f := range o.Figures {
		if f.Name == name {
			return f.Value
		}
	}
	return "–"
}

// figureNames lists the figure names of both outcomes, in first-seen order.
func figureNames(outs ...Outcome) []string {
	seen := map[string]bool{}
	var names []string
	for _, o := range outs {
		for _, f := range o.Figures {
			if !seen[f.Name] {
				seen[f.Name] = true
				names = append(names, f.Name)
			}
		}
	}
	return names
}

// summary is a short result for the report: "pass (4)" or
// "FAIL quality_low, run".
func summary(o Outcome) string {
	failed := o.Failed()
	if len(failed) == 0 {
		return fmt.Sprintf("pass (%d)", len(o.Checks))
	}
	return "FAIL " + strings.Join(failed, ", ")
}
