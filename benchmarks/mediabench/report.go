package mediabench

import (
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"slices"
	"strings"
	"text/tabwriter"
	"time"
)

// Report is the outcome of one run (or one sweep step).
type Report struct {
	Scenario   string  `json:"scenario"`
	URL        string  `json:"url"`
	Codec      string  `json:"codec"`
	Simulcast  bool    `json:"simulcast"`
	Resolution string  `json:"resolution"`
	JoinPath   string  `json:"join_path"`
	Machine    string  `json:"machine"`
	WindowSec  float64 `json:"window_seconds"`

	Subscribers       int `json:"subscribers"`
	SubscribersJoined int `json:"subscribers_joined"`
	JoinFailures      int `json:"join_failures"`
	// HeldUnderOnePercent counts subscribers that received media with
	// under 1 % loss over the window.
	HeldUnderOnePercent int `json:"subscribers_under_1pct_loss"`

	Roles  []RoleStats   `json:"roles"`
	Total  RoleStats     `json:"total_received"`
	Server ServerStats   `json:"server"`
	Bench  BenchStats    `json:"load_generator"`
	Probe  *Probe        `json:"probe,omitempty"`
	PerSub []MemberStats `json:"per_subscriber"`
	// Steps holds each sweep step; the top-level figures are the last
	// step held under 1 % loss.
	Steps    []*Report `json:"steps,omitempty"`
	PlotPath string    `json:"plot,omitempty"`
	StopWhy  string    `json:"sweep_stopped,omitempty"`
}

// RoleStats aggregates one role's tracks of one kind over the window.
type RoleStats struct {
	Role          string  `json:"role"`
	Members       int     `json:"members"`
	Packets       uint64  `json:"packets"`
	Bytes         uint64  `json:"bytes"`
	KbpsPerMember float64 `json:"kbps_per_member"`
	LossPct       float64 `json:"loss_pct"`
	JitterMs      float64 `json:"jitter_ms"`
	DelayP50Ms    float64 `json:"forward_delay_p50_ms"`
	DelayP99Ms    float64 `json:"forward_delay_p99_ms"`
	DelaySamples  uint64  `json:"forward_delay_samples"`
	FirstMediaP50 float64 `json:"join_to_first_media_p50_ms"`
	FirstMediaP99 float64 `json:"join_to_first_media_p99_ms"`
	KeyframeReqs  uint64  `json:"keyframe_requests,omitempty"`
	// LayerKbps is, for video publishers, each simulcast layer's rate
	// (lowest first): a subscriber forwarded one layer receives about one
	// of these.
	LayerKbps []float64 `json:"layer_kbps,omitempty"`
}

// MemberStats is one subscriber's view over the window.
type MemberStats struct {
	Identity     string  `json:"identity"`
	Tracks       int     `json:"tracks"`
	Kbps         float64 `json:"kbps"`
	Packets      uint64  `json:"packets"`
	LossPct      float64 `json:"loss_pct"`
	JitterMs     float64 `json:"jitter_ms"`
	JoinMs       float64 `json:"join_ms"`
	FirstMediaMs float64 `json:"join_to_first_media_ms"`
}

// ServerStats is the server's resource use over the window.
type ServerStats struct {
	Measured         bool    `json:"measured"`
	CPUSeconds       float64 `json:"cpu_seconds"`
	CPUCores         float64 `json:"cpu_cores_busy"`
	RSSMiB           float64 `json:"rss_mib"`
	ForwardedPackets uint64  `json:"forwarded_packets"`
	ForwardedFrom    string  `json:"forwarded_counted_by"`
	UsPerPacket      float64 `json:"cpu_us_per_forwarded_packet"`
	RatioToFloor     float64 `json:"ratio_to_probe_floor"`
	RatioToPlainCM   float64 `json:"ratio_to_probe_plain_cm"`
}

// BenchStats is the load generator's own CPU over the window.
type BenchStats struct {
	CPUSeconds float64 `json:"cpu_seconds"`
	CPUCores   float64 `json:"cpu_cores_busy"`
}

