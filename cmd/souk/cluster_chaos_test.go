package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"souk/cluster"
)

// chaosDeadline bounds each recovery: the machine may be shared with
// other test processes besides the test's own CPU hogs.
const chaosDeadline = 90 * time.Second

// chaosFreeze is how long the call's node is stopped across a Redis
// restart: well over the heartbeats (300 ms) the placement once waited
// for, under the node TTL (2 s) after which a node counts as dead.
const chaosFreeze = 1500 * time.Millisecond

// chaosRuns is SOUK_CHAOS_RUNS, or 2: the normal suite runs a short
// version, a longer one is asked for (SOUK_CHAOS_RUNS=20).
func chaosRuns(t *testing.T) int {
	raw := os.Getenv("SOUK_CHAOS_RUNS")
	if raw == "" {
		return 2
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < 1 {
		t.Fatalf("SOUK_CHAOS_RUNS=%q: want a positive number", raw)
	}
	return n
}

// While two CPU hogs run, a three-participant call survives, run after
// run, a Redis restart that loses its data while the room's node is
// frozen (with a participant rejoining through the other node at once),
// the SIGKILL of the room's node and the drain of its next node. After
// each fault every participant hears every other, and no room is ever
// hosted by two nodes at once (a monitor asks every node for its rooms
// throughout).
func TestClusterChaos(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs several souk processes")
	}
	runs := chaosRuns(t)
	bin := buildSouk(t)
	startCPUHogs(t, 2)
	redisSrv := startPrivateRedis(t)
	c := &chaosCluster{t: t, env: newClusterEnv(t, bin, redisSrv.url), nodes: map[string]*soukNode{}}
	c.add()
	c.add()
	c.env.waitNodes(t, c.ids()...)

	var callers []*caller
	for i, id := range []string{"alice", "bob", "carol"} {
		k := newCaller(t, "chaos", id, func() string { return c.entry(i) })
		if err := k.join(chaosDeadline); err != nil {
			t.Fatal(err)
		}
		callers = append(callers, k)
	}
	if _, err := c.allHearAll(callers, time.Now()); err != nil {
		t.Fatal(err)
	}
	stopMonitor := c.monitorRooms()

	back := map[string][]time.Duration{}
	for run := range runs {
		// Redis restarts empty while the call's node is frozen, as a node
		// starved of CPU is, for less than the TTL (it is alive, only
		// slow to record its room again); one participant rejoins at
		// once through the other node, the case in which a second copy
		// of the room used to start.
		host := c.waitRecord()
		frozen := c.nodes[host].cmd.Process
		if err := frozen.Signal(syscall.SIGSTOP); err != nil {
			t.Fatal(err)
		}
		thawed := time.AfterFunc(chaosFreeze, func() { _ = frozen.Signal(syscall.SIGCONT) })
		redisSrv.stop(t)
		redisSrv.start(t)
		fault := time.Now()
		k := callers[run%len(callers)]
		other := c.otherThan(host)
		k.close()
		lb := k.entry
		k.entry = func() string { return c.nodes[other].url }
		if err := k.join(chaosDeadline); err != nil {
			t.Fatalf("run %d, after the Redis restart: %v", run, err)
		}
		k.entry = lb
		c.record(back, "redis restart", run, callers, fault)
		if thawed.Stop() {
			_ = frozen.Signal(syscall.SIGCONT)
		}

		// SIGKILL of the room's node; the participants rejoin through
		// the load balancer, and a fresh node replaces the dead one.
		host = c.waitRecord()
		if err := c.nodes[host].cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		fault = time.Now()
		_ = c.nodes[host].cmd.Wait()
		delete(c.nodes, host)
		c.rejoinAll(run, callers)
		c.record(back, "SIGKILL", run, callers, fault)
		c.add()
		c.env.waitNodes(t, c.ids()...)

		// Drain (SIGTERM) of the room's node: its participants are told
		// to reconnect and land on the other node.
		host = c.waitRecord()
		if err := c.nodes[host].cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		fault = time.Now()
		errs := make(chan error, len(callers))
		for _, k := range callers {
			go func() { errs <- k.followLeave(chaosDeadline) }()
		}
		for range callers {
			if err := <-errs; err != nil {
				t.Fatalf("run %d, drain: %v", run, err)
			}
		}
		c.record(back, "drain", run, callers, fault)
		if err := c.nodes[host].cmd.Wait(); err != nil {
			t.Fatalf("drained node exited with %v", err)
		}
		delete(c.nodes, host)
		c.add()
		c.env.waitNodes(t, c.ids()...)
	}
	stopMonitor()
	seen := c.seenTwice()
	for _, kind := range []string{"redis restart", "SIGKILL", "drain"} {
		d := slices.Clone(back[kind])
		slices.Sort(d)
		t.Logf("%s: back to audio min %s, median %s, max %s over %d faults",
			kind, d[0].Round(time.Millisecond), d[len(d)/2].Round(time.Millisecond), d[len(d)-1].Round(time.Millisecond), len(d))
	}
	c.mu.Lock()
	overlaps := c.drainOverlaps
	c.mu.Unlock()
	t.Logf("%d runs with 2 CPU hogs; the call seen hosted by two nodes at once: %d times; a draining node's participants seen beside their new node: %d times",
		runs, len(seen), overlaps)
	if len(seen) > 0 {
		t.Fatalf("the call was hosted twice: %v", seen)
	}
}

