package conformance

import (
	"context"
	"fmt"
	"time"
)

func rtcNodeScenarios() []Scenario {
	return []Scenario{{
		Name: "rtc-node/media-and-data",
		Doc: "An `@livekit/rtc-node` participant publishes a 640×360 simulcast video and a tone, and subscribes; a " +
			"livekit-client participant in Chromium publishes camera and microphone. Each decodes the other's video " +
			"and audio; data packets, a text stream and RPC go both ways.",
		Fast: true, Clients: []ClientKind{Chromium, RTCNode},
		Run: rtcNodeRun,
	}}
}

func rtcNodeRun(ctx context.Context, e *Env) error {
	srv, err := e.Server(ctx)
	if err != nil {
		return err
	}
	nc, err := e.RTCNode(ctx, NodeOptions{})
	if err != nil {
		return err
	}
	ps, err := pages(ctx, e, false, "bob")
	if err != nil {
		return err
	}
	bob := ps[0]
	room := e.Room("node")
	nina, err := JoinNode(ctx, nc, srv, room, "nina", true)
	if err == nil {
		_, err = bob.Join(ctx, srv, room, JoinOptions{Capture: &Size{Width: 640, Height: 360}})
	}
	if !e.Check("join", err) {
		return nil
	}
	if err := nina.Do(ctx, "publishVideo", map[string]any{"width": 640, "height": 360, "fps": 15, "simulcast": true}, nil); err != nil {
		return err
	}
	if err := nina.Do(ctx, "publishAudio", nil, nil); err != nil {
		return err
	}

	got, err := bob.Decoding(ctx, 40*time.Second, "nina", 30)
	if e.Check("browser_decodes_node_video", err) {
		e.Figure("node video in Chromium", "%s", size(got.FrameWidth, got.FrameHeight))
	}
	if ms, err := firstFrame(ctx, bob, "nina"); err == nil {
		e.Figure("first frame in Chromium", "%d ms", ms)
	}
	_, err = bob.WaitTrack(ctx, 20*time.Second, "nina", "audio", func(t InboundTrack) bool { return t.PacketsReceived > 50 && t.TotalSamplesReceived > 0 })
	e.Check("browser_receives_node_audio", err)
	v, err := nina.WaitVideo(ctx, 40*time.Second, "bob", func(v NodeVideo) bool { return v.Frames > 30 })
	if e.Check("node_decodes_browser_video", err) {
		e.Figure("Chromium video in node", "%s, first frame %d ms", size(v.Width, v.Height), v.FirstFrameMs)
	}
	_, err = nina.WaitAudio(ctx, 20*time.Second, "bob", func(a NodeAudio) bool { return a.Frames > 50 && a.NonSilent > 0 })
	e.Check("node_decodes_browser_audio", err)

	since, err := bob.Now(ctx)
	if err != nil {
		return err
	}
	if err := nina.Do(ctx, "publishData", map[string]any{"text": "from node", "reliable": true, "topic": "n"}, nil); err != nil {
		return err
	}
	_, err = bob.WaitEvent(ctx, 10*time.Second, since, "data from nina", func(ev Event) bool {
		return ev.Type == "data" && ev.From == "nina" && ev.Text == "from node" && ev.Topic == "n"
	})
	e.Check("data_node_to_browser", err)
	if err := bob.Do(ctx, "publishData", map[string]any{"text": "from browser", "reliable": true, "topic": "b"}, nil); err != nil {
		return err
	}
	_, err = nina.WaitEvent(ctx, 10*time.Second, 0, "data from bob", func(ev Event) bool {
		return ev.Type == "data" && ev.From == "bob" && ev.Text == "from browser" && ev.Topic == "b"
	})
	e.Check("data_browser_to_node", err)
	if err := bob.Do(ctx, "sendText", map[string]any{"text": "hello node"}, nil); err != nil {
		return err
	}
	_, err = nina.WaitEvent(ctx, 10*time.Second, 0, "text stream from bob", func(ev Event) bool {
		return ev.Type == "text" && ev.From == "bob" && ev.Text == "hello node"
	})
	e.Check("text_stream_browser_to_node", err)

	r, err := rpc(ctx, bob, "nina", "greet", "hi")
	if err == nil && (!r.OK || r.Result != "hello hi from nina caller bob") {
		err = fmt.Errorf("got %+v", r)
	}
	e.Check("rpc_browser_to_node", err)
	err = nina.Do(ctx, "rpc", map[string]any{"to": "bob", "method": "greet", "payload": "yo"}, &r)
	if err == nil && (!r.OK || r.Result != "hello yo from bob caller nina") {
		err = fmt.Errorf("got %+v", r)
	}
	e.Check("rpc_node_to_browser", err)
	mediaFigures(ctx, e, bob, "nina")
	return nil
}
