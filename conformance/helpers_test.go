package conformance

import (
	"context"
	"fmt"
	"time"
)

// pages starts the Chromium client and opens one page per name.
func pages(ctx context.Context, e *Env, ownBrowser bool, names ...string) ([]*Page, error) {
	b, err := e.Browser(ctx, NodeOptions{})
	if err != nil {
		return nil, err
	}
	out := make([]*Page, 0, len(names))
	for _, n := range names {
		p, err := OpenPage(ctx, b, n, ownBrowser)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// firstFrame waits for the page's firstFrame event of identity's video
// and returns the milliseconds from the start of the join.
func firstFrame(ctx context.Context, p *Page, identity string) (int, error) {
	ev, err := p.WaitEvent(ctx, 30*time.Second, 0, "first frame from "+identity, func(e Event) bool {
		return e.Type == "firstFrame" && e.Identity == identity
	})
	return ev.Ms, err
}

// layerSizes reads the publisher's encodings: rid → "W×H".
func layerSizes(ctx context.Context, pub *Page) (map[string]OutboundLayer, error) {
	out, err := pub.Outbound(ctx)
	if err != nil {
		return nil, err
	}
	m := map[string]OutboundLayer{}
	for _, l := range out.Video {
		m[l.RID] = l
	}
	return m, nil
}

func size(w, h int) string { return fmt.Sprintf("%d×%d", w, h) }

// mediaBothWays checks that a and b decode each other's video with frames
// still rising, and returns a's view of b.
func mediaBothWays(ctx context.Context, a, b *Page, timeout time.Duration) (InboundTrack, error) {
	got, err := a.Decoding(ctx, timeout, b.Name, 10)
	if err != nil {
		return got, err
	}
	if _, err := b.Decoding(ctx, timeout, a.Name, 10); err != nil {
		return got, err
	}
	return got, nil
}

// lossPercent is packetsLost over packets expected, in percent.
func lossPercent(t InboundTrack) float64 {
	total := t.PacketsReceived + t.PacketsLost
	if total <= 0 {
		return 0
	}
	return 100 * float64(t.PacketsLost) / float64(total)
}

// mediaFigures records what a receiving page measures of from's video:
// loss, jitter buffer delay, round-trip time, NACKs, freezes.
func mediaFigures(ctx context.Context, e *Env, p *Page, from string) {
	in, err := p.Inbound(ctx)
	if err != nil {
		return
	}
	v, ok := in.Tracks[from+":video"]
	if !ok {
		return
	}
	e.Figure("video loss", "%.1f%%", lossPercent(v))
	e.Figure("jitter buffer", "%d ms", v.JitterBufferMs)
	if in.Transport != nil {
		e.Figure("RTT", "%d ms", in.Transport.RTTMs)
	}
	e.Figure("NACKs sent", "%d", v.NackCount)
	e.Figure("freezes", "%d (%d ms)", v.FreezeCount, v.TotalFreezesMs)
}

// pause waits d, or less when ctx ends.
func pause(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}

// publisherFigures records what a publishing page's camera sent: the
// NACKs it received and the packets it retransmitted, over all layers.
func publisherFigures(ctx context.Context, e *Env, pub *Page) {
	out, err := pub.Outbound(ctx)
	if err != nil {
		return
	}
	nacks, rtx, sent := 0, 0, 0
	for _, l := range out.Video {
		nacks += l.NackCount
		rtx += l.RetransmittedPacketsSent
		sent += l.PacketsSent
	}
	e.Figure("publisher NACKs, retransmissions", "%d NACKs, %d of %d packets resent", nacks, rtx, sent)
}
