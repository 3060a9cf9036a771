package netlab

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/netip"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// namePrefix starts the name of every namespace a lab creates; leftovers
// of crashed runs are recognised by it.
const namePrefix = "souklab-"

// commandTimeout bounds one ip/iptables/tc call. They take milliseconds;
// the margin is for a machine busy with other builds.
const commandTimeout = 60 * time.Second

// Lab is one test's network: a router namespace and the hosts attached to
// it. Make it with New in a test, or Open and Close elsewhere.
type Lab struct {
	logf   func(format string, args ...any)
	id     string // pid-start-random, unique per lab on this machine
	plan   addressPlan
	router *Host

	mu       sync.Mutex
	hosts    []*Host
	links    int  // links made so far; link k uses subnet k
	ipv6     bool // some host has IPv6: the router forwards it
	backend  ImpairBackend
	queues   map[uint16]*delayQueue
	closers  []func()  // run in reverse order before the namespaces go
	cmds     []hostCmd // what Host.Command made
	fwChains map[string]bool
	closed   bool
}

type hostCmd struct {
	cmd *exec.Cmd
	ns  string
}

// Options configure Open.
type Options struct {
	// Logf receives what the lab has to say: leftovers it removed,
	// processes it ended at Close. Default: nothing is said.
	Logf func(format string, args ...any)
}

// ErrUnavailable wraps the reason the lab cannot run on this machine.
var ErrUnavailable = errors.New("network lab unavailable")

// Available returns nil when the lab can run: root, and the ip, iptables,
// ip6tables (and their -restore) and tc programs on PATH; otherwise an
// error wrapping ErrUnavailable that says what is missing.
func Available() error {
	var missing []string
	if os.Geteuid() != 0 {
		missing = append(missing, "root")
	}
	var tools []string
	for _, tool := range []string{"ip", "iptables", "ip6tables", "iptables-restore", "ip6tables-restore", "tc"} {
		if _, err := exec.LookPath(tool); err != nil {
			tools = append(tools, tool)
		}
	}
	if len(tools) > 0 {
		missing = append(missing, strings.Join(tools, ", ")+" (`make netlab-tools` installs iproute2 and iptables)")
	}
	if len(missing) > 0 {
		return fmt.Errorf("%w: needs %s", ErrUnavailable, strings.Join(missing, " and "))
	}
	return nil
}

// Require skips t unless the lab can run (see Available). Under CI=true it
// fails t instead, so that a CI machine that lost the tools does not
// silently skip the lab.
func Require(t testing.TB) {
	t.Helper()
	if err := Available(); err != nil {
		skipOrFail(t, err)
	}
}

func skipOrFail(t testing.TB, err error) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("%v", err)
	}
	t.Skipf("%v. CI runs as root, so the lab runs there; elsewhere it skips", err)
}

// New opens a lab for t (see Open) and closes it in t.Cleanup, after a
// failed test too. It skips t when the lab cannot run here (see Require).
func New(t testing.TB) *Lab {
	t.Helper()
	Require(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*commandTimeout)
	defer cancel()
	l, err := Open(ctx, Options{Logf: t.Logf})
	if errors.Is(err, ErrUnavailable) {
		skipOrFail(t, err)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := l.Close(); err != nil {
			t.Error(err)
		}
	})
	return l
}

