package conformance

import (
	"context"
	"fmt"
	"time"
)

// qualityRequest is one way a subscriber asks for a simulcast layer.
type qualityRequest struct {
	check string // check name
	rid   string // the layer it must get: q, h or f
	// exactly one of these is set
	quality       string // setVideoQuality
	width, height int    // setVideoDimensions, or the element's size (adaptive)
}

func qualityScenarios() []Scenario {
	byQuality := []qualityRequest{
		{check: "LOW", rid: "q", quality: "LOW"},
		{check: "MEDIUM", rid: "h", quality: "MEDIUM"},
		{check: "HIGH", rid: "f", quality: "HIGH"},
	}
	bySize := []qualityRequest{
		{check: "320x180", rid: "q", width: 320, height: 180},
		{check: "640x360", rid: "h", width: 640, height: 360},
		{check: "1280x720", rid: "f", width: 1280, height: 720},
	}
	return []Scenario{
		{
			Name: "quality/setVideoQuality",
			Doc: "A 1280×720 simulcast publisher (q, h, f); a subscriber with adaptiveStream off asks " +
				"`setVideoQuality(LOW, MEDIUM, HIGH)` and must decode the layer it asked for (the publisher's q, h, f size).",
			Fast: true, Clients: []ClientKind{Chromium},
			Run: func(ctx context.Context, e *Env) error { return qualityRun(ctx, e, "quality", byQuality) },
		},
		{
			Name:    "quality/setVideoDimensions",
			Doc:     "As above, the subscriber asking by `setVideoDimensions` (320×180, 640×360, 1280×720).",
			Clients: []ClientKind{Chromium},
			Run:     func(ctx context.Context, e *Env) error { return qualityRun(ctx, e, "dimensions", bySize) },
		},
		{
			Name: "quality/adaptiveStream",
			Doc: "As above with adaptiveStream on: the subscriber's video element is resized to 320×180, 640×360 " +
				"and 1280×720, and the decoded layer must follow.",
			Clients: []ClientKind{Chromium},
			Run:     func(ctx context.Context, e *Env) error { return qualityRun(ctx, e, "adaptive", bySize) },
		},
	}
}

func qualityRun(ctx context.Context, e *Env, mode string, steps []qualityRequest) error {
	srv, err := e.Server(ctx)
	if err != nil {
		return err
	}
	ps, err := pages(ctx, e, false, "alice", "bob")
	if err != nil {
		return err
	}
	alice, bob := ps[0], ps[1]
	room := e.Room("q")
	if _, err := alice.Join(ctx, srv, room, JoinOptions{NoAudio: true}); err != nil {
		return err
	}
	// The subscriber's element starts large, so adaptiveStream begins at
	// the top layer like the other modes.
	if _, err := bob.Join(ctx, srv, room, JoinOptions{NoVideo: true, NoAudio: true, AdaptiveStream: mode == "adaptive",
		ElementWidth: 1280, ElementHeight: 720}, NoPublish()); err != nil {
		return err
	}
	ms, err := firstFrame(ctx, bob, "alice")
	if !e.Check("first_frame", err) {
		return nil
	}
	e.Figure("first frame", "%d ms", ms)
	// The publisher's encoder ramps up to its three layers.
	err = Until(ctx, 45*time.Second, "alice encoding q, h and f", func(ctx context.Context) (bool, string, error) {
		ls, err := layerSizes(ctx, alice)
		if err != nil {
			return false, "", err
		}
		return ls["q"].FrameWidth > 0 && ls["h"].FrameWidth > ls["q"].FrameWidth && ls["f"].FrameWidth > ls["h"].FrameWidth,
			fmt.Sprintf("%+v", ls), nil
	})
	if !e.Check("publisher_layers", err) {
		return nil
	}
	for _, st := range steps {
		switch mode {
		case "quality":
			err = bob.Do(ctx, "setQuality", map[string]any{"from": "alice", "quality": st.quality}, nil)
		case "dimensions":
			err = bob.Do(ctx, "setDimensions", map[string]any{"from": "alice", "width": st.width, "height": st.height}, nil)
		case "adaptive":
			err = bob.Do(ctx, "setElement", map[string]any{"from": "alice", "width": st.width, "height": st.height}, nil)
		}
		if err != nil {
			return err
		}
		started := time.Now()
		var got InboundTrack
		var want OutboundLayer
		err = Until(ctx, 25*time.Second, fmt.Sprintf("bob decoding alice's %s layer", st.rid), func(ctx context.Context) (bool, string, error) {
			ls, err := layerSizes(ctx, alice)
			if err != nil {
				return false, "", err
			}
			want = ls[st.rid]
			got, err = bob.WaitTrack(ctx, 5*time.Second, "alice", "video", func(InboundTrack) bool { return true })
			if err != nil {
				return false, "", err
			}
			return got.FrameWidth == want.FrameWidth && got.FrameHeight == want.FrameHeight,
				fmt.Sprintf("decoded %s, layer %s is %s", size(got.FrameWidth, got.FrameHeight), st.rid, size(want.FrameWidth, want.FrameHeight)), nil
		})
		e.Figure(st.check, "%s", size(got.FrameWidth, got.FrameHeight))
		if e.Check(st.check, err) {
			e.Figure(st.check, "%s in %.1f s", size(got.FrameWidth, got.FrameHeight), time.Since(started).Seconds())
		}
	}
	mediaFigures(ctx, e, bob, "alice")
	publisherFigures(ctx, e, alice)
	return nil
}
