package conformance

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

var (
	runAll     = flag.Bool("conformance.all", false, "run every scenario, not only the fast ones")
	reportPath = flag.String("conformance.report", "", "write the markdown report (benchmarks/CONFORMANCE.md) here")
	onlyServer = flag.String("conformance.server", "", "run against this server only (souk or livekit-server) and fail on any failed check; for working on one scenario")
)

// suite lists every scenario, in report order.
func suite() []Scenario {
	var all []Scenario
	for _, group := range [][]Scenario{
		qualityScenarios(),
		dynacastScenarios(),
		joinScenarios(),
		dataScenarios(),
		e2eeScenarios(),
		reconnectScenarios(),
		rtcNodeScenarios(),
		goClientScenarios(),
		transportScenarios(),
		labScenarios(),
	} {
		all = append(all, group...)
	}
	return all
}

// TestConformance runs each scenario against livekit-server, then Souk,
// and fails where Souk fails a check livekit-server passes.
func TestConformance(t *testing.T) {
	if testing.Short() {
		t.Skip("conformance scenarios skipped in -short mode")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	tools := FindTools(root)
	started := time.Now()
	subset := "fast"
	if *runAll {
		subset = "all"
	}
	var (
		buildOnce sync.Once
		buildErr  error
		rows      []Row
	)
	for _, sc := range suite() {
		if !sc.Fast && !*runAll {
			continue
		}
		row := Row{Scenario: sc}
		t.Run(sc.Name, func(t *testing.T) {
			var kinds []ServerKind
			if *onlyServer != "" {
				kinds = append(kinds, ServerKind(*onlyServer))
			}
			if m := tools.Missing(sc, kinds...); len(m) > 0 {
				row.Skipped = "missing " + strings.Join(m, "; ")
			}
			tools.Require(t, sc, kinds...)
			buildOnce.Do(func() {
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
				defer cancel()
				tools.Souk, buildErr = BuildSouk(ctx, root, t.TempDir())
			})
			if buildErr != nil {
				row.Skipped = buildErr.Error()
				t.Fatal(buildErr)
			}
			if *onlyServer != "" {
				o := runOne(t, sc, ServerKind(*onlyServer), tools)
				for _, f := range o.Figures {
					t.Logf("figure %-28s %s", f.Name, f.Value)
				}
				if fails := o.Failed(); len(fails) > 0 {
					t.Errorf("%s fails %v", *onlyServer, fails)
				}
				return
			}
			row.LiveKit = runOne(t, sc, LiveKit, tools)
			row.Souk = runOne(t, sc, Souk, tools)
			for _, f := range figureNames(row.LiveKit, row.Souk) {
				t.Logf("figure %-28s livekit-server %-24s souk %s", f, figureValue(row.LiveKit, f), figureValue(row.Souk, f))
			}
			if fails := row.LiveKit.Failed(); len(fails) > 0 {
				t.Logf("livekit-server itself fails %v: reported, not asserted for Souk", fails)
			}
			for _, r := range Regressions(row.LiveKit, row.Souk) {
				t.Errorf("Souk fails where livekit-server passes: %s", r)
			}
		})
		rows = append(rows, row)
	}
	if *reportPath == "" {
		return
	}
	info := ReportInfo{
		Command:  "make conformance",
		Machine:  machine(),
		Versions: versions(tools),
		Started:  started,
		Duration: time.Since(started),
		Subset:   subset,
	}
	if err := WriteReport(*reportPath, info, rows); err != nil {
		t.Fatal(err)
	}
	t.Logf("report written to %s", *reportPath)
}

// runOne runs sc against one server kind in a folder of its own.
func runOne(t *testing.T, sc Scenario, kind ServerKind, tools Tools) Outcome {
	dir := filepath.Join(t.TempDir(), string(kind))
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	o := run(context.Background(), sc, kind, tools, dir, t.Logf)
	t.Logf("%s: %s in %s", kind, summary(o), o.Duration.Round(time.Millisecond))
	return o
}

// machine describes the processor and cores for the report.
func machine() string {
	model := ""
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(l, "model name") {
				model = strings.TrimSpace(strings.SplitN(l, ":", 2)[1])
				break
			}
		}
	}
	load := ""
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		load = ", load average at start " + strings.Join(strings.Fields(string(b))[:3], " ")
	}
	return fmt.Sprintf("%d CPUs %s, %s/%s%s", runtime.NumCPU(), model, runtime.GOOS, runtime.GOARCH, load)
}

// versions lists the servers' and clients' versions for the report.
func versions(t Tools) []string {
	var out []string
	cmdOut := func(name string, args ...string) string {
		b, err := exec.Command(name, args...).CombinedOutput()
		if err != nil {
			return "unknown"
		}
		return strings.TrimSpace(strings.SplitN(string(b), "\n", 2)[0])
	}
	pkgVersion := func(dir string) string {
		b, err := os.ReadFile(filepath.Join(dir, "package.json"))
		if err != nil {
			return "unknown"
		}
		var p struct{ Version string }
		if json.Unmarshal(b, &p) != nil {
			return "unknown"
		}
		return p.Version
	}
	if t.LivekitServer != "" {
		out = append(out, "livekit-server: "+cmdOut(t.LivekitServer, "--version"))
	}
	if t.Souk != "" {
		commit := "unknown"
		if b, err := exec.Command("git", "-C", t.Root, "rev-parse", "--short", "HEAD").Output(); err == nil {
			commit = strings.TrimSpace(string(b))
		}
		out = append(out, fmt.Sprintf("souk: %s, built from commit %s", cmdOut(t.Souk, "version"), commit))
	}
	if t.Chromium != "" {
		// Debian's /usr/bin/chromium is a launcher script; ask the binary.
		bin := "/usr/lib/chromium/chromium"
		if existing(bin) == "" {
			bin = t.Chromium
		}
		out = append(out, "Chromium: "+cmdOut(bin, "--version"))
	}
	if t.LivekitClientDist != "" {
		out = append(out, "livekit-client: "+pkgVersion(filepath.Dir(t.LivekitClientDist)))
	}
	if t.RTCNodeDir != "" {
		out = append(out, "@livekit/rtc-node: "+pkgVersion(t.RTCNodeDir))
	}
	return out
}
