package conformance

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
)

func joinScenarios() []Scenario {
	return []Scenario{
		{
			Name: "join/v1",
			Doc: "Two livekit-client participants join on `/rtc/v1` (singlePeerConnection, the default), publish camera " +
				"and microphone, and decode each other's video and audio.",
			Clients: []ClientKind{Chromium},
			Run:     func(ctx context.Context, e *Env) error { return joinRun(ctx, e, false) },
		},
		{
			Name:    "join/v0",
			Doc:     "The same on the legacy `/rtc` path with two peer connections (singlePeerConnection: false).",
			Clients: []ClientKind{Chromium},
			Run:     func(ctx context.Context, e *Env) error { return joinRun(ctx, e, true) },
		},
	}
}

func joinRun(ctx context.Context, e *Env, v0 bool) error {
	srv, err := e.Server(ctx)
	if err != nil {
		return err
	}
	ps, err := pages(ctx, e, false, "alice", "bob")
	if err != nil {
		return err
	}
	alice, bob := ps[0], ps[1]
	room := e.Room("join")
	opts := JoinOptions{V0: v0, AdaptiveStream: true, Dynacast: true}
	var jb Joined
	ja, err := alice.Join(ctx, srv, room, opts)
	if err == nil {
		jb, err = bob.Join(ctx, srv, room, opts)
	}
	if !e.Check("join", err) {
		return nil
	}
	e.Figure("connect", "%d ms", jb.ConnectedMs)
	want := "/rtc/v1"
	if v0 {
		want = "/rtc"
	}
	var pathErr error
	for _, j := range []Joined{ja, jb} {
		if !slices.Contains(j.SignalPaths, want) || (v0 && slices.ContainsFunc(j.SignalPaths, func(p string) bool { return strings.HasSuffix(p, "/rtc/v1") })) {
			pathErr = fmt.Errorf("signalling went to %v, want %s", j.SignalPaths, want)
		}
	}
	e.Check("signal_path", pathErr)
	ms, err := firstFrame(ctx, bob, "alice")
	if !e.Check("first_frame", err) {
		return nil
	}
	e.Figure("first frame", "%d ms", ms)
	_, err = mediaBothWays(ctx, alice, bob, 30*time.Second)
	e.Check("video_both_ways", err)
	_, err = bob.WaitTrack(ctx, 20*time.Second, "alice", "audio", func(t InboundTrack) bool {
		return t.PacketsReceived > 50 && t.TotalSamplesReceived > 0
	})
	e.Check("audio", err)
	pause(ctx, 3*time.Second)
	mediaFigures(ctx, e, bob, "alice")
	publisherFigures(ctx, e, alice)
	return nil
}