// Open makes an empty lab: the router namespace. It first removes
// leftovers of earlier runs whose process is gone. Close removes the lab.
func Open(ctx context.Context, opts Options) (*Lab, error) {
	if err := Available(); err != nil {
		return nil, err
	}
	logf := opts.Logf
	if logf == nil {
		logf = func(string, ...any) {}
	}
	if removed, err := RemoveLeftovers(); err != nil {
		logf("netlab: removing leftovers of earlier runs: %v", err)
	} else if len(removed) > 0 {
		logf("netlab: removed namespaces left by earlier runs: %s", strings.Join(removed, " "))
	}
	id, err := newLabID()
	if err != nil {
		return nil, fmt.Errorf("netlab: %w", err)
	}
	plan, err := choosePlan()
	if err != nil {
		return nil, fmt.Errorf("netlab: %w", err)
	}
	l := &Lab{logf: logf, id: id, plan: plan, queues: map[uint16]*delayQueue{}, fwChains: map[string]bool{}}
	router, err := l.newNamespace(ctx, "router", false)
	if err != nil {
		_ = l.Close()
		if strings.Contains(err.Error(), "Operation not permitted") {
			return nil, fmt.Errorf("%w: no permission to create network namespaces (%w)", ErrUnavailable, err)
		}
		return nil, fmt.Errorf("netlab: %w", err)
	}
	l.router = router
	err = router.Do(func() error {
		return writeSysctls(map[string]string{
			"net/ipv4/ip_forward": "1",
			// The router sends a hairpinned NAT packet back out the
			// interface it came in on; a redirect would be noise.
			"net/ipv4/conf/all/send_redirects":     "0",
			"net/ipv4/conf/default/send_redirects": "0",
			// Tests count on the router's "unreachable" answers; a
			// router on the internet would rate-limit them.
			"net/ipv4/icmp_ratelimit": "0",
			"net/ipv6/icmp/ratelimit": "0",
		})
	})
	if err != nil {
		_ = l.Close()
		return nil, fmt.Errorf("netlab: router: %w", err)
	}
	return l, nil
}

// PrivatePrefix is the block the lab's links take their addresses from
// (a /16); a server's TURN relay must be allowed to reach it to relay
// to the server's own address on a routed (not NATed) host.
func (l *Lab) PrivatePrefix() netip.Prefix { return l.plan.private }

// Router is the namespace that joins the hosts. Tests rarely need it; it
// is there to inspect (its iptables counters, conntrack) or to run a
// program that watches every link.
func (l *Lab) Router() *Host { return l.router }

// newLabID names a lab by its process (pid and start time, so that a
// leftover can be told from a namespace of a live run) and a random part.
func newLabID() (string, error) {
	start, err := processStart(os.Getpid())
	if err != nil {
		return "", fmt.Errorf("read own start time: %w", err)
	}
	b := make([]byte, 3)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return fmt.Sprintf("%d-%s-%s", os.Getpid(), start, hex.EncodeToString(b)), nil
}

var hostName = regexp.MustCompile(`^[a-z][a-z0-9]{0,11}$`)

// newNamespace creates the namespace for one host with its loopback up.
// ipv4Only disables IPv6 in it before any interface arrives.
func (l *Lab) newNamespace(ctx context.Context, name string, ipv4Only bool) (*Host, error) {
	if !hostName.MatchString(name) {
		return nil, fmt.Errorf("host name %q: use 1-12 lower-case letters and digits, starting with a letter", name)
	}
	h := &Host{lab: l, name: name, ns: namePrefix + l.id + "-" + name}
	l.mu.Lock()
	taken := slices.ContainsFunc(l.hosts, func(o *Host) bool { return o.name == name })
	if !taken {
		l.hosts = append(l.hosts, h)
	}
	l.mu.Unlock()
	if taken {
		return nil, fmt.Errorf("host %q already exists in this lab", name)
	}
	if _, err := run(ctx, "ip", "netns", "add", h.ns); err != nil {
		l.mu.Lock()
		l.hosts = slices.DeleteFunc(l.hosts, func(o *Host) bool { return o == h })
		l.mu.Unlock()
		return nil, err
	}
	err := h.Do(func() error {
		if ipv4Only {
			err := writeSysctls(map[string]string{
				"net/ipv6/conf/all/disable_ipv6":     "1",
				"net/ipv6/conf/default/disable_ipv6": "1",
				"net/ipv6/conf/lo/disable_ipv6":      "1",
			})
			if err != nil {
				return err
			}
		}
		return setLoopbackUp()
	})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return h, nil
}

// writeSysctls writes /proc/sys entries; under /proc/sys/net they belong
// to the namespace of the calling thread, so call it inside Host.Do.
func writeSysctls(values map[string]string) error {
	for key, value := range values {
		if err := os.WriteFile("/proc/sys/"+key, []byte(value), 0o644); err != nil {
			return fmt.Errorf("sysctl %s=%s: %w", key, value, err)
		}
	}
	return nil
}

