package conformance

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"souk/internal/netlab"
)

// labLossRun runs a publisher and a subscriber in hosts of their own, with
// the publisher's uplink or the subscriber's downlink losing 3 % of
// packets, and measures what reaches the subscriber after repair.
func labLossRun(ctx context.Context, e *Env, lossy netlab.Direction) error {
	l, err := newLabRun(ctx, e, netlab.HostOptions{NAT: true})
	if err != nil {
		return err
	}
	defer l.settle()
	pubGroup := l.startClients(ctx, "pub", netlab.HostOptions{}, "alice")
	subGroup := l.startClients(ctx, "sub", netlab.HostOptions{}, "bob")
	srv, err := l.server(ctx, ServerOptions{})
	if err != nil {
		return err
	}
	pubHost, pubs, err := pubGroup.wait()
	if err != nil {
		return err
	}
	subHost, subs, err := subGroup.wait()
	if err != nil {
		return err
	}
	alice, bob := pubs[0], subs[0]
	impaired := pubHost
	if lossy == netlab.Downlink {
		impaired = subHost
	}
	loss := netlab.Impairment{Loss: 0.03, Delay: 25 * time.Millisecond}
	if err := impaired.Impair(ctx, lossy, loss); err != nil {
		return err
	}
	backend, err := l.lab.ImpairBackend(ctx)
	if err != nil {
		return err
	}
	e.Figure("impairment", "%s %s (%s)", lossy, loss, backend)

	room := e.Room("loss")
	// Simulcast at 640×360 (two layers): the repair is what is measured,
	// and a 720p encoder of three layers would starve on a small machine.
	_, err = alice.Join(ctx, srv, room, JoinOptions{NoAudio: true, ConnectOptions: labConnect(false), Capture: &Size{Width: 640, Height: 360}})
	if err == nil {
		_, err = bob.Join(ctx, srv, room, JoinOptions{NoVideo: true, NoAudio: true, ConnectOptions: labConnect(false)}, NoPublish())
	}
	if !e.Check("join", err) {
		return nil
	}
	ms, err := firstFrame(ctx, bob, "alice")
	if !e.Check("first_frame", err) {
		return nil
	}
	e.Figure("first frame", "%d ms", ms)
	// Let the encoder and the congestion controllers settle, then
	// measure a window.
	settled := lossSettle(ctx, alice, bob)
	e.Figure("settled", "in %.1f s", settled.Seconds())
	before, errB := lossSnapshot(ctx, alice, bob)
	pause(ctx, 15*time.Second)
	after, errA := lossSnapshot(ctx, alice, bob)
	if err := errors.Join(errB, errA); err != nil {
		e.Check("loss_after_repair", err)
		return nil
	}
	w := after.minus(before)
	e.Figure("video packets lost", "%.2f%%", w.lostPercent())
	e.Figure("video loss after repair", "%.2f%%", w.unrepairedPercent())
	e.Figure("frames decoded", "%d in 15 s", w.framesDecoded)
	e.Figure("publisher layers", "%s", after.layers)
	e.Figure("decoded size", "%s", size(after.in.FrameWidth, after.in.FrameHeight))
	e.Figure("jitter buffer", "%d ms", after.in.JitterBufferMs)
	e.Figure("RTT", "%d ms", after.rttMs)
	e.Figure("NACKs sent by subscriber", "%d", w.nacks)
	e.Figure("retransmissions to subscriber", "%d", w.retransmittedReceived)
	e.Figure("retransmissions by publisher", "%d", w.retransmittedSent)
	e.Figure("freezes", "%d (%d ms)", w.freezes, w.freezeMs)

	e.Check("video_flows", func() error {
		if w.framesDecoded < 150 { // 10 frames/s over the window
			return fmt.Errorf("%d frames decoded in 15 s", w.framesDecoded)
		}
		return nil
	}())
	e.Check("loss_after_repair", func() error {
		if w.received < 150 { // 10 packets/s: too little video to measure loss on
			return fmt.Errorf("only %d packets received in 15 s", w.received)
		}
		if p := w.unrepairedPercent(); p >= 1 {
			return fmt.Errorf("%.2f%% of video packets lost after repair (%d lost, %d retransmissions received, of %d)",
				p, w.lost, w.retransmittedReceived, w.lost+w.received)
		}
		return nil
	}())
	if lossy == netlab.Uplink {
		e.Check("publisher_retransmits", func() error {
			if w.retransmittedSent == 0 {
				return errors.New("the publisher retransmitted nothing: the server asked for no repair")
			}
			return nil
		}())
	} else {
		e.Check("server_retransmits", func() error {
			if w.retransmittedReceived == 0 {
				return fmt.Errorf("no retransmission reached the subscriber (%d NACKs sent)", w.nacks)
			}
			return nil
		}())
	}
	return nil
}

