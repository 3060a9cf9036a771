package mediabench

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"runtime"
	"slices"
	"strings"
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
	// HeldUnderOnePercent counts subscribers that received every kind of
	// media sent to them with under 1 % loss over the window.
	HeldUnderOnePercent int `json:"subscribers_under_1pct_loss"`
	// FailedSubscribers joined but received none of a kind of media the
	// scenario sends them, or fewer tracks than published
	// (MemberStats.Problem). They never count as held.
	FailedSubscribers int `json:"subscribers_failed"`
	// Warnings are disagreements between the server's own counts and
	// what the bots saw, in plain words with what to do.
	Warnings []string `json:"warnings,omitempty"`

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
	// FirstVideoP50/P99: join to the first video packet, over the
	// subscribers that received video.
	FirstVideoP50 float64 `json:"join_to_first_video_p50_ms"`
	FirstVideoP99 float64 `json:"join_to_first_video_p99_ms"`
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
	FirstVideoMs float64 `json:"join_to_first_video_ms"`
	VideoPackets uint64  `json:"video_packets"`
	AudioPackets uint64  `json:"audio_packets"`
	// Problem says what the subscriber missed ("no video", "video: 1 of
	// 2 tracks carried packets"); empty when it received everything.
	Problem string `json:"problem,omitempty"`
}