// setLoopbackUp brings up lo of the calling thread's namespace.
func setLoopbackUp() error {
	fd, err := unix.Socket(unix.AF_INET, unix.SOCK_DGRAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return fmt.Errorf("socket for ioctl: %w", err)
	}
	defer unix.Close(fd)
	ifr, err := unix.NewIfreq("lo")
	if err != nil {
		return err
	}
	if err := unix.IoctlIfreq(fd, unix.SIOCGIFFLAGS, ifr); err != nil {
		return fmt.Errorf("flags of lo: %w", err)
	}
	ifr.SetUint16(ifr.Uint16() | unix.IFF_UP)
	if err := unix.IoctlIfreq(fd, unix.SIOCSIFFLAGS, ifr); err != nil {
		return fmt.Errorf("bring lo up: %w", err)
	}
	return nil
}

// run runs a program and returns its combined output; the error names
// the command and carries the output.
func run(ctx context.Context, name string, args ...string) (string, error) {
	return runInput(ctx, "", name, args...)
}

// runInput is run with input on the program's standard input. Each
// program start costs a lot on a busy machine, so the lab hands ip and
// iptables-restore whole batches this way.
func runInput(ctx context.Context, input, name string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, commandTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	if input != "" {
		cmd.Stdin = strings.NewReader(input)
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		msg := fmt.Sprintf("%s %s: %v: %s", name, strings.Join(args, " "), err, strings.TrimSpace(string(out)))
		if input != "" {
			msg += "\ninput:\n" + input
		}
		return string(out), fmt.Errorf("%s", msg)
	}
	return string(out), nil
}

// ipBatch runs ip commands (one per line, without "ip") in namespace ns
// with one ip process; family is "" or "-6".
func ipBatch(ctx context.Context, ns, family string, lines []string) error {
	if len(lines) == 0 {
		return nil
	}
	args := []string{"-n", ns}
	if family != "" {
		args = append(args, family)
	}
	_, err := runInput(ctx, strings.Join(lines, "\n")+"\n", "ip", append(args, "-batch", "-")...)
	return err
}

// onClose registers f to run when the lab is removed, before its
// namespaces are deleted; the last registered runs first.
func (l *Lab) onClose(f func()) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.closers = append(l.closers, f)
}

// Close removes the lab: what it runs in this process, then every process
// still inside its namespaces, then the namespaces (which takes their
// interfaces, addresses, routes and firewall rules with them). Closing
// twice does nothing.
func (l *Lab) Close() error {
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return nil
	}
	l.closed = true
	closers := l.closers
	l.closers = nil
	names := make([]string, 0, len(l.hosts))
	for _, h := range l.hosts {
		names = append(names, h.ns)
	}
	// A command may have started without having entered its namespace
	// yet; as long as it is an unreaped child of this process its pid
	// is still its own, so it can be ended safely.
	var children []process
	for _, c := range l.cmds {
		if c.cmd.Process != nil && isChild(c.cmd.Process.Pid) {
			children = append(children, process{pid: c.cmd.Process.Pid, ns: c.ns, name: c.cmd.Args[4]})
		}
	}
	l.mu.Unlock()
	for i := len(closers) - 1; i >= 0; i-- {
		closers[i]()
	}
	for _, p := range endProcesses(names, children...) {
		l.logf("netlab: ended %s still running in %s when the lab closed", p.describe(), p.ns)
	}
	var errs []error
	for _, ns := range names {
		if err := deleteNamespace(ns); err != nil {
			errs = append(errs, err)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("netlab: removing the lab: %w", err)
	}
	return nil
}

// deleteNamespace removes a namespace's name and the per-namespace files
// `ip netns exec` reads, as `ip netns del` does; a namespace already gone
// is not an error. The namespace itself ends with its last process or
// open file.
func deleteNamespace(ns string) error {
	_ = os.RemoveAll("/etc/netns/" + ns)
	path := netnsDir + "/" + ns
	if err := unix.Unmount(path, unix.MNT_DETACH); err != nil && !errors.Is(err, unix.ENOENT) && !errors.Is(err, unix.EINVAL) {
		return fmt.Errorf("unmount %s: %w", path, err)
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("remove %s: %w", path, err)
	}
	return nil
}
