package netlab

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Direction is one way along a host's links.
type Direction int

const (
	// Uplink is what the host sends: a publisher's uplink to the server.
	Uplink Direction = iota + 1
	// Downlink is what the host receives.
	Downlink
)

func (d Direction) String() string {
	switch d {
	case Uplink:
		return "uplink"
	case Downlink:
		return "downlink"
	}
	return "direction(" + strconv.Itoa(int(d)) + ")"
}

// Impairment is what a link does to the packets going one way. The zero
// value is a clean link.
type Impairment struct {
	// Loss is the fraction of packets dropped at random (0.03 is 3 %),
	// each independently.
	Loss float64
	// Delay is added to every packet.
	Delay time.Duration
	// Jitter varies the delay by up to ± this much.
	Jitter time.Duration
	// Rate limits the link to this many bits per second (0: no limit);
	// what exceeds it queues, and drops once the queue is full.
	Rate int64
}

func (i Impairment) String() string {
	var parts []string
	if i.Loss > 0 {
		parts = append(parts, fmt.Sprintf("loss %.2f%%", 100*i.Loss))
	}
	if i.Delay > 0 || i.Jitter > 0 {
		parts = append(parts, fmt.Sprintf("delay %v ±%v", i.Delay, i.Jitter))
	}
	if i.Rate > 0 {
		parts = append(parts, fmt.Sprintf("rate %d bit/s", i.Rate))
	}
	if len(parts) == 0 {
		return "clean"
	}
	return strings.Join(parts, ", ")
}

// ImpairBackend is how the lab impairs links.
type ImpairBackend string

const (
	// Netem is tc's netem qdisc on the sending end of the link.
	Netem ImpairBackend = "netem"
	// Netfilter stands in where the kernel has no sch_netem: random
	// drops by iptables' statistic match, delay and jitter by a queue in
	// this process fed by NFQUEUE, the rate by tc's tbf.
	Netfilter ImpairBackend = "netfilter"
)

// impairBackendEnv names the environment variable that picks a backend
// ("netem" or "netfilter") instead of the automatic choice.
const impairBackendEnv = "SOUK_NETLAB_IMPAIR"

// NetemAvailable reports whether the kernel has tc's netem.
func (l *Lab) NetemAvailable(ctx context.Context) (bool, error) {
	return l.probeNetem(ctx)
}

func (l *Lab) probeNetem(ctx context.Context) (bool, error) {
	out, err := run(ctx, "tc", "-n", l.router.ns, "qdisc", "add", "dev", "lo", "root", "netem", "delay", "1ms")
	if err != nil {
		if strings.Contains(out, "nknown") || strings.Contains(out, "not supported") {
			return false, nil
		}
		return false, err
	}
	_, err = run(ctx, "tc", "-n", l.router.ns, "qdisc", "del", "dev", "lo", "root")
	return true, err
}