// chaosCluster is the deployment of TestClusterChaos: its live nodes
// change as nodes are killed, drained and replaced.
type chaosCluster struct {
	t     *testing.T
	env   *clusterEnv
	mu    sync.Mutex
	nodes map[string]*soukNode
	next  int
	// doubles are the times monitorRooms saw the call on two nodes;
	// drainOverlaps counts its looks at a draining node's participants
	// not yet gone while some were on their new node already.
	doubles       []string
	drainOverlaps int
}

func (c *chaosCluster) seenTwice() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.doubles)
}

// add starts a fresh node.
func (c *chaosCluster) add() {
	c.next++
	id := fmt.Sprintf("n%d", c.next)
	n := c.env.start(c.t, id)
	c.mu.Lock()
	c.nodes[id] = n
	c.mu.Unlock()
}

func (c *chaosCluster) ids() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	ids := make([]string, 0, len(c.nodes))
	for id := range c.nodes {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

func (c *chaosCluster) otherThan(id string) string {
	for _, other := range c.ids() {
		if other != id {
			return other
		}
	}
	c.t.Fatalf("no node besides %s", id)
	return ""
}

// entry is the load balancer as participant i sees it: the first node,
// from the i-th on, whose /readyz answers 200.
func (c *chaosCluster) entry(i int) string {
	ids := c.ids()
	for j := range ids {
		c.mu.Lock()
		n := c.nodes[ids[(i+j)%len(ids)]]
		c.mu.Unlock()
		resp, err := http.Get(n.url + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return n.url
			}
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.nodes[ids[i%len(ids)]].url
}

// waitRecord waits until the call's room is recorded on a live node.
func (c *chaosCluster) waitRecord() string {
	var host string
	waitUntil(c.t, chaosDeadline, "the call's room recorded on a live node", func() bool {
		host = c.env.roomNode("chaos")
		c.mu.Lock()
		defer c.mu.Unlock()
		return c.nodes[host] != nil
	})
	return host
}

// rejoinAll has every participant, whose node died, join again.
func (c *chaosCluster) rejoinAll(run int, callers []*caller) {
	errs := make(chan error, len(callers))
	for _, k := range callers {
		k.close()
		go func() { errs <- k.join(chaosDeadline) }()
	}
	for range callers {
		if err := <-errs; err != nil {
			c.t.Fatalf("run %d, rejoin after SIGKILL: %v", run, err)
		}
	}
}

// allHearAll waits until each participant hears each other one, and
// returns the time since fault.
func (c *chaosCluster) allHearAll(callers []*caller, fault time.Time) (time.Duration, error) {
	var wg sync.WaitGroup
	errs := make(chan error, len(callers)*len(callers))
	for _, k := range callers {
		for _, other := range callers {
			if k == other {
				continue
			}
			wg.Add(1)
			go func() { defer wg.Done(); errs <- k.hears(other, 25, chaosDeadline) }()
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			return 0, err
		}
	}
	return time.Since(fault), nil
}

func (c *chaosCluster) record(back map[string][]time.Duration, kind string, run int, callers []*caller, fault time.Time) {
	took, err := c.allHearAll(callers, fault)
	if err != nil {
		c.t.Fatalf("run %d, after %s: %v (the call seen on two nodes so far: %v)", run, kind, err, c.seenTwice())
	}
	back[kind] = append(back[kind], took)
	c.t.Logf("run %d: %s, every participant hears every other %s later", run, kind, took.Round(time.Millisecond))
}

// monitorRooms asks each node, until the test ends or the function it
// returns is called, how many participants it holds (its /metrics; the
// call is the deployment's only room), noting each time two nodes that
// take rooms hold some at once: the call is then split in two copies. A
// draining node is not counted: it sent its participants away and takes
// no joins; the time they overlap with their new node is noted apart.
func (c *chaosCluster) monitorRooms() (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	client := &http.Client{Timeout: time.Second}
	go func() {
		defer close(done)
		for ctx.Err() == nil {
			var hosting, draining []string
			for _, id := range c.ids() {
				c.mu.Lock()
				n := c.nodes[id]
				c.mu.Unlock()
				if n == nil || participantsOf(ctx, client, n.url) <= 0 {
					continue
				}
				var entry cluster.Node
				raw, err := c.env.rdb.Get(ctx, c.env.prefix+":node:"+id).Bytes()
				if err == nil && json.Unmarshal(raw, &entry) == nil && entry.Draining {
					draining = append(draining, id)
				} else {
					hosting = append(hosting, id)
				}
			}
			now := time.Now().Format("15:04:05.000")
			c.mu.Lock()
			if len(hosting) > 1 {
				c.doubles = append(c.doubles, fmt.Sprintf("on %v at %s", hosting, now))
			}
			if len(hosting) > 0 && len(draining) > 0 {
				c.drainOverlaps++
			}
			c.mu.Unlock()
			select {
			case <-ctx.Done():
			case <-time.After(200 * time.Millisecond):
			}
		}
	}()
	stop = func() { cancel(); <-done }
	c.t.Cleanup(stop)
	return stop
}

// participantsOf is the souk_media_participants gauge of the node at url
// (-1 when it does not answer).
func participantsOf(ctx context.Context, client *http.Client, url string) int {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url+"/metrics", nil)
	if err != nil {
		return -1
	}
	resp, err := client.Do(req)
	if err != nil {
		return -1
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "souk_media_participants "); ok {
			n, err := strconv.ParseFloat(v, 64)
			if err != nil {
				return -1
			}
			return int(n)
		}
	}
	return -1
}

