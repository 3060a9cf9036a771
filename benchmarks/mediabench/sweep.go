package mediabench

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime"
)

// sweepSteps are the subscriber counts a sweep tries, up to the maximum.
func sweepSteps(first, maxN int) []int {
	if first <= 0 {
		first = 5
	}
	var out []int
	for n := first; n <= maxN; {
		out = append(out, n)
		switch {
		case n < 40:
			n *= 2
		case n < 160:
			n += 40
		default:
			n += 80
		}
	}
	return out
}

// runSweep runs the livestream scenario with more and more subscribers
// until loss passes 1 %, joins fail, or the machine's CPUs are saturated,
// then writes the plot.
func runSweep(ctx context.Context, o *Options, media *mediaSet, probe *Probe, progress io.Writer, log *slog.Logger) (*Report, error) {
	var steps []*Report
	stop := fmt.Sprintf("reached --max-subscribers %d", o.MaxSubscribers)
	for _, n := range sweepSteps(o.Subscribers, o.MaxSubscribers) {
		if progress != nil {
			fmt.Fprintf(progress, "sweep step: %d subscribers\n", n)
		}
		rep, err := runOnce(ctx, o, media, fmt.Sprintf("%s-%d", o.Room, n), n, progress, log)
		if err != nil {
			if len(steps) == 0 {
				return nil, err
			}
			stop = fmt.Sprintf("step %d failed: %v", n, err)
			break
		}
		rep.finish(probe)
		steps = append(steps, rep)
		if why := saturated(rep); why != "" {
			stop = fmt.Sprintf("at %d subscribers: %s", n, why)
			break
		}
		if ctx.Err() != nil {
			stop = "interrupted"
			break
		}
	}
	// The headline is the largest step still held under 1 % loss with
	// every subscriber receiving everything; the first step when none was.
	best := steps[0]
	for _, s := range steps {
		if s.Total.LossPct < 1 && s.Failure() == nil {
			best = s
		}
	}
	out := *best
	out.Scenario = Sweep
	out.Steps = steps
	out.StopWhy = stop
	out.PlotPath = o.PlotPath
	f, err := os.Create(o.PlotPath)
	if err != nil {
		return nil, fmt.Errorf("sweep plot: %w", err)
	}
	werr := writeSweepSVG(f, steps)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return nil, fmt.Errorf("sweep plot: %w", werr)
	}
	return &out, nil
}

// saturated tells why a step ends the sweep, or "".
func saturated(r *Report) string {
	switch {
	case r.Total.LossPct >= 1:
		return fmt.Sprintf("loss %.2f %% passed 1 %%", r.Total.LossPct)
	case r.Failure() != nil:
		return r.Failure().Error()
	case r.Server.Measured && r.Server.CPUCores >= 0.9*float64(runtime.NumCPU()):
		return fmt.Sprintf("server CPU saturated (%.2f cores)", r.Server.CPUCores)
	case r.Server.Measured && r.Server.CPUCores+r.Bench.CPUCores >= 0.95*float64(runtime.NumCPU()):
		return fmt.Sprintf("machine CPU saturated (server %.2f + load generator %.2f cores)", r.Server.CPUCores, r.Bench.CPUCores)
	}
	return ""
}
