package conformance

import (
	"context"
	"fmt"
	"time"
)

func dynacastScenarios() []Scenario {
	return []Scenario{
		{
			Name: "dynacast/quality",
			Doc: "Dynacast: a 1280×720 simulcast publisher with dynacast on; its only subscriber (adaptiveStream off) " +
				"asks `setVideoQuality(LOW)`, so nobody wants `f` and the publisher must stop encoding it " +
				"(outbound-rtp of rid f inactive or framesEncoded stalled); asking HIGH again resumes it and the subscriber decodes `f`.",
			Clients: []ClientKind{Chromium},
			Run:     func(ctx context.Context, e *Env) error { return dynacastRun(ctx, e, false) },
		},
		{
			Name: "dynacast/adaptiveStream",
			Doc: "As above with adaptiveStream on: the subscriber's element shrinks to 160×90 (only `q` wanted, " +
				"`f` must pause), then grows to 1280×720 (`f` must resume).",
			Clients: []ClientKind{Chromium},
			Run:     func(ctx context.Context, e *Env) error { return dynacastRun(ctx, e, true) },
		},
	}
}

// fPaused reports whether the publisher's f encoding has stopped: inactive,
// or no frame encoded over two seconds.
func fPaused(ctx context.Context, pub *Page) (bool, string, error) {
	a, err := layerSizes(ctx, pub)
	if err != nil {
		return false, "", err
	}
	if !a["f"].Active {
		return true, "f inactive", nil
	}
	select {
	case <-ctx.Done():
		return false, "", ctx.Err()
	case <-time.After(2 * time.Second):
	}
	b, err := layerSizes(ctx, pub)
	if err != nil {
		return false, "", err
	}
	d := b["f"].FramesEncoded - a["f"].FramesEncoded
	return d == 0, fmt.Sprintf("f active=%v, %d frames encoded in 2 s (%s)", b["f"].Active, d, b["f"].QualityLimitationReason), nil
}

func dynacastRun(ctx context.Context, e *Env, adaptive bool) error {
	srv, err := e.Server(ctx)
	if err != nil {
		return err
	}
	ps, err := pages(ctx, e, false, "alice", "bob")
	if err != nil {
		return err
	}
	alice, bob := ps[0], ps[1]
	room := e.Room("dyn")
	if _, err := alice.Join(ctx, srv, room, JoinOptions{NoAudio: true, Dynacast: true}); err != nil {
		return err
	}
	if _, err := bob.Join(ctx, srv, room, JoinOptions{NoVideo: true, NoAudio: true, AdaptiveStream: adaptive,
		ElementWidth: 1280, ElementHeight: 720}, NoPublish()); err != nil {
		return err
	}
	// The subscriber gets the top layer first.
	err = Until(ctx, 45*time.Second, "bob decoding alice's f layer", func(ctx context.Context) (bool, string, error) {
		ls, err := layerSizes(ctx, alice)
		if err != nil {
			return false, "", err
		}
		in, err := bob.Inbound(ctx)
		if err != nil {
			return false, "", err
		}
		v := in.Tracks["alice:video"]
		f := ls["f"]
		return f.FramesEncoded > 0 && v.FrameWidth == f.FrameWidth && v.FrameWidth > ls["h"].FrameWidth,
			fmt.Sprintf("decoded %s, f %s", size(v.FrameWidth, v.FrameHeight), size(f.FrameWidth, f.FrameHeight)), nil
	})
	if !e.Check("top_layer_first", err) {
		return nil
	}
	if adaptive {
		err = bob.Do(ctx, "setElement", map[string]any{"from": "alice", "width": 160, "height": 90}, nil)
	} else {
		err = bob.Do(ctx, "setQuality", map[string]any{"from": "alice", "quality": "LOW"}, nil)
	}
	if err != nil {
		return err
	}
	asked := time.Now()
	state := ""
	err = Until(ctx, 30*time.Second, "alice stops encoding f", func(ctx context.Context) (bool, string, error) {
		done, s, err := fPaused(ctx, alice)
		if s != "" {
			state = s
		}
		return done, s, err
	})
	if e.Check("f_paused", err) {
		e.Figure("f paused after", "%.1f s", time.Since(asked).Seconds())
	} else {
		e.Figure("f paused after", "never (%s)", state)
	}
	if in, err := bob.Inbound(ctx); err == nil {
		v := in.Tracks["alice:video"]
		e.Figure("decoded while f unwanted", "%s", size(v.FrameWidth, v.FrameHeight))
	}
	if adaptive {
		err = bob.Do(ctx, "setElement", map[string]any{"from": "alice", "width": 1280, "height": 720}, nil)
	} else {
		err = bob.Do(ctx, "setQuality", map[string]any{"from": "alice", "quality": "HIGH"}, nil)
	}
	if err != nil {
		return err
	}
	asked = time.Now()
	err = Until(ctx, 30*time.Second, "f resumed and decoded", func(ctx context.Context) (bool, string, error) {
		ls, err := layerSizes(ctx, alice)
		if err != nil {
			return false, "", err
		}
		in, err := bob.Inbound(ctx)
		if err != nil {
			return false, "", err
		}
		v, f := in.Tracks["alice:video"], ls["f"]
		return f.Active && v.FrameWidth == f.FrameWidth && f.FrameWidth > ls["h"].FrameWidth,
			fmt.Sprintf("f active=%v %s, decoded %s", f.Active, size(f.FrameWidth, f.FrameHeight), size(v.FrameWidth, v.FrameHeight)), nil
	})
	if e.Check("f_resumed", err) {
		e.Figure("f resumed after", "%.1f s", time.Since(asked).Seconds())
	}
	mediaFigures(ctx, e, bob, "alice")
	publisherFigures(ctx, e, alice)
	return nil
}