type runSnapshot struct {
	at       time.Time
	server   serverSample
	benchCPU float64
	recv     map[*recvTrack]recvSnapshot
	sent     map[*pubTrack][2]uint64
	layers   map[*pubTrack][]uint64
}

func (run *runner) snapshot(ctx context.Context, w *serverWatch) runSnapshot {
	s := runSnapshot{at: time.Now(), server: w.sample(ctx), benchCPU: ownCPU(), recv: map[*recvTrack]recvSnapshot{}, sent: map[*pubTrack][2]uint64{}, layers: map[*pubTrack][]uint64{}}
	run.mu.Lock()
	subs, pubs := append([]*bot(nil), run.subs...), append([]*bot(nil), run.pubs...)
	run.mu.Unlock()
	for _, b := range subs {
		for _, r := range b.tracks() {
			s.recv[r] = r.snapshot()
		}
	}
	for _, b := range pubs {
		for _, t := range b.pubs {
			s.sent[t] = [2]uint64{t.packets.Load(), t.bytes.Load()}
			for i := range t.layerBytes {
				s.layers[t] = append(s.layers[t], t.layerBytes[i].Load())
			}
		}
	}
	return s
}

// delta is a received track's counts between two snapshots.
type delta struct {
	expected, received, bytes uint64
	jitterMs                  float64
}

func recvDelta(r *recvTrack, start, end runSnapshot) delta {
	e := end.recv[r]
	s, had := start.recv[r]
	d := delta{received: e.received - s.received, bytes: e.bytes - s.bytes, jitterMs: e.jitterMs}
	switch {
	case had && s.received > 0:
		d.expected = e.maxExt - s.maxExt
	case e.received > 0:
		// Started during the window: count from its first packet.
		d.expected = e.maxExt - e.firstExt + 1
	}
	if d.expected < d.received {
		d.expected = d.received // duplicates (retransmissions) are not negative loss
	}
	return d
}