// ServerStats is the server's resource use over the window.
type ServerStats struct {
	Measured         bool    `json:"measured"`
	CPUSeconds       float64 `json:"cpu_seconds"`
	CPUCores         float64 `json:"cpu_cores_busy"`
	RSSMiB           float64 `json:"rss_mib"`
	ForwardedPackets uint64  `json:"forwarded_packets"`
	ForwardedFrom    string  `json:"forwarded_counted_by"`
	// Participants is the server's participant count at the end of the
	// window, from its metrics; -1 when it does not say.
	Participants int `json:"participants_on_server"`
	// NotTheRoomsNode: the server's counts show it is not the one that
	// hosted the room (a cluster node that relayed the signalling), so
	// its CPU is not divided by packets it did not forward.
	NotTheRoomsNode bool    `json:"not_the_rooms_node,omitempty"`
	UsPerPacket     float64 `json:"cpu_us_per_forwarded_packet"`
	RatioToFloor    float64 `json:"ratio_to_probe_floor"`
	RatioToPlainCM  float64 `json:"ratio_to_probe_plain_cm"`
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
	var firstAll, videoAll, joinAll []float64
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
		flowing := map[string]int{}
		for _, r := range b.tracks() {
			d := recvDelta(r, start, end)
			m.Tracks++
			m.Packets += d.received
			m.Kbps += float64(d.bytes) * 8 / 1000 / win
			exp += d.expected
			jit += d.jitterMs
			if d.received > 0 {
				flowing[r.kind]++
			}
			if r.kind == "video" {
				m.VideoPackets += d.received
			} else {
				m.AudioPackets += d.received
			}
		}
		m.Problem = missing(sentTo(pubs, b), flowing)
		if m.Tracks > 0 {
			m.JitterMs = jit / float64(m.Tracks)
		}
		m.LossPct = lossPct(exp, m.Packets)
		if f := b.firstMedia.Load(); f > 0 {
			m.FirstMediaMs = ms(time.Duration(f))
			firstAll = append(firstAll, m.FirstMediaMs)
		}
		if f := b.firstVideo.Load(); f > 0 {
			m.FirstVideoMs = ms(time.Duration(f))
			videoAll = append(videoAll, m.FirstVideoMs)
		}
		joinAll = append(joinAll, m.JoinMs)
		switch {
		case m.Problem != "":
			rep.FailedSubscribers++
		case m.Packets > 0 && m.LossPct < 1:
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
	total.FirstVideoP50, total.FirstVideoP99 = percentile(videoAll, 0.5), percentile(videoAll, 0.99)
	for i := range rep.Roles {
		if strings.HasPrefix(rep.Roles[i].Role, "subscribers") {
			rep.Roles[i].FirstMediaP50, rep.Roles[i].FirstMediaP99 = total.FirstMediaP50, total.FirstMediaP99
		}
		if rep.Roles[i].Role == "subscribers, video" {
			rep.Roles[i].FirstVideoP50, rep.Roles[i].FirstVideoP99 = total.FirstVideoP50, total.FirstVideoP99
		}
	}
	rep.Total = total

	s := &rep.Server
	if start.server.forwarded >= 0 && end.server.forwarded >= start.server.forwarded {
		s.ForwardedPackets, s.ForwardedFrom = uint64(end.server.forwarded-start.server.forwarded), "server metrics"
	} else {
		s.ForwardedPackets, s.ForwardedFrom = total.Packets, "packets received by subscribers"
	}
	s.Participants = int(end.server.participants)
	rep.crossCheck(run.serverName, run.room, inRoom(pubs, subs))
	if start.server.ok && end.server.ok {
		s.Measured = true
		s.CPUSeconds = end.server.cpu - start.server.cpu
		s.CPUCores = s.CPUSeconds / win
		s.RSSMiB = end.server.rssBytes / (1 << 20)
		if s.ForwardedPackets > 0 && !s.NotTheRoomsNode {
			s.UsPerPacket = s.CPUSeconds * 1e6 / float64(s.ForwardedPackets)
		}
	}
	rep.Bench.CPUSeconds = end.benchCPU - start.benchCPU
	rep.Bench.CPUCores = rep.Bench.CPUSeconds / win
	return rep
}

// sentTo counts, per kind, the tracks published to b by the others.
func sentTo(pubs []*bot, b *bot) map[string]int {
	want := map[string]int{}
	for _, p := range pubs {
		if p == b {
			continue
		}
		for _, t := range p.pubs {
			want[t.kind]++
		}
	}
	return want
}

// missing says what of want (tracks per kind) did not flow, or "".
func missing(want, flowing map[string]int) string {
	var none, short []string
	for _, kind := range []string{"video", "audio"} {
		switch w, f := want[kind], flowing[kind]; {
		case w > 0 && f == 0:
			none = append(none, kind)
		case f < w:
			short = append(short, fmt.Sprintf("%s: %d of %d tracks carried packets", kind, f, w))
		}
	}
	if len(none) == 2 {
		return "no media"
	}
	for _, k := range none {
		short = append([]string{"no " + k}, short...)
	}
	return strings.Join(short, "; ")
}

// inRoom counts the distinct bots of the run.
func inRoom(pubs, subs []*bot) int {
	seen := map[*bot]bool{}
	for _, b := range append(append([]*bot(nil), pubs...), subs...) {
		seen[b] = true
	}
	return len(seen)
}

// crossCheck compares the server's own counts with what the bots saw.
// The server a run measures is the one at --url (or --metrics-url,
// --server-pid); in a cluster that node may only relay the signalling
// while another node hosts the room and forwards its media.
func (r *Report) crossCheck(server, room string, bots int) {
	s := &r.Server
	recv := r.Total.Packets
	elsewhere := fmt.Sprintf("In a cluster the room may be hosted by another node: the node at --url relays the signalling there and the media flows from that node. "+
		"Run against the node hosting room %q (its --url, or --metrics-url and --server-pid), or pick a --room that node hosts", room)
	if s.ForwardedFrom == "server metrics" {
		fwd := s.ForwardedPackets
		switch {
		case recv > 0 && fwd < recv-recv/20:
			s.NotTheRoomsNode = true
			r.Warnings = append(r.Warnings, fmt.Sprintf("the server measured (%s) counted %d packets forwarded in the window, but the bots received %d: it is not the server that forwarded this room's media. %s.",
				server, fwd, recv, elsewhere))
		case fwd > recv+recv/10+100:
			r.Warnings = append(r.Warnings, fmt.Sprintf("the server measured (%s) counted %d packets forwarded in the window, %.0f %% more than the bots received (%d): packets were lost between the server and the bots, or the server also forwarded to participants outside this run.",
				server, fwd, float64(fwd-recv)*100/float64(max(recv, 1)), recv))
		}
	}
	if s.Participants >= 0 && s.Participants < bots {
		if !s.NotTheRoomsNode {
			r.Warnings = append(r.Warnings, fmt.Sprintf("the server measured (%s) reports %d participants, fewer than the %d bots of this run: it does not host room %q. %s.",
				server, s.Participants, bots, room, elsewhere))
		}
		s.NotTheRoomsNode = true
	}
}

// Failure is nil when every subscriber joined and received every kind of
// media sent to it; otherwise it says how many did not, and why.
func (r *Report) Failure() error {
	if r.FailedSubscribers == 0 && r.JoinFailures == 0 && r.Subscribers > 0 {
		return nil
	}
	if r.Subscribers == 0 {
		return errors.New("no subscriber took part")
	}
	var why []string
	if r.JoinFailures > 0 {
		why = append(why, fmt.Sprintf("%d could not join", r.JoinFailures))
	}
	byProblem := map[string]int{}
	var order []string
	for _, m := range r.PerSub {
		if m.Problem == "" {
			continue
		}
		if byProblem[m.Problem] == 0 {
			order = append(order, m.Problem)
		}
		byProblem[m.Problem]++
	}
	for _, p := range order {
		why = append(why, fmt.Sprintf("%s (%d)", p, byProblem[p]))
	}
	return fmt.Errorf("%d of %d subscribers failed: %s", r.FailedSubscribers+r.JoinFailures, r.Subscribers, strings.Join(why, ", "))
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
