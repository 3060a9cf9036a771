package netlab

import (
	"context"
	"strings"
)

// hook is where a chain of the router's firewall is jumped to from, and
// for which packets of a link.
type hook struct {
	table string
	// jumps are the built-in chain and the interface match of each jump
	// ("-i" for what arrives from the host, "-o" for what goes to it).
	jumps [][2]string
	// first puts the jumps before the others in their built-in chain.
	first bool
}

var (
	// blockHook filters what is forwarded to and from a host. It comes
	// first so that nothing it drops is queued by an impairment.
	blockHook = hook{table: "filter", jumps: [][2]string{{"FORWARD", "-i"}, {"FORWARD", "-o"}}, first: true}
	// The impairments sit in mangle, one chain per direction at its own
	// hook, so a packet from an impaired uplink to an impaired downlink
	// passes both: a queue's verdict ends only the hook it was taken at.
	uplinkHook   = hook{table: "mangle", jumps: [][2]string{{"PREROUTING", "-i"}}}
	downlinkHook = hook{table: "mangle", jumps: [][2]string{{"POSTROUTING", "-o"}}}
)

// setChain makes the router's chain hold exactly rules (for IPv4 and IPv6
// alike), creating it and its jumps for the link device dev on first use.
// No rules leaves the chain empty, which lets every packet through.
func (l *Lab) setChain(ctx context.Context, chain, dev string, hk hook, rules []string) error {
	l.mu.Lock()
	created := l.fwChains[hk.table+"/"+chain]
	l.fwChains[hk.table+"/"+chain] = true
	l.mu.Unlock()
	// Declaring the chain creates it, or empties it when it exists.
	lines := []string{"*" + hk.table, ":" + chain + " - [0:0]"}
	if !created {
		for _, j := range hk.jumps {
			op := "-A " + j[0]
			if hk.first {
				op = "-I " + j[0] + " 1"
			}
			lines = append(lines, op+" "+j[1]+" "+dev+" -j "+chain)
		}
	}
	for _, r := range rules {
		lines = append(lines, "-A "+chain+" "+r)
	}
	input := strings.Join(append(lines, "COMMIT"), "\n") + "\n"
	for _, tool := range []string{"iptables", "ip6tables"} {
		if err := l.router.restore(ctx, tool, input); err != nil {
			return err
		}
	}
	return nil
}