func (run *runner) report(start, end runSnapshot) *Report {
	o := run.opts
	win := end.at.Sub(start.at).Seconds()
	rep := &Report{Scenario: o.Scenario, URL: o.URL, Codec: o.Codec, Simulcast: o.Simulcast, Resolution: o.Resolution,
		JoinPath: o.JoinPath, Machine: machine(), WindowSec: win}
	run.mu.Lock()
	subs, pubs := append([]*bot(nil), run.subs...), append([]*bot(nil), run.pubs...)
	rep.JoinFailures = run.failures
	run.mu.Unlock()
	rep.Subscribers = len(subs) + rep.JoinFailures
	rep.SubscribersJoined = len(subs)

	// Publishers: what they sent.
	for _, kind := range []string{"video", "audio"} {
		rs := RoleStats{Role: kind + " publishers"}
		for _, b := range pubs {
			for _, t := range b.pubs {
				if t.kind != kind {
					continue
				}
				rs.Members++
				rs.Packets += end.sent[t][0] - start.sent[t][0]
				rs.Bytes += end.sent[t][1] - start.sent[t][1]
				rs.KeyframeReqs += t.keyframeRequests.Load()
				if kind == "video" {
					if rs.LayerKbps == nil {
						rs.LayerKbps = make([]float64, len(t.layerBytes))
					}
					for i := range rs.LayerKbps {
						rs.LayerKbps[i] += float64(end.layers[t][i]-start.layers[t][i]) * 8 / 1000 / win
					}
				}
			}
		}
		if rs.Members > 0 {
			rs.KbpsPerMember = float64(rs.Bytes) * 8 / 1000 / win / float64(rs.Members)
			for i := range rs.LayerKbps {
				rs.LayerKbps[i] /= float64(rs.Members)
			}
			rep.Roles = append(rep.Roles, rs)
		}
	}
	// Subscribers: what they received, by kind and in total.
	total := RoleStats{Role: "total received"}
	var totalExpected uint64
	jitterTracks := 0
	var firstAll, joinAll []float64
	for _, kind := range []string{"video", "audio"} {
		rs := RoleStats{Role: "subscribers, " + kind}
		var expected uint64
		var jitter float64
		for _, b := range subs {
			for _, r := range b.tracks() {
				if r.kind != kind {
					continue
				}
				d := recvDelta(r, start, end)
				rs.Members++
				rs.Packets += d.received
				rs.Bytes += d.bytes
				expected += d.expected
				jitter += d.jitterMs
			}
		}
		if rs.Members == 0 {
			continue
		}
		rs.LossPct = lossPct(expected, rs.Packets)
		rs.JitterMs = jitter / float64(rs.Members)
		rs.KbpsPerMember = float64(rs.Bytes) * 8 / 1000 / win / float64(rs.Members)
		h := run.hists[kind]
		rs.DelayP50Ms, rs.DelayP99Ms, rs.DelaySamples = ms(h.quantile(0.5)), ms(h.quantile(0.99)), h.count.Load()
		rep.Roles = append(rep.Roles, rs)
		total.JitterMs += jitter
		jitterTracks += rs.Members
		total.Packets += rs.Packets
		total.Bytes += rs.Bytes
		totalExpected += expected
	}
	all := &histogram{}
	for _, h := range run.hists {
		all.merge(h)
	}
	for _, b := range subs {
		m := MemberStats{Identity: b.identity, JoinMs: ms(b.joinTime)}
		var exp uint64
		var jit float64
		for _, r := range b.tracks() {
			d := recvDelta(r, start, end)
			m.Tracks++
			m.Packets += d.received
			m.Kbps += float64(d.bytes) * 8 / 1000 / win
			exp += d.expected
			jit += d.jitterMs
		}
		if m.Tracks > 0 {
			m.JitterMs = jit / float64(m.Tracks)
		}
		m.LossPct = lossPct(exp, m.Packets)
		if f := b.firstMedia.Load(); f > 0 {
			m.FirstMediaMs = ms(time.Duration(f))
			firstAll = append(firstAll, m.FirstMediaMs)
		}
		joinAll = append(joinAll, m.JoinMs)
		if m.Packets > 0 && m.LossPct < 1 {
			rep.HeldUnderOnePercent++
		}
		rep.PerSub = append(rep.PerSub, m)
	}
	total.Members = len(subs)
	if jitterTracks > 0 {
		total.JitterMs /= float64(jitterTracks)
	}
	total.LossPct = lossPct(totalExpected, total.Packets)
	if total.Members > 0 {
		total.KbpsPerMember = float64(total.Bytes) * 8 / 1000 / win / float64(total.Members)
	}
	total.DelayP50Ms, total.DelayP99Ms, total.DelaySamples = ms(all.quantile(0.5)), ms(all.quantile(0.99)), all.count.Load()
	total.FirstMediaP50, total.FirstMediaP99 = percentile(firstAll, 0.5), percentile(firstAll, 0.99)
	for i := range rep.Roles {
		if strings.HasPrefix(rep.Roles[i].Role, "subscribers") {
			rep.Roles[i].FirstMediaP50, rep.Roles[i].FirstMediaP99 = total.FirstMediaP50, total.FirstMediaP99
		}
	}
	rep.Total = total

	if start.server.ok && end.server.ok {
		s := &rep.Server
		s.Measured = true
		s.CPUSeconds = end.server.cpu - start.server.cpu
		s.CPUCores = s.CPUSeconds / win
		s.RSSMiB = end.server.rssBytes / (1 << 20)
		if start.server.forwarded >= 0 && end.server.forwarded >= start.server.forwarded {
			s.ForwardedPackets, s.ForwardedFrom = uint64(end.server.forwarded-start.server.forwarded), "server metrics"
		} else {
			s.ForwardedPackets, s.ForwardedFrom = total.Packets, "packets received by subscribers"
		}
		if s.ForwardedPackets > 0 {
			s.UsPerPacket = s.CPUSeconds * 1e6 / float64(s.ForwardedPackets)
		}
	}
	rep.Bench.CPUSeconds = end.benchCPU - start.benchCPU
	rep.Bench.CPUCores = rep.Bench.CPUSeconds / win
	return rep
}