// Settling before the loss window: over lossSettleSample the subscriber
// must decode at lossSettleFPS, at the same size, without a new freeze,
// and the publisher's layers must stay the same (steady); else the window
// starts when lossSettleMax passes (what it used to wait in any case).
const (
	lossSettleSample = 2 * time.Second
	lossSettleFPS    = 10
	lossSettleMax    = 10 * time.Second
)

// lossSettle waits until pub's video reaches sub steadily (see the
// constants above) and returns how long that took. A sample that cannot
// be read counts as not settled.
func lossSettle(ctx context.Context, pub, sub *Page) time.Duration {
	start := time.Now()
	deadline := start.Add(lossSettleMax)
	prev, err := lossSnapshot(ctx, pub, sub)
	for time.Now().Before(deadline) && ctx.Err() == nil {
		pause(ctx, min(lossSettleSample, time.Until(deadline)))
		cur, errCur := lossSnapshot(ctx, pub, sub)
		if err == nil && errCur == nil && steady(prev, cur) {
			break
		}
		prev, err = cur, errCur
	}
	return time.Since(start)
}

// steady says whether the video held still from a to b: enough frames
// decoded, no freeze, no change of the decoded size or of the publisher's
// layers.
func steady(a, b lossCounters) bool {
	return b.framesDecoded-a.framesDecoded >= int(lossSettleFPS*lossSettleSample.Seconds()) &&
		b.freezes == a.freezes && b.layers == a.layers &&
		b.in.FrameWidth == a.in.FrameWidth && b.in.FrameHeight == a.in.FrameHeight
}

// lossCounters are the cumulative counters of one moment: the subscriber's
// view of the publisher's video, and what the publisher retransmitted.
type lossCounters struct {
	in                    InboundTrack
	layers                string // the publisher's encodings, "q 320×180, h 640×360"
	rttMs                 int
	received, lost        int
	nacks                 int
	retransmittedReceived int
	retransmittedSent     int
	framesDecoded         int
	freezes, freezeMs     int
}

func lossSnapshot(ctx context.Context, pub, sub *Page) (lossCounters, error) {
	in, err := sub.Inbound(ctx)
	if err != nil {
		return lossCounters{}, err
	}
	v, ok := in.Tracks[pub.Name+":video"]
	if !ok {
		return lossCounters{}, fmt.Errorf("%s receives no video from %s", sub.Name, pub.Name)
	}
	out, err := pub.Outbound(ctx)
	if err != nil {
		return lossCounters{}, err
	}
	c := lossCounters{in: v, received: v.PacketsReceived, lost: v.PacketsLost, nacks: v.NackCount,
		retransmittedReceived: v.RetransmittedPacketsReceived, framesDecoded: v.FramesDecoded,
		freezes: v.FreezeCount, freezeMs: v.TotalFreezesMs}
	if in.Transport != nil {
		c.rttMs = in.Transport.RTTMs
	}
	var layers []string
	for _, layer := range out.Video {
		c.retransmittedSent += layer.RetransmittedPacketsSent
		layers = append(layers, layer.RID+" "+size(layer.FrameWidth, layer.FrameHeight))
	}
	c.layers = strings.Join(layers, ", ")
	return c, nil
}

// minus is the change from an earlier snapshot.
func (c lossCounters) minus(earlier lossCounters) lossCounters {
	return lossCounters{
		in: c.in, layers: c.layers, rttMs: c.rttMs,
		received: c.received - earlier.received, lost: c.lost - earlier.lost, nacks: c.nacks - earlier.nacks,
		retransmittedReceived: c.retransmittedReceived - earlier.retransmittedReceived,
		retransmittedSent:     c.retransmittedSent - earlier.retransmittedSent,
		framesDecoded:         c.framesDecoded - earlier.framesDecoded,
		freezes:               c.freezes - earlier.freezes, freezeMs: c.freezeMs - earlier.freezeMs,
	}
}

// lostPercent is the share of the publisher's packets that did not reach
// the subscriber the first time (inbound-rtp packetsLost: a packet the
// subscriber got back by retransmission still counts there).
func (c lossCounters) lostPercent() float64 {
	lost := max(c.lost, 0)
	if lost+c.received <= 0 {
		return 0
	}
	return 100 * float64(lost) / float64(lost+c.received)
}

// unrepairedPercent is the share still missing after retransmissions: the
// lost packets less those that came back over RTX (an upper bound on the
// repair, as a retransmission may also be a duplicate).
func (c lossCounters) unrepairedPercent() float64 {
	lost := max(c.lost-c.retransmittedReceived, 0)
	if c.lost+c.received <= 0 {
		return 0
	}
	return 100 * float64(lost) / float64(max(c.lost, 0)+c.received)
}
