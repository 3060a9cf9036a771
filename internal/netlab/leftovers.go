package netlab

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// netnsDir is where `ip netns` keeps the named namespaces.
const netnsDir = "/run/netns"

// RemoveLeftovers deletes the namespaces of labs whose process is gone
// (crashed or killed before its cleanup ran), ending whatever still runs
// in them. Namespaces of running labs are kept. It returns the names it
// removed.
func RemoveLeftovers() ([]string, error) {
	entries, err := os.ReadDir(netnsDir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var stale []string
	for _, e := range entries {
		if ownerAlive(e.Name()) {
			continue
		}
		stale = append(stale, e.Name())
	}
	if len(stale) == 0 {
		return nil, nil
	}
	endProcesses(stale)
	var removed []string
	var errs []error
	for _, ns := range stale {
		if err := deleteNamespace(ns); err != nil {
			errs = append(errs, err)
			continue
		}
		removed = append(removed, ns)
	}
	return removed, errors.Join(errs...)
}

// ownerAlive reports whether a namespace is not a lab's, or belongs to a
// lab whose process (same pid, same start time) still runs.
func ownerAlive(ns string) bool {
	rest, ok := strings.CutPrefix(ns, namePrefix)
	if !ok {
		return true
	}
	parts := strings.SplitN(rest, "-", 3)
	if len(parts) < 3 {
		return false
	}
	pid, err := strconv.Atoi(parts[0])
	if err != nil {
		return false
	}
	start, err := processStart(pid)
	return err == nil && start == parts[1]
}

// processStart returns a process's start time in clock ticks since boot
// (field 22 of /proc/<pid>/stat): with the pid it names one process for
// the life of the machine.
func processStart(pid int) (string, error) {
	f, err := statFields(pid)
	if err != nil {
		return "", err
	}
	if len(f) < 20 {
		return "", fmt.Errorf("/proc/%d/stat: %d fields", pid, len(f))
	}
	return f[19], nil
}

// statFields returns the fields of /proc/<pid>/stat from the third on
// (state, ppid, ...): the command name before them may hold spaces and
// parentheses.
func statFields(pid int) ([]string, error) {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return nil, err
	}
	i := strings.LastIndexByte(string(raw), ')')
	if i < 0 {
		return nil, fmt.Errorf("/proc/%d/stat: unexpected format", pid)
	}
	return strings.Fields(string(raw[i+1:])), nil
}

// isChild reports whether pid is a child of this process (running, or
// ended and not yet reaped).
func isChild(pid int) bool {
	f, err := statFields(pid)
	return err == nil && len(f) > 1 && f[1] == strconv.Itoa(os.Getpid())
}

// isZombie reports whether pid has ended and waits to be reaped.
func isZombie(pid int) bool {
	f, err := statFields(pid)
	return err == nil && len(f) > 0 && f[0] == "Z"
}

// process is one process found inside a lab namespace.
type process struct {
	pid  int
	ns   string
	name string
}

func (p process) describe() string { return fmt.Sprintf("pid %d (%s)", p.pid, p.name) }

// processesIn lists the processes (other than this one) whose network
// namespace is one of namespaces, as `ip netns pids` finds them: by the
// namespace's inode.
func processesIn(namespaces []string) []process {
	type nsID struct{ dev, ino uint64 }
	want := map[nsID]string{}
	for _, ns := range namespaces {
		var st unix.Stat_t
		if err := unix.Stat(netnsDir+"/"+ns, &st); err == nil {
			want[nsID{st.Dev, st.Ino}] = ns
		}
	}
	if len(want) == 0 {
		return nil
	}
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var ps []process
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		var st unix.Stat_t
		if err := unix.Stat(fmt.Sprintf("/proc/%d/ns/net", pid), &st); err != nil {
			continue
		}
		ns, ok := want[nsID{st.Dev, st.Ino}]
		if !ok {
			continue
		}
		comm, _ := os.ReadFile(fmt.Sprintf("/proc/%d/comm", pid))
		ps = append(ps, process{pid: pid, ns: ns, name: strings.TrimSpace(string(comm))})
	}
	return ps
}

// endProcesses ends every process inside the namespaces: SIGTERM, then
// SIGKILL for those still there after a grace period. It returns what it
// found running.
func endProcesses(namespaces []string, children ...process) []process {
	found := processesIn(namespaces)
	for _, c := range children {
		if !slices.ContainsFunc(found, func(p process) bool { return p.pid == c.pid }) && !isZombie(c.pid) {
			found = append(found, c)
		}
	}
	if len(found) == 0 {
		return nil
	}
	signal := func(ps []process, sig syscall.Signal) {
		for _, p := range ps {
			_ = syscall.Kill(p.pid, sig)
		}
	}
	remaining := func() []process {
		left := processesIn(namespaces)
		for _, c := range children {
			if isChild(c.pid) && !isZombie(c.pid) && !slices.ContainsFunc(left, func(p process) bool { return p.pid == c.pid }) {
				left = append(left, c)
			}
		}
		return left
	}
	// waitGone polls until the namespaces are empty or d has passed, and
	// returns what is still there.
	waitGone := func(d time.Duration) []process {
		deadline := time.Now().Add(d)
		for {
			left := remaining()
			if len(left) == 0 || time.Now().After(deadline) {
				return left
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	signal(found, syscall.SIGTERM)
	if left := waitGone(5 * time.Second); len(left) > 0 {
		signal(left, syscall.SIGKILL)
		waitGone(10 * time.Second)
	}
	return found
}
