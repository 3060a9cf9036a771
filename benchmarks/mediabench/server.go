package mediabench

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"
)

// serverSample is the server's resource use at one instant.
type serverSample struct {
	at        time.Time
	cpu       float64 // seconds of CPU (user + system) since the process started
	rssBytes  float64
	forwarded float64 // packets forwarded, from the server's metrics; -1 unknown
	// participants in all the server's rooms, from its metrics; -1 unknown
	participants float64
	ok           bool
}

// serverWatch reads a server's CPU and memory: from /proc/<pid> when the
// PID is known (same machine), else from its Prometheus metrics
// (process_cpu_seconds_total, process_resident_memory_bytes). The
// forwarded-packet counter comes from souk_media_forwarded_packets_total
// when the server exposes it.
type serverWatch struct {
	pid        int
	metricsURL string
	token      string
	http       *http.Client
}

// clockTicks is USER_HZ, 100 on every Linux architecture Go supports.
const clockTicks = 100

func newServerWatch(o *Options) *serverWatch {
	w := &serverWatch{pid: o.ServerPID, token: o.MetricsToken, http: &http.Client{Timeout: 3 * time.Second}}
	w.metricsURL = o.MetricsURL
	if w.metricsURL == "" {
		if u, err := url.Parse(o.URL); err == nil {
			switch u.Scheme {
			case "ws":
				u.Scheme = "http"
			case "wss":
				u.Scheme = "https"
			}
			u.Path = strings.TrimSuffix(u.Path, "/") + "/metrics"
			u.RawQuery = ""
			w.metricsURL = u.String()
		}
	}
	return w
}

// name says which server the figures come from.
func (w *serverWatch) name() string {
	switch {
	case w.pid > 0 && w.metricsURL != "":
		return fmt.Sprintf("process %d, counters from %s", w.pid, w.metricsURL)
	case w.pid > 0:
		return fmt.Sprintf("process %d", w.pid)
	}
	return w.metricsURL
}

func (w *serverWatch) sample(ctx context.Context) serverSample {
	s := serverSample{at: time.Now(), forwarded: -1, participants: -1}
	m := w.scrape(ctx)
	if v, ok := m["souk_media_forwarded_packets_total"]; ok {
		s.forwarded = v
	}
	if v, ok := m["souk_media_participants"]; ok {
		s.participants = v
	}
	if w.pid > 0 {
		cpu, rss, err := readProc(w.pid)
		if err == nil {
			s.cpu, s.rssBytes, s.ok = cpu, rss, true
		}
		return s
	}
	cpu, ok1 := m["process_cpu_seconds_total"]
	rss, ok2 := m["process_resident_memory_bytes"]
	if ok1 && ok2 {
		s.cpu, s.rssBytes, s.ok = cpu, rss, true
	}
	return s
}

// readProc returns CPU seconds (utime + stime) and RSS bytes of pid.
func readProc(pid int) (cpu, rss float64, err error) {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, 0, err
	}
	// The command name may hold spaces; fields are counted after ')'.
	s := string(stat)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, 0, fmt.Errorf("/proc/%d/stat: unexpected format", pid)
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 13 {
		return 0, 0, fmt.Errorf("/proc/%d/stat: too few fields", pid)
	}
	// f[0] is field 3 (state); utime and stime are fields 14 and 15.
	ut, err1 := strconv.ParseFloat(f[11], 64)
	st, err2 := strconv.ParseFloat(f[12], 64)
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("/proc/%d/stat: bad cpu times", pid)
	}
	status, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, 0, err
	}
	defer status.Close()
	sc := bufio.NewScanner(status)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			kb, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 64)
			rss = kb * 1024
		}
	}
	return (ut + st) / clockTicks, rss, nil
}

// scrape reads unlabelled samples of the metrics it needs; any failure
// just yields fewer values.
func (w *serverWatch) scrape(ctx context.Context) map[string]float64 {
	out := map[string]float64{}
	if w.metricsURL == "" {
		return out
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, w.metricsURL, nil)
	if err != nil {
		return out
	}
	if w.token != "" {
		req.Header.Set("Authorization", "Bearer "+w.token)
	}
	resp, err := w.http.Do(req)
	if err != nil {
		return out
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return out
	}
	return parseMetrics(io.LimitReader(resp.Body, 8<<20))
}

func parseMetrics(r io.Reader) map[string]float64 {
	out := map[string]float64{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' || strings.ContainsRune(line, '{') {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		if v, err := strconv.ParseFloat(f[1], 64); err == nil {
			out[f[0]] = v
		}
	}
	return out
}
