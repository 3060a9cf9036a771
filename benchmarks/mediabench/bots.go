package mediabench

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/livekit/protocol/livekit"
	"github.com/pion/rtp"

	"souk/signal/client"
)

// bot is one simulated participant: it may publish (video, audio) and
// subscribe; what it sends and receives is counted here.
type bot struct {
	identity  string
	role      string
	c         *client.Client
	joinStart time.Time
	joinTime  time.Duration // signalling and first negotiation
	// firstMedia is the time from joinStart to the first media packet
	// received, 0 until one arrives.
	firstMedia atomic.Int64
	// firstVideo is the same for the first video packet: a forwarder
	// starts a video track at a keyframe, so this is the time until the
	// subscriber could show a picture.
	firstVideo atomic.Int64
	pubs       []*pubTrack

	mu   sync.Mutex
	recv map[*client.RemoteTrack]*recvTrack
}

// pubTrack sends one media loop (all its simulcast layers) on one track.
type pubTrack struct {
	kind   string // "video" or "audio"
	lt     *client.LocalTrack
	loops  []*loop
	stamps *stampTable

	idx   []int
	seq   []uint16
	ts    []uint32
	kfReq []atomic.Bool

	packets, bytes, keyframeRequests, writeErrors atomic.Uint64
	layerBytes                                    []atomic.Uint64
}

func newPubTrack(kind string, loops []*loop, stamps *stampTable) *pubTrack {
	n := len(loops)
	t := &pubTrack{kind: kind, loops: loops, stamps: stamps, idx: make([]int, n), seq: make([]uint16, n), ts: make([]uint32, n), kfReq: make([]atomic.Bool, n), layerBytes: make([]atomic.Uint64, n)}
	for i := range n {
		t.seq[i] = uint16(rand.Uint32())
		t.ts[i] = rand.Uint32()
	}
	return t
}

// keyframeRequested makes the layer jump to its next keyframe, as an
// encoder answering a PLI would.
func (t *pubTrack) keyframeRequested(layer int) {
	t.keyframeRequests.Add(1)
	if layer >= 0 && layer < len(t.kfReq) {
		t.kfReq[layer].Store(true)
	}
}

// run sends a frame of every layer per interval until ctx ends. Frames go
// out back to back, as an encoder emits them.
func (t *pubTrack) run(ctx context.Context) {
	interval := t.loops[0].interval
	next := time.Now()
	timer := time.NewTimer(0)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-timer.C:
		}
		for layer, l := range t.loops {
			if t.kfReq[layer].Swap(false) {
				t.idx[layer] = l.nextKeyframe(t.idx[layer])
			}
			f := l.frames[t.idx[layer]]
			for j, payload := range f.payloads {
				p := rtp.Packet{Header: rtp.Header{Version: 2, SequenceNumber: t.seq[layer], Timestamp: t.ts[layer], Marker: j == len(f.payloads)-1}, Payload: payload}
				t.seq[layer]++
				t.stamps.sent(payload, time.Now())
				if err := t.lt.WriteLayerRTP(layer, &p); err != nil {
					t.writeErrors.Add(1)
					continue
				}
				t.packets.Add(1)
				t.bytes.Add(uint64(len(payload)))
				t.layerBytes[layer].Add(uint64(len(payload)))
			}
			t.ts[layer] += l.tsStep
			t.idx[layer] = (t.idx[layer] + 1) % len(l.frames)
		}
		next = next.Add(interval)
		d := time.Until(next)
		if d < -time.Second {
			// Far behind (machine overloaded): do not burst to catch up.
			next, d = time.Now(), 0
		}
		timer.Reset(max(d, 0))
	}
}

// recvTrack measures one received track.
type recvTrack struct {
	kind      string
	clockRate float64
	stamps    *stampTable
	delays    *histogram

	mu       sync.Mutex
	started  bool
	maxExt   uint64 // extended highest sequence number
	firstExt uint64 // extended sequence number of the first packet
	received uint64
	bytes    uint64
	// jitter is RFC 3550 interarrival jitter in RTP clock units.
	jitter      float64
	lastTransit float64
	delayed     uint64 // packets whose forwarding delay was measured
}

type recvSnapshot struct {
	maxExt, firstExt, received, bytes, delayed uint64
	jitterMs                                   float64
}

func (r *recvTrack) snapshot() recvSnapshot {
	r.mu.Lock()
	defer r.mu.Unlock()
	return recvSnapshot{maxExt: r.maxExt, firstExt: r.firstExt, received: r.received, bytes: r.bytes, delayed: r.delayed, jitterMs: r.jitter / r.clockRate * 1000}
}

