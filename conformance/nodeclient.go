package conformance

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"
)

// NodeClient is a client process (a node script under clients/) driven
// over the line protocol of clients/lineproto.mjs: Call sends one command
// and waits for its reply. Calls may run concurrently.
type NodeClient struct {
	Name string // "chromium" or "rtc-node", for messages

	cmd     *exec.Cmd
	stdin   io.WriteCloser
	wmu     sync.Mutex
	mu      sync.Mutex
	next    int
	pending map[int]chan nodeReply
	logs    []string
	exited  chan struct{}
	exitErr error
}

type nodeReply struct {
	ID     int             `json:"id"`
	OK     bool            `json:"ok"`
	Result json.RawMessage `json:"result"`
	Error  string          `json:"error"`
	Log    *string         `json:"log"`
	Ready  bool            `json:"ready"`
}

// NodeOptions start a client process.
type NodeOptions struct {
	// Prefix runs node under a command (e.g. ip netns exec NAME).
	Prefix []string
	// Env adds variables to the process's environment.
	Env []string
	// Dir is the working directory (the repository root, where
	// node_modules is found).
	Dir string
}

// maxNodeLogs bounds the log lines kept per client process.
const maxNodeLogs = 400

// StartNodeClient runs `node script` and waits until it is ready.
func StartNodeClient(ctx context.Context, name, script string, o NodeOptions) (*NodeClient, error) {
	argv := append(append([]string{}, o.Prefix...), "node", script)
	c := &NodeClient{Name: name, pending: map[int]chan nodeReply{}, exited: make(chan struct{})}
	c.cmd = exec.Command(argv[0], argv[1:]...)
	c.cmd.Dir = o.Dir
	c.cmd.Env = append(os.Environ(), o.Env...)
	c.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var err error
	if c.stdin, err = c.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	stdout, err := c.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	stderr, err := c.cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := c.cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s client: %w", name, err)
	}
	ready := make(chan struct{})
	var readers sync.WaitGroup
	readers.Add(2)
	go func() {
		defer readers.Done()
		c.readStdout(stdout, ready)
	}()
	go func() {
		defer readers.Done()
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 64*1024), 1024*1024)
		for sc.Scan() {
			c.addLog("stderr: " + sc.Text())
		}
	}()
	go func() {
		readers.Wait()
		c.exitErr = c.cmd.Wait()
		c.mu.Lock()
		for id, ch := range c.pending {
			ch <- nodeReply{ID: id, Error: fmt.Sprintf("%s client exited: %v", name, c.exitErr)}
			delete(c.pending, id)
		}
		c.mu.Unlock()
		close(c.exited)
	}()
	select {
	case <-ready:
		return c, nil
	case <-c.exited:
		return nil, fmt.Errorf("%s client exited at start: %v\n%s", name, c.exitErr, c.Logs(30))
	case <-ctx.Done():
		c.Close()
		return nil, fmt.Errorf("%s client not ready: %w", name, ctx.Err())
	}
}

func (c *NodeClient) readStdout(r io.Reader, ready chan struct{}) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	readyOnce := sync.OnceFunc(func() { close(ready) })
	for sc.Scan() {
		var m nodeReply
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			c.addLog("stdout: " + sc.Text())
			continue
		}
		switch {
		case m.Ready:
			readyOnce()
		case m.Log != nil:
			c.addLog(*m.Log)
		default:
			c.mu.Lock()
			ch := c.pending[m.ID]
			delete(c.pending, m.ID)
			c.mu.Unlock()
			if ch != nil {
				ch <- m
			}
		}
	}
}

func (c *NodeClient) addLog(line string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.logs = append(c.logs, line)
	if len(c.logs) > maxNodeLogs {
		c.logs = c.logs[len(c.logs)-maxNodeLogs:]
	}
}

// Logs returns the client's last n log lines, one per line.
func (c *NodeClient) Logs(n int) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	l := c.logs
	if len(l) > n {
		l = l[len(l)-n:]
	}
	return strings.Join(l, "\n")
}

// Call runs op with args in the client and decodes its result into out
// (when not nil). A failed op returns the client's error text.
func (c *NodeClient) Call(ctx context.Context, op string, args any, out any) error {
	c.mu.Lock()
	c.next++
	id := c.next
	ch := make(chan nodeReply, 1)
	c.pending[id] = ch
	c.mu.Unlock()
	line, err := json.Marshal(map[string]any{"id": id, "op": op, "args": args})
	if err != nil {
		return err
	}
	c.wmu.Lock()
	_, err = c.stdin.Write(append(line, '\n'))
	c.wmu.Unlock()
	if err != nil {
		c.forget(id)
		return fmt.Errorf("%s %s: %w", c.Name, op, err)
	}
	var r nodeReply
	select {
	case r = <-ch:
	case <-c.exited:
		select {
		case r = <-ch:
		default:
			c.forget(id)
			return fmt.Errorf("%s %s: client exited: %v", c.Name, op, c.exitErr)
		}
	case <-ctx.Done():
		c.forget(id)
		return fmt.Errorf("%s %s: %w", c.Name, op, ctx.Err())
	}
	if !r.OK {
		return fmt.Errorf("%s %s: %s", c.Name, op, r.Error)
	}
	if out != nil && len(r.Result) > 0 {
		if err := json.Unmarshal(r.Result, out); err != nil {
			return fmt.Errorf("%s %s: result %s: %w", c.Name, op, r.Result, err)
		}
	}
	return nil
}

func (c *NodeClient) forget(id int) {
	c.mu.Lock()
	delete(c.pending, id)
	c.mu.Unlock()
}

// Close asks the client to quit (closing its browsers and rooms) and kills
// its process group if it has not ended within a few seconds.
func (c *NodeClient) Close() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := c.Call(ctx, "quit", nil, nil)
	select {
	case <-c.exited:
	case <-ctx.Done():
	}
	select {
	case <-c.exited:
		return
	default:
	}
	if err != nil && !errors.Is(err, context.DeadlineExceeded) {
		c.addLog("quit: " + err.Error())
	}
	_ = syscall.Kill(-c.cmd.Process.Pid, syscall.SIGKILL)
	<-c.exited
}
