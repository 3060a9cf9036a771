package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"time"

	"souk/benchmarks/mediabench"
)

const benchUsage = `Usage: souk bench [flags]

Load-tests a LiveKit-protocol media server (souk or any other) with bots
that publish real VP8/H.264/Opus loops and subscribe. Scenarios:
  livestream   1 video publisher (with audio), N subscribers
  audio-room   10 audio publishers, N subscribers
  meeting      N participants, each publishing video and audio to all others
  sweep        livestream with N raised until loss passes 1 % or CPU saturates (writes an SVG plot)

Flags:
`

// bench runs `souk bench`; the work is in benchmarks/mediabench.
func bench(ctx context.Context, args, environ []string, stdout, stderr io.Writer) error {
	var o mediabench.Options
	fs := flag.NewFlagSet("souk bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, benchUsage); fs.PrintDefaults() }
	fs.StringVar(&o.URL, "url", "http://127.0.0.1:7880", "server URL (http(s) or ws(s)); /rtc or /rtc/v1 is appended")
	fs.StringVar(&o.APIKey, "api-key", envValue(environ, "LIVEKIT_API_KEY"), "API key that signs tokens (default $LIVEKIT_API_KEY)")
	fs.StringVar(&o.APISecret, "api-secret", envValue(environ, "LIVEKIT_API_SECRET"), "API secret (default $LIVEKIT_API_SECRET)")
	fs.StringVar(&o.TokenURL, "token-url", "", "instead of key and secret: GET URL?room=R&identity=I returns {\"token\":...} or the bare token")
	fs.StringVar(&o.Room, "room", "", "room name (default bench-<scenario>)")
	fs.StringVar(&o.Scenario, "scenario", mediabench.Livestream, "livestream, audio-room, meeting or sweep")
	fs.IntVar(&o.VideoPublishers, "video-publishers", 0, "video publishers (livestream default 1)")
	fs.IntVar(&o.AudioPublishers, "audio-publishers", 0, "audio publishers (livestream default 1, audio-room 10)")
	fs.IntVar(&o.Subscribers, "subscribers", 0, "subscribers (meeting: participants; sweep: first step)")
	fs.IntVar(&o.MaxSubscribers, "max-subscribers", 400, "sweep: largest step")
	fs.StringVar(&o.Codec, "codec", mediabench.CodecVP8, "video codec: vp8 or h264")
	fs.BoolVar(&o.Simulcast, "simulcast", true, "publish 180p/360p/720p simulcast layers up to --resolution")
	fs.StringVar(&o.Resolution, "resolution", "720p", "top layer: 720p, 360p or 180p (the loops' bitrates are fixed per layer; the report prints them)")
	fs.Float64Var(&o.JoinRate, "join-rate", 10, "subscriber joins per second")
	fs.DurationVar(&o.Duration, "duration", 0, "measurement window, after everyone receives media (default 30s; sweep: per step, default 10s)")
	fs.StringVar(&o.JoinPath, "join-path", "v0", "v0 (/rtc, two peer connections) or v1 (/rtc/v1, one)")
	fs.IntVar(&o.ServerPID, "server-pid", 0, "server process id: CPU and RSS from /proc (same machine); otherwise from its /metrics")
	fs.StringVar(&o.MetricsURL, "metrics-url", "", "server metrics URL (default <url>/metrics)")
	fs.StringVar(&o.MetricsToken, "metrics-token", "", "bearer token for the metrics URL")
	fs.StringVar(&o.PlotPath, "plot", "sweep.svg", "sweep: where to write the SVG plot")
	fs.IntVar(&o.ProbePackets, "probe-packets", 100000, "packets per physical-limit probe step (0 skips the probe)")
	fs.BoolVar(&o.JSON, "json", false, "print the report as JSON")
	verbose := fs.Bool("v", false, "log client details to stderr")
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "unexpected argument %q\n", fs.Arg(0))
		return errUsage
	}
	if o.Duration == 0 && o.Scenario == mediabench.Sweep {
		o.Duration = defaultSweepStep
	}
	log := slog.New(slog.DiscardHandler)
	if *verbose {
		log = slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	rep, err := mediabench.Run(ctx, o, stderr, log)
	if err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	if o.JSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			return err
		}
		for _, w := range rep.Warnings {
			fmt.Fprintf(stderr, "warning: %s\n", w)
		}
	} else {
		rep.WriteTable(stdout) // warnings included
	}
	// A subscriber that did not get the media sent to it fails the run,
	// whatever the loss figures of the others say.
	if err := rep.Failure(); err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	return nil
}

const defaultSweepStep = 10 * time.Second

func envValue(environ []string, key string) string {
	for _, kv := range environ {
		if v, ok := strings.CutPrefix(kv, key+"="); ok {
			return v
		}
	}
	return ""
}