// finish attaches the probe and the ratios to it.
func (r *Report) finish(p *Probe) {
	r.Probe = p
	if p == nil || r.Server.UsPerPacket == 0 {
		return
	}
	if p.FloorUs > 0 {
		r.Server.RatioToFloor = r.Server.UsPerPacket / p.FloorUs
	}
	if p.PlainCMUs > 0 {
		r.Server.RatioToPlainCM = r.Server.UsPerPacket / p.PlainCMUs
	}
}

func lossPct(expected, received uint64) float64 {
	if expected == 0 || received >= expected {
		return 0
	}
	return float64(expected-received) * 100 / float64(expected)
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func percentile(v []float64, q float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	i := int(math.Ceil(q*float64(len(s)))) - 1
	return s[min(max(i, 0), len(s)-1)]
}

// machine names the CPU and core count (figures are only comparable on
// the same machine).
func machine() string {
	model := "unknown CPU"
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(line, "model name"); ok {
				model = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(v), ":"))
				break
			}
		}
	}
	return fmt.Sprintf("%s, %d logical CPUs, %s", model, runtime.NumCPU(), runtime.Version())
}

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
	fmt.Fprintf(w, "subscribers: %d joined of %d (%d join failures), %d held under 1%% loss\n\n", r.SubscribersJoined, r.Subscribers, r.JoinFailures, r.HeldUnderOnePercent)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "role\ttracks\tpackets\tkbit/s each\tloss %\tjitter ms\tdelay p50 ms\tdelay p99 ms\tfirst media p50 ms\tfirst media p99 ms\tkeyframe reqs\t")
	row := func(s RoleStats) {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.0f\t%.2f\t%.2f\t%.2f\t%.2f\t%.0f\t%.0f\t%d\t\n", s.Role, s.Members, s.Packets, s.KbpsPerMember,
			s.LossPct, s.JitterMs, s.DelayP50Ms, s.DelayP99Ms, s.FirstMediaP50, s.FirstMediaP99, s.KeyframeReqs)
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
	if s.Measured {
		fmt.Fprintf(w, "server: %.2f CPU s (%.2f cores busy), RSS %.0f MiB, %d packets forwarded (%s)\n", s.CPUSeconds, s.CPUCores, s.RSSMiB, s.ForwardedPackets, s.ForwardedFrom)
		fmt.Fprintf(w, "server CPU per forwarded packet: %.2f µs", s.UsPerPacket)
		if r.Probe != nil {
			fmt.Fprintf(w, " = %.1f× the probe floor (sendmmsg + SRTP-GCM %.2f µs), %.1f× plain send + SRTP-CM (%.2f µs)", s.RatioToFloor, r.Probe.FloorUs, s.RatioToPlainCM, r.Probe.PlainCMUs)
		}
		fmt.Fprintln(w)
	} else {
		fmt.Fprintln(w, "server: CPU not measured (give --server-pid, or let the server expose process metrics at /metrics)")
	}
	fmt.Fprintf(w, "load generator: %.2f CPU s (%.2f cores busy) on the same machine\n", r.Bench.CPUSeconds, r.Bench.CPUCores)
	if p := r.Probe; p != nil {
		fmt.Fprintf(w, "probe (%d packets of 1200 B per step, CPU per packet): UDP send %.2f µs · sendmmsg×32 %.2f µs · SRTP AES-CM %.2f µs · SRTP AES-GCM %.2f µs\n",
			p.Packets, p.UDPSendUs, p.SendmmsgUs, p.SRTPAESCMUs, p.SRTPAESGCMUs)
	}
	if len(r.Steps) > 0 {
		fmt.Fprintln(w, "\nsweep:")
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "subscribers\tjoined\tunder 1% loss\tloss %\tdelay p50 ms\tdelay p99 ms\tserver cores\tµs/packet\t")
		for _, st := range r.Steps {
			fmt.Fprintf(tw, "%d\t%d\t%d\t%.2f\t%.2f\t%.2f\t%.2f\t%.2f\t\n", st.Subscribers, st.SubscribersJoined, st.HeldUnderOnePercent,
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
