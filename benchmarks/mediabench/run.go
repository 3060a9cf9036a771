package mediabench

import (
	"context"
	"fmt"
	"hash/maphash"
	"io"
	"log/slog"
	"os"
	"sync"
	"time"
)

// runner is one scenario run: its bots, the shared send-time tables and
// the delay histograms.
type runner struct {
	opts *Options
	room string
	// serverName names the server whose CPU and counters are read.
	serverName string
	log        *slog.Logger
	media      *mediaSet
	seed       maphash.Seed

	stamps sync.Map // track sid → *stampTable
	hists  map[string]*histogram

	sendCtx context.Context
	wg      sync.WaitGroup

	mu       sync.Mutex
	pubs     []*bot
	subs     []*bot
	failures int
	lastErr  error
}

// unknownStamps answers every lookup with "not measured" (a track that no
// bot of this run publishes).
var unknownStamps = newStampTable(maphash.MakeSeed())

func (run *runner) stampsFor(sid string) *stampTable {
	if t, ok := run.stamps.Load(sid); ok {
		return t.(*stampTable)
	}
	return unknownStamps
}

func (run *runner) delayHist(kind string) *histogram { return run.hists[kind] }

// Run executes the scenario in o and returns its report. progress, when
// not nil, gets a live status line every second.
func Run(ctx context.Context, o Options, progress io.Writer, log *slog.Logger) (*Report, error) {
	o.Defaults()
	if err := o.Validate(); err != nil {
		return nil, err
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	media, err := loadMedia(o.Codec, o.Simulcast, o.Resolution)
	if err != nil {
		return nil, err
	}
	var probe *Probe
	if o.ProbePackets > 0 {
		if probe, err = RunProbe(o.ProbePackets); err != nil {
			return nil, err
		}
	}
	if o.Scenario == Sweep {
		return runSweep(ctx, &o, media, probe, progress, log)
	}
	rep, err := runOnce(ctx, &o, media, o.Room, o.Subscribers, progress, log)
	if err != nil {
		return nil, err
	}
	rep.finish(probe)
	return rep, nil
}

// runOnce joins the scenario's publishers and n subscribers in room,
// measures for o.Duration and leaves.
func runOnce(ctx context.Context, o *Options, media *mediaSet, room string, n int, progress io.Writer, log *slog.Logger) (*Report, error) {
	sendCtx, stopSending := context.WithCancel(ctx)
	run := &runner{opts: o, room: room, log: log, media: media, seed: maphash.MakeSeed(), sendCtx: sendCtx,
		hists: map[string]*histogram{"video": {}, "audio": {}}}
	defer func() {
		stopSending()
		run.leaveAll()
		run.wg.Wait()
	}()
	watch := newServerWatch(o)
	run.serverName = watch.name()

	if err := run.joinPublishers(ctx, n); err != nil {
		return nil, err
	}
	if o.Scenario != Meeting {
		run.joinSubscribers(ctx, n, progress)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	run.waitForMedia(ctx, progress)

	// The window starts after a short settle, so join-time keyframe bursts
	// do not count.
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-time.After(time.Second):
	}
	for _, h := range run.hists {
		h.reset()
	}
	start := run.snapshot(ctx, watch)
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	deadline := time.After(o.Duration)
loop:
	for {
		select {
		case <-ctx.Done():
			break loop // report what was measured so far
		case <-deadline:
			break loop
		case <-tick.C:
			if progress != nil {
				run.progressLine(progress, start, run.snapshot(ctx, watch))
			}
		}
	}
	end := run.snapshot(context.WithoutCancel(ctx), watch)
	if progress != nil {
		fmt.Fprintln(progress)
	}
	return run.report(start, end), nil
}

func (run *runner) joinPublishers(ctx context.Context, n int) error {
	o := run.opts
	count, video, audio, role, subscribe := max(o.VideoPublishers, o.AudioPublishers), o.VideoPublishers, o.AudioPublishers, "publisher", false
	if o.Scenario == Meeting {
		count, video, audio, role, subscribe = n, n, n, "participant", true
	}
	for i := range count {
		b, err := run.join(ctx, fmt.Sprintf("%s-%d", role, i+1), role, subscribe)
		if err != nil {
			return err
		}
		run.mu.Lock()
		run.pubs = append(run.pubs, b)
		if subscribe {
			run.subs = append(run.subs, b)
		}
		run.mu.Unlock()
		if i < video {
			if err := run.publishVideo(ctx, b); err != nil {
				return err
			}
		}
		if i < audio {
			if err := run.publishAudio(ctx, b); err != nil {
				return err
			}
		}
	}
	return nil
}

// joinSubscribers joins n subscribers at the configured rate, a few at a
// time; failures are counted and reported, not fatal.
func (run *runner) joinSubscribers(ctx context.Context, n int, progress io.Writer) {
	interval := time.Duration(float64(time.Second) / run.opts.JoinRate)
	sem := make(chan struct{}, 8)
	var wg sync.WaitGroup
	next := time.Now()
	for i := range n {
		select {
		case <-ctx.Done():
			wg.Wait()
			return
		case <-time.After(time.Until(next)):
		}
		next = next.Add(interval)
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			b, err := run.join(ctx, fmt.Sprintf("subscriber-%d", i+1), "subscriber", true)
			run.mu.Lock()
			defer run.mu.Unlock()
			if err != nil {
				run.failures++
				run.lastErr = err
				run.log.Warn("subscriber could not join", "err", err)
				return
			}
			run.subs = append(run.subs, b)
			if progress != nil {
				fmt.Fprintf(progress, "\rjoining: %d/%d subscribers", len(run.subs), n)
			}
		}()
	}
	wg.Wait()
	if progress != nil {
		fmt.Fprintln(progress)
	}
}

// expectedTracks is how many tracks a subscribing bot should receive.
func (run *runner) expectedTracks(b *bot) int {
	n := 0
	for _, p := range run.pubs {
		if p != b {
			n += len(p.pubs)
		}
	}
	return n
}

// waitForMedia waits until every subscriber receives every track, or
// gives up after a grace period that grows with the room.
func (run *runner) waitForMedia(ctx context.Context, progress io.Writer) {
	run.mu.Lock()
	subs := append([]*bot(nil), run.subs...)
	run.mu.Unlock()
	deadline := time.Now().Add(15*time.Second + time.Duration(len(subs))*100*time.Millisecond)
	for time.Now().Before(deadline) && ctx.Err() == nil {
		ready := 0
		for _, b := range subs {
			if len(b.tracks()) >= run.expectedTracks(b) {
				ready++
			}
		}
		if progress != nil {
			fmt.Fprintf(progress, "\rwaiting for media: %d/%d subscribers receive every track", ready, len(subs))
		}
		if ready == len(subs) {
			break
		}
		select {
		case <-ctx.Done():
		case <-time.After(200 * time.Millisecond):
		}
	}
	if progress != nil {
		fmt.Fprintln(progress)
	}
}

func (run *runner) leaveAll() {
	run.mu.Lock()
	bots := append(append([]*bot(nil), run.pubs...), run.subs...)
	run.mu.Unlock()
	seen := map[*bot]bool{}
	var wg sync.WaitGroup
	for _, b := range bots {
		if seen[b] || b.c == nil {
			continue
		}
		seen[b] = true
		wg.Add(1)
		go func() {
			defer wg.Done()
			b.c.Leave()
		}()
	}
	wg.Wait()
}

// ownCPU is this process's CPU seconds (the load generator competes with
// the server when both run on one machine).
func ownCPU() float64 {
	cpu, _, err := readProc(os.Getpid())
	if err != nil {
		return 0
	}
	return cpu
}
