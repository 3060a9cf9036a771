package conformance

import (
	"context"
	"fmt"
	"time"
)

// NodePart is one @livekit/rtc-node participant in the rtc-node client
// process.
type NodePart struct {
	Name string
	c    *NodeClient
}

// JoinNode connects a new rtc-node participant name to srv's room.
func JoinNode(ctx context.Context, c *NodeClient, srv *Server, room, name string, dynacast bool, grants ...Grant) (*NodePart, error) {
	tok, err := srv.Token(room, name, grants...)
	if err != nil {
		return nil, err
	}
	args := map[string]any{"name": name, "url": srv.WSURL(), "token": tok, "options": map[string]any{"dynacast": dynacast}}
	if err := c.Call(ctx, "join", args, nil); err != nil {
		return nil, err
	}
	return &NodePart{Name: name, c: c}, nil
}

// Do runs any op of clients/rtcnode.mjs for this participant.
func (p *NodePart) Do(ctx context.Context, op string, args map[string]any, out any) error {
	if args == nil {
		args = map[string]any{}
	}
	args["name"] = p.Name
	return p.c.Call(ctx, op, args, out)
}

// NodeVideo is what an rtc-node participant decoded from one remote video.
type NodeVideo struct {
	Frames       int `json:"frames"`
	Width        int `json:"width"`
	Height       int `json:"height"`
	FirstFrameMs int `json:"firstFrameMs"`
}

// NodeAudio is what it decoded from one remote audio track.
type NodeAudio struct {
	Frames    int `json:"frames"`
	Samples   int `json:"samples"`
	NonSilent int `json:"nonSilent"`
}

// NodeReceived is every remote track's count, by identity.
type NodeReceived struct {
	Video map[string]NodeVideo `json:"video"`
	Audio map[string]NodeAudio `json:"audio"`
}

// Received reads what the participant decoded so far.
func (p *NodePart) Received(ctx context.Context) (NodeReceived, error) {
	var r NodeReceived
	err := p.Do(ctx, "received", nil, &r)
	return r, err
}

// WaitVideo polls until video decoded from identity satisfies ok.
func (p *NodePart) WaitVideo(ctx context.Context, timeout time.Duration, from string, ok func(NodeVideo) bool) (NodeVideo, error) {
	var got NodeVideo
	err := Until(ctx, timeout, fmt.Sprintf("%s decoding video from %s", p.Name, from), func(ctx context.Context) (bool, string, error) {
		r, err := p.Received(ctx)
		if err != nil {
			return false, "", err
		}
		v, found := r.Video[from]
		if !found {
			return false, "no video track yet", nil
		}
		got = v
		return ok(v), fmt.Sprintf("%+v", v), nil
	})
	return got, err
}

// WaitAudio polls until audio decoded from identity satisfies ok.
func (p *NodePart) WaitAudio(ctx context.Context, timeout time.Duration, from string, ok func(NodeAudio) bool) (NodeAudio, error) {
	var got NodeAudio
	err := Until(ctx, timeout, fmt.Sprintf("%s decoding audio from %s", p.Name, from), func(ctx context.Context) (bool, string, error) {
		r, err := p.Received(ctx)
		if err != nil {
			return false, "", err
		}
		a, found := r.Audio[from]
		if !found {
			return false, "no audio track yet", nil
		}
		got = a
		return ok(a), fmt.Sprintf("%+v", a), nil
	})
	return got, err
}

// Events lists the participant's events after since (ms).
func (p *NodePart) Events(ctx context.Context, since int64) ([]Event, error) {
	var evs []Event
	err := p.Do(ctx, "events", map[string]any{"since": since}, &evs)
	return evs, err
}

// WaitEvent waits up to timeout for an event after since that match accepts.
func (p *NodePart) WaitEvent(ctx context.Context, timeout time.Duration, since int64, what string, match func(Event) bool) (Event, error) {
	var found Event
	err := Until(ctx, timeout, what, func(ctx context.Context) (bool, string, error) {
		evs, err := p.Events(ctx, since)
		if err != nil {
			return false, "", err
		}
		for _, e := range evs {
			if match(e) {
				found = e
				return true, "", nil
			}
		}
		return false, fmt.Sprintf("%d events", len(evs)), nil
	})
	return found, err
}