// ImpairBackend is the backend Host.Impair uses in this lab: netem where
// the kernel has it, otherwise netfilter; SOUK_NETLAB_IMPAIR=netem or
// =netfilter, or SetImpairBackend, choose.
func (l *Lab) ImpairBackend(ctx context.Context) (ImpairBackend, error) {
	l.mu.Lock()
	b := l.backend
	l.mu.Unlock()
	if b != "" {
		return b, nil
	}
	switch v := os.Getenv(impairBackendEnv); v {
	case string(Netem), string(Netfilter):
		b = ImpairBackend(v)
	case "":
		ok, err := l.probeNetem(ctx)
		if err != nil {
			return "", fmt.Errorf("netlab: %w", err)
		}
		b = Netfilter
		if ok {
			b = Netem
		}
	default:
		return "", fmt.Errorf("netlab: %s=%q: use netem or netfilter", impairBackendEnv, v)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.backend = b
	return b, nil
}

// SetImpairBackend makes the lab impair links with b from now on; call
// it before the first Impair.
func (l *Lab) SetImpairBackend(ctx context.Context, b ImpairBackend) error {
	if b != Netem && b != Netfilter {
		return fmt.Errorf("netlab: unknown impairment backend %q", b)
	}
	if b == Netem {
		ok, err := l.probeNetem(ctx)
		if err != nil {
			return fmt.Errorf("netlab: %w", err)
		}
		if !ok {
			return fmt.Errorf("netlab: this kernel has no netem (sch_netem)")
		}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.backend = b
	return nil
}

// Impair makes every link of the host treat the packets going in dir as
// imp says, replacing what was set before for that direction; the zero
// Impairment makes them clean again.
func (h *Host) Impair(ctx context.Context, dir Direction, imp Impairment) error {
	if err := h.impair(ctx, dir, imp); err != nil {
		return fmt.Errorf("netlab: impair %s of %s (%v): %w", dir, h.name, imp, err)
	}
	return nil
}

func (h *Host) impair(ctx context.Context, dir Direction, imp Impairment) error {
	if dir != Uplink && dir != Downlink {
		return fmt.Errorf("unknown direction %d", dir)
	}
	if imp.Loss < 0 || imp.Loss > 1 || imp.Delay < 0 || imp.Jitter < 0 || imp.Rate < 0 {
		return fmt.Errorf("loss must be 0 to 1, and delay, jitter and rate not negative")
	}
	backend, err := h.lab.ImpairBackend(ctx)
	if err != nil {
		return err
	}
	for _, ifc := range h.ifaces {
		// The qdisc goes where the packets leave: the host's end of the
		// veth for its uplink, the router's end for its downlink.
		ns, dev := h.ns, ifc.dev
		if dir == Downlink {
			ns, dev = h.lab.router.ns, ifc.peer
		}
		switch backend {
		case Netem:
			err = setNetem(ctx, ns, dev, imp)
		case Netfilter:
			err = h.lab.setNetfilterImpairment(ctx, ifc, dir, imp)
			if err == nil {
				err = setRate(ctx, ns, dev, imp.Rate)
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// setNetem puts a netem qdisc with imp on dev, or removes it for a clean
// link. With jitter, netem may reorder packets.
func setNetem(ctx context.Context, ns, dev string, imp Impairment) error {
	if imp == (Impairment{}) {
		return deleteRootQdisc(ctx, ns, dev)
	}
	args := []string{"-n", ns, "qdisc", "replace", "dev", dev, "root", "netem", "limit", "10000"}
	if imp.Loss > 0 {
		args = append(args, "loss", "random", percent(imp.Loss))
	}
	if imp.Delay > 0 || imp.Jitter > 0 {
		args = append(args, "delay", micros(imp.Delay))
		if imp.Jitter > 0 {
			args = append(args, micros(imp.Jitter))
		}
	}
	if imp.Rate > 0 {
		args = append(args, "rate", strconv.FormatInt(imp.Rate, 10)+"bit")
	}
	_, err := run(ctx, "tc", args...)
	return err
}

// setRate puts a token bucket on dev, or removes it for no limit. The
// bucket holds 10 ms of the rate (at least two full frames) and queues up
// to 200 ms of it.
func setRate(ctx context.Context, ns, dev string, rate int64) error {
	if rate == 0 {
		return deleteRootQdisc(ctx, ns, dev)
	}
	burst := max(rate/8/100, 2*1514)
	_, err := run(ctx, "tc", "-n", ns, "qdisc", "replace", "dev", dev, "root", "tbf",
		"rate", strconv.FormatInt(rate, 10)+"bit", "burst", strconv.FormatInt(burst, 10), "latency", "200ms")
	return err
}

func deleteRootQdisc(ctx context.Context, ns, dev string) error {
	out, err := run(ctx, "tc", "-n", ns, "qdisc", "del", "dev", dev, "root")
	if err != nil && (strings.Contains(out, "handle of zero") || strings.Contains(out, "No such file")) {
		return nil // there was none
	}
	return err
}

// setNetfilterImpairment sets the router's chain for one direction of a
// link: the random drop, then the delay queue.
func (l *Lab) setNetfilterImpairment(ctx context.Context, ifc iface, dir Direction, imp Impairment) error {
	chain, hk := "NL-"+ifc.peer+"-UP", uplinkHook
	queueNum := uint16(2 * ifc.link)
	if dir == Downlink {
		chain, hk = "NL-"+ifc.peer+"-DOWN", downlinkHook
		queueNum++
	}
	var rules []string
	if imp.Loss > 0 {
		rules = append(rules, "-m statistic --mode random --probability "+strconv.FormatFloat(imp.Loss, 'f', 6, 64)+" -j DROP")
	}
	if imp.Delay > 0 || imp.Jitter > 0 {
		q, err := l.delayQueue(queueNum)
		if err != nil {
			return err
		}
		q.set(imp.Delay, imp.Jitter)
		rules = append(rules, "-j NFQUEUE --queue-num "+strconv.Itoa(int(queueNum))+" --queue-bypass")
	}
	return l.setChain(ctx, chain, ifc.peer, hk, rules)
}

// delayQueue returns the lab's queue number num, opening it on first use.
func (l *Lab) delayQueue(num uint16) (*delayQueue, error) {
	l.mu.Lock()
	q := l.queues[num]
	l.mu.Unlock()
	if q != nil {
		return q, nil
	}
	q, err := openDelayQueue(l.router, num, l.logf)
	if err != nil {
		return nil, err
	}
	l.mu.Lock()
	l.queues[num] = q
	l.mu.Unlock()
	l.onClose(q.close)
	return q, nil
}

func percent(f float64) string { return strconv.FormatFloat(100*f, 'f', 4, 64) + "%" }

func micros(d time.Duration) string { return strconv.FormatInt(d.Microseconds(), 10) + "us" }