// startCPUHogs runs n child processes (this test binary, as
// TestCPUHogProcess) that each keep one core busy until the test ends.
func startCPUHogs(t *testing.T, n int) {
	t.Helper()
	for range n {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCPUHogProcess$")
		cmd.Env = append(os.Environ(), "SOUK_TEST_CPU_HOG=1")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	}
}

// TestCPUHogProcess is not a test: startCPUHogs runs it in a child
// process, where it spins until killed, or until the test binary that
// started it is gone, or for an hour at most.
func TestCPUHogProcess(t *testing.T) {
	if os.Getenv("SOUK_TEST_CPU_HOG") != "1" {
		t.Skip("a CPU hog for TestClusterChaos, run only as its child process")
	}
	parent := os.Getppid()
	end := time.Now().Add(time.Hour)
	x := 0
	for time.Now().Before(end) && os.Getppid() == parent {
		for i := range 1_000_000 {
			x ^= i
		}
	}
	fmt.Fprintln(os.Stderr, x)
}

// frozenPastTheTTL: the call's node is stopped (SIGSTOP) until the
// cluster counts it dead, a participant joins meanwhile through the other
// node, which starts the room again; when the frozen node wakes it finds
// the room recorded on the other node and sends its own participants
// there, so the two copies become one.
func frozenPastTheTTL(t *testing.T, bin string) {
	c := &chaosCluster{t: t, env: newClusterEnv(t, bin, clusterRedisURL()), nodes: map[string]*soukNode{}}
	c.add()
	c.add()
	c.env.waitNodes(t, c.ids()...)
	var callers []*caller
	for i, id := range []string{"alice", "bob"} {
		k := newCaller(t, "frozen", id, func() string { return c.entry(i) })
		if err := k.join(chaosDeadline); err != nil {
			t.Fatal(err)
		}
		callers = append(callers, k)
	}
	host := c.env.roomNode("frozen")
	other := c.otherThan(host)
	if _, err := c.allHearAll(callers, time.Now()); err != nil {
		t.Fatal(err)
	}
	frozen := c.nodes[host].cmd.Process
	if err := frozen.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	thawed := false
	t.Cleanup(func() {
		if !thawed {
			_ = frozen.Signal(syscall.SIGCONT)
		}
	})
	c.env.waitNodes(t, other)
	carol := newCaller(t, "frozen", "carol", func() string { return c.nodes[other].url })
	if err := carol.join(chaosDeadline); err != nil {
		t.Fatal(err)
	}
	if got := c.env.roomNode("frozen"); got != other {
		t.Fatalf("while %s is frozen the room is recorded on %q, want %s", host, got, other)
	}
	if err := frozen.Signal(syscall.SIGCONT); err != nil {
		t.Fatal(err)
	}
	thawed = true
	woke := time.Now()
	errs := make(chan error, len(callers))
	for _, k := range callers {
		go func() { errs <- k.followLeave(chaosDeadline) }()
	}
	for range callers {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	took, err := c.allHearAll(append(callers, carol), woke)
	if err != nil {
		t.Fatal(err)
	}
	client := &http.Client{Timeout: 5 * time.Second}
	waitUntil(t, chaosDeadline, host+" holds no participant", func() bool {
		return participantsOf(context.Background(), client, c.nodes[host].url) == 0
	})
	if got := c.env.roomNode("frozen"); got != other {
		t.Fatalf("after %s woke the room is recorded on %q, want %s", host, got, other)
	}
	t.Logf("%s woke holding a copy of the room; one call again on %s %s later", host, other, took.Round(time.Millisecond))
}