func (r *recvTrack) packet(p *rtp.Packet, arrival time.Time) {
	d, ok := r.stamps.delay(p.Payload, arrival)
	if ok {
		r.delays.add(d)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if ok {
		r.delayed++
	}
	r.received++
	r.bytes += uint64(len(p.Payload))
	if !r.started {
		r.started, r.maxExt = true, uint64(p.SequenceNumber)+1<<16
		r.firstExt = r.maxExt
	} else {
		last := uint16(r.maxExt)
		if diff := int16(p.SequenceNumber - last); diff > 0 {
			r.maxExt += uint64(diff)
		}
	}
	transit := float64(arrival.UnixNano())/1e9*r.clockRate - float64(p.Timestamp)
	if r.received > 1 {
		dt := transit - r.lastTransit
		if dt < 0 {
			dt = -dt
		}
		// A jump of more than a second of media is a timestamp
		// discontinuity (layer switch, loop), not network jitter.
		if dt < r.clockRate {
			r.jitter += (dt - r.jitter) / 16
		}
	}
	r.lastTransit = transit
}

// onRTP is the client hook: find (or start) the track's counters.
func (b *bot) onRTP(run *runner) func(*client.RemoteTrack, *rtp.Packet, time.Time) {
	return func(rt *client.RemoteTrack, p *rtp.Packet, arrival time.Time) {
		b.mu.Lock()
		r := b.recv[rt]
		if r == nil {
			kind, rate := "video", 90000.0
			if strings.HasPrefix(strings.ToLower(rt.Codec), "audio/") {
				kind, rate = "audio", 48000
			}
			st := run.stampsFor(rt.SID)
			r = &recvTrack{kind: kind, clockRate: rate, stamps: st, delays: run.delayHist(kind)}
			b.recv[rt] = r
		}
		b.mu.Unlock()
		if b.firstMedia.Load() == 0 {
			b.firstMedia.CompareAndSwap(0, int64(arrival.Sub(b.joinStart)))
		}
		if r.kind == "video" && b.firstVideo.Load() == 0 {
			b.firstVideo.CompareAndSwap(0, int64(arrival.Sub(b.joinStart)))
		}
		r.packet(p, arrival)
	}
}

func (b *bot) tracks() []*recvTrack {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := make([]*recvTrack, 0, len(b.recv))
	for _, r := range b.recv {
		out = append(out, r)
	}
	return out
}

// join connects a bot. Subscribing bots measure everything they receive.
func (run *runner) join(ctx context.Context, identity, role string, subscribe bool) (*bot, error) {
	token, err := run.opts.tokenFor(ctx, run.room, identity)
	if err != nil {
		return nil, err
	}
	b := &bot{identity: identity, role: role, recv: map[*client.RemoteTrack]*recvTrack{}}
	cfg := client.Config{
		URL: run.opts.URL, Token: token, NoAutoSubscribe: !subscribe, IncludeLoopback: true,
		SinglePC: run.opts.JoinPath == "v1", Logger: run.log.With("bot", identity),
	}
	if subscribe {
		cfg.OnRTP = b.onRTP(run)
	}
	cctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	b.joinStart = time.Now()
	c, err := client.Connect(cctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("join %s: %w", identity, err)
	}
	b.joinTime = time.Since(b.joinStart)
	b.c = c
	return b, nil
}

// publishVideo publishes the run's video loops (simulcast when several).
func (run *runner) publishVideo(ctx context.Context, b *bot) error {
	ms := run.media
	var layers []client.Layer
	rids := []string{"q", "h", "f"}
	for i, size := range ms.sizes {
		d := layerDims[size]
		l := client.Layer{Width: d[0], Height: d[1], Bitrate: uint32(ms.video[i].bitrate())}
		if len(ms.sizes) > 1 {
			l.RID = rids[i]
		}
		layers = append(layers, l)
	}
	return run.publish(ctx, b, "video", ms.video, client.TrackOptions{
		Name: "camera", Source: livekit.TrackSource_CAMERA, Mime: ms.mime, Fmtp: ms.fmtp, Layers: layers,
	})
}

func (run *runner) publishAudio(ctx context.Context, b *bot) error {
	return run.publish(ctx, b, "audio", []*loop{run.media.audio}, client.TrackOptions{
		Name: "microphone", Source: livekit.TrackSource_MICROPHONE, Mime: "audio/opus",
	})
}

func (run *runner) publish(ctx context.Context, b *bot, kind string, loops []*loop, o client.TrackOptions) error {
	t := newPubTrack(kind, loops, newStampTable(run.seed))
	o.OnKeyframeRequest = t.keyframeRequested
	pctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	lt, err := b.c.PublishTrack(pctx, o)
	if err != nil {
		return fmt.Errorf("%s publishes %s: %w", b.identity, kind, err)
	}
	t.lt = lt
	run.stamps.Store(lt.Info.GetSid(), t.stamps)
	b.pubs = append(b.pubs, t)
	run.wg.Add(1)
	go func() {
		defer run.wg.Done()
		t.run(run.sendCtx)
	}()
	run.log.Debug("publishing", "bot", b.identity, "kind", kind, "track", lt.Info.GetSid(), "layers", lt.Layers())
	return nil
}
