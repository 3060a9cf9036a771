package mediabench

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

func (run *runner) progressLine(w io.Writer, start, now runSnapshot) {
	win := now.at.Sub(start.at).Seconds()
	if win <= 0 {
		return
	}
	var bytes, recv, expected uint64
	for r := range now.recv {
		d := recvDelta(r, start, now)
		bytes += d.bytes
		recv += d.received
		expected += d.expected
	}
	cpu := "n/a"
	if start.server.ok && now.server.ok {
		cpu = fmt.Sprintf("%.0f%%", (now.server.cpu-start.server.cpu)/win*100)
	}
	all := &histogram{}
	for _, h := range run.hists {
		all.merge(h)
	}
	run.mu.Lock()
	subs := len(run.subs)
	run.mu.Unlock()
	fmt.Fprintf(w, "\r[%3.0fs/%s] subscribers %d · received %.1f Mbit/s · loss %.2f%% · delay p50 %.1f ms p99 %.1f ms · server CPU %s   ",
		win, run.opts.Duration, subs, float64(bytes)*8/1e6/win, lossPct(expected, recv), ms(all.quantile(0.5)), ms(all.quantile(0.99)), cpu)
}

// WriteTable prints the report for people.
func (r *Report) WriteTable(w io.Writer) {
	fmt.Fprintf(w, "scenario %s · %s · codec %s · simulcast %v · top layer %s · join path %s\n", r.Scenario, r.URL, r.Codec, r.Simulcast, r.Resolution, r.JoinPath)
	fmt.Fprintf(w, "machine: %s · window %.1fs\n", r.Machine, r.WindowSec)
	fmt.Fprintf(w, "subscribers: %d joined of %d (%d join failures), %d failed, %d held under 1%% loss\n", r.SubscribersJoined, r.Subscribers, r.JoinFailures, r.FailedSubscribers, r.HeldUnderOnePercent)
	r.writeFailed(w)
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "role\ttracks\tpackets\tkbit/s each\tloss %\tjitter ms\tdelay p50 ms\tdelay p99 ms\tfirst media p50 ms\tfirst media p99 ms\tfirst video p50 ms\tfirst video p99 ms\tkeyframe reqs\t")
	row := func(s RoleStats) {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.0f\t%.2f\t%.2f\t%.2f\t%.2f\t%.0f\t%.0f\t%.0f\t%.0f\t%d\t\n", s.Role, s.Members, s.Packets, s.KbpsPerMember,
			s.LossPct, s.JitterMs, s.DelayP50Ms, s.DelayP99Ms, s.FirstMediaP50, s.FirstMediaP99, s.FirstVideoP50, s.FirstVideoP99, s.KeyframeReqs)
	}
	for _, s := range r.Roles {
		row(s)
	}
	row(r.Total)
	tw.Flush()
	for _, s := range r.Roles {
		if len(s.LayerKbps) > 0 {
			var parts []string
			for i, k := range s.LayerKbps {
				parts = append(parts, fmt.Sprintf("layer %d %.0f kbit/s", i, k))
			}
			fmt.Fprintf(w, "%s send, lowest layer first: %s\n", s.Role, strings.Join(parts, ", "))
		}
	}
	fmt.Fprintln(w)
	s := r.Server
	switch {
	case s.Measured && s.NotTheRoomsNode:
		fmt.Fprintf(w, "server: %.2f CPU s (%.2f cores busy), RSS %.0f MiB, %d packets forwarded (%s) — not the room's node, see the warnings\n", s.CPUSeconds, s.CPUCores, s.RSSMiB, s.ForwardedPackets, s.ForwardedFrom)
	case s.Measured:
		fmt.Fprintf(w, "server: %.2f CPU s (%.2f cores busy), RSS %.0f MiB, %d packets forwarded (%s)\n", s.CPUSeconds, s.CPUCores, s.RSSMiB, s.ForwardedPackets, s.ForwardedFrom)
		fmt.Fprintf(w, "server CPU per forwarded packet: %.2f µs", s.UsPerPacket)
		if r.Probe != nil {
			fmt.Fprintf(w, " = %.1f× the probe floor (sendmmsg + SRTP-GCM %.2f µs), %.1f× plain send + SRTP-CM (%.2f µs)", s.RatioToFloor, r.Probe.FloorUs, s.RatioToPlainCM, r.Probe.PlainCMUs)
		}
		fmt.Fprintln(w)
	default:
		fmt.Fprintf(w, "server: CPU not measured (give --server-pid, or let the server expose process metrics at /metrics); %d packets forwarded (%s)\n", s.ForwardedPackets, s.ForwardedFrom)
	}
	fmt.Fprintf(w, "load generator: %.2f CPU s (%.2f cores busy) on the same machine\n", r.Bench.CPUSeconds, r.Bench.CPUCores)
	if p := r.Probe; p != nil {
		fmt.Fprintf(w, "probe (%d packets of 1200 B per step, CPU per packet): UDP send %.2f µs · sendmmsg×32 %.2f µs · SRTP AES-CM %.2f µs · SRTP AES-GCM %.2f µs\n",
			p.Packets, p.UDPSendUs, p.SendmmsgUs, p.SRTPAESCMUs, p.SRTPAESGCMUs)
	}
	for _, warning := range r.Warnings {
		fmt.Fprintf(w, "WARNING: %s\n", warning)
	}
	if len(r.Steps) > 0 {
		fmt.Fprintln(w, "\nsweep:")
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "subscribers\tjoined\tfailed\tunder 1% loss\tloss %\tdelay p50 ms\tdelay p99 ms\tserver cores\tµs/packet\t")
		for _, st := range r.Steps {
			fmt.Fprintf(tw, "%d\t%d\t%d\t%d\t%.2f\t%.2f\t%.2f\t%.2f\t%.2f\t\n", st.Subscribers, st.SubscribersJoined, st.FailedSubscribers, st.HeldUnderOnePercent,
				st.Total.LossPct, st.Total.DelayP50Ms, st.Total.DelayP99Ms, st.Server.CPUCores, st.Server.UsPerPacket)
		}
		tw.Flush()
		if r.StopWhy != "" {
			fmt.Fprintf(w, "stopped: %s\n", r.StopWhy)
		}
		if r.PlotPath != "" {
			fmt.Fprintf(w, "plot: %s\n", r.PlotPath)
		}
	}
}

// writeFailed names the subscribers that missed media (the first few of
// each kind of problem).
func (r *Report) writeFailed(w io.Writer) {
	const shown = 5
	byProblem := map[string][]string{}
	var order []string
	for _, m := range r.PerSub {
		if m.Problem == "" {
			continue
		}
		if _, ok := byProblem[m.Problem]; !ok {
			order = append(order, m.Problem)
		}
		byProblem[m.Problem] = append(byProblem[m.Problem], m.Identity)
	}
	for _, p := range order {
		ids := byProblem[p]
		more := ""
		if len(ids) > shown {
			more = fmt.Sprintf(" and %d more", len(ids)-shown)
			ids = ids[:shown]
		}
		fmt.Fprintf(w, "FAILED: %s: %s%s\n", p, strings.Join(ids, ", "), more)
	}
}
