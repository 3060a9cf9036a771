package sfu

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pion/rtcp"
	"github.com/pion/rtp"
	"github.com/pion/webrtc/v4"
)

// downTrack is one subscriber's view of a published track. It implements
// webrtc.TrackLocal so that pion hands us the negotiated SSRC, payload type
// and writer, and we write rewritten packets straight to it.
type downTrack struct {
	id, streamID string
	pub          *publishedTrack
	subscriber   string // identity, for logs and routing
	log          *slog.Logger
	// onUnsupported tells the subscriber it cannot receive this codec.
	onUnsupported func()

	mu          sync.Mutex
	writer      webrtc.TrackLocalWriter
	ssrc        uint32
	pt          uint8
	stripRED    bool
	bound       bool
	unsupported bool // negotiated without the publisher's codec: forward nothing
	closed      bool
	paused      bool
	current     int // layer being forwarded, -1 none
	target      int
	maxQuality  int
	// lastKFReqNs is when this track last asked for a keyframe while
	// waiting to start a layer.
	lastKFReqNs int64
	m           munger
	hdr         rtp.Header // scratch; reused so forwarding does not allocate
	seqMap      [seqMapSize]seqEntry
	sender      *webrtc.RTPSender

	packets  atomic.Uint64
	counters *forwardCounters // the manager's totals; nil in unit tests
}

const seqMapSize = 1024

type seqEntry struct {
	valid bool
	layer int8
	src   uint16
	ts    uint32
}

func newDownTrack(pub *publishedTrack, subscriber string, log *slog.Logger) *downTrack {
	return &downTrack{
		id:         pub.sid,
		streamID:   pub.ownerSID + "|" + pub.sid,
		pub:        pub,
		subscriber: subscriber,
		log:        log.With("track", pub.sid, "subscriber", subscriber),
		current:    -1,
		target:     -1,
		maxQuality: qualityHigh,
	}
}

func (d *downTrack) ID() string                { return d.id }
func (d *downTrack) RID() string               { return "" }
func (d *downTrack) StreamID() string          { return d.streamID }
func (d *downTrack) Kind() webrtc.RTPCodecType { return d.pub.kind }

// Bind picks the negotiated codec that matches what the publisher sends.
func (d *downTrack) Bind(ctx webrtc.TrackLocalContext) (webrtc.RTPCodecParameters, error) {
	src := d.pub.codecCapability()
	var chosen *webrtc.RTPCodecParameters
	strip := false
	for _, c := range ctx.CodecParameters() {
		if codecMatches(src, c.RTPCodecCapability) {
			chosen = &c
			break
		}
	}
	if chosen == nil && strings.EqualFold(src.MimeType, mimeRED) {
		for _, c := range ctx.CodecParameters() {
			if strings.EqualFold(c.MimeType, webrtc.MimeTypeOpus) {
				chosen, strip = &c, true
				break
			}
		}
	}
	unsupported := false
	if chosen == nil {
		// Failing Bind would fail the whole negotiation (and with it every
		// other track of this subscriber), so bind to anything and stay
		// silent; the subscriber is told why it gets no media.
		params := ctx.CodecParameters()
		if len(params) == 0 {
			return webrtc.RTPCodecParameters{}, fmt.Errorf("bind %s: no codec negotiated: %w", d.id, webrtc.ErrUnsupportedCodec)
		}
		chosen, unsupported = &params[0], true
		d.log.Warn("subscriber cannot receive the published codec", "codec", src.MimeType)
	}
	d.mu.Lock()
	d.writer, d.ssrc, d.pt, d.stripRED, d.bound = ctx.WriteStream(), uint32(ctx.SSRC()), uint8(chosen.PayloadType), strip, true
	d.unsupported = unsupported
	d.current = -1
	d.mu.Unlock()
	if unsupported {
		if d.onUnsupported != nil {
			go d.onUnsupported()
		}
		return *chosen, nil
	}
	d.pub.retarget(d)
	d.pub.requestKeyframe(d.targetLayer())
	return *chosen, nil
}

func (d *downTrack) Unbind(webrtc.TrackLocalContext) error {
	d.mu.Lock()
	d.bound, d.writer = false, nil
	d.mu.Unlock()
	return nil
}

func (d *downTrack) targetLayer() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.target
}

// setPaused implements UpdateTrackSettings.disabled: a paused down track
// forwards nothing, and on resume waits for a fresh keyframe.
func (d *downTrack) setPaused(p bool) {
	d.mu.Lock()
	was := d.paused
	d.paused = p
	if p {
		d.current = -1
	}
	target := d.target
	d.mu.Unlock()
	if was && !p {
		d.pub.requestKeyframe(target)
	}
}

func (d *downTrack) setMaxQuality(q int) {
	d.mu.Lock()
	d.maxQuality = q
	d.mu.Unlock()
	d.pub.retarget(d)
}

// forward writes one received packet. It runs on the layer's reader
// goroutine; the lock is only contended by NACK retransmissions.
func (d *downTrack) forward(layer int, hdr *rtp.Header, payload []byte, keyframe bool, nowNs int64) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.bound || d.closed || d.paused || d.unsupported {
		return
	}
	if d.current != layer {
		if len(payload) == 0 || !d.acceptLayerLocked(layer, keyframe, nowNs) {
			return
		}
		d.m.switchTo(hdr.SequenceNumber, hdr.Timestamp, nowNs, d.pub.clockRate.Load())
		d.current = layer
	}
	if len(payload) == 0 {
		d.m.skip(hdr.SequenceNumber)
		return
	}
	seq, ts, ok := d.m.update(hdr.SequenceNumber, hdr.Timestamp, nowNs)
	if !ok {
		return
	}
	d.seqMap[seq%seqMapSize] = seqEntry{valid: true, layer: int8(layer), src: hdr.SequenceNumber, ts: ts}
	d.writeLocked(hdr, payload, seq, ts)
}

// acceptLayerLocked decides whether a packet of a layer we are not
// forwarding starts forwarding it. Layers become the target when they are
// better than the current target (within the subscriber's maximum) or when
// what we forward went silent; the switch itself waits for a keyframe.
func (d *downTrack) acceptLayerLocked(layer int, keyframe bool, nowNs int64) bool {
	retarget := false
	switch {
	case layer == d.target:
	case layer <= d.maxQuality && layer > d.target:
		retarget = true
	case (d.current < 0 || d.pub.layerStale(d.current, nowNs)) && d.pub.layerStale(d.target, nowNs):
		retarget = true
	}
	if retarget {
		d.target = layer
	}
	if layer == d.target && !keyframe && nowNs-d.lastKFReqNs > int64(keyframeInterval) {
		// Waiting for a keyframe that may never come on its own (the first
		// request raced the layer's start, or was lost): ask again.
		// Asynchronous: the request takes the track lock and writes RTCP,
		// neither of which belongs under this lock.
		d.lastKFReqNs = nowNs
		go d.pub.requestKeyframe(layer)
	}
	return layer == d.target && keyframe
}

func (d *downTrack) writeLocked(hdr *rtp.Header, payload []byte, seq uint16, ts uint32) {
	if d.stripRED {
		p, ok := redPrimary(payload)
		if !ok || len(p) == 0 {
			return
		}
		payload = p
	}
	d.hdr = *hdr
	d.hdr.SequenceNumber, d.hdr.Timestamp, d.hdr.SSRC, d.hdr.PayloadType = seq, ts, d.ssrc, d.pt
	// Extension IDs are per negotiation, so the publisher's are meaningless
	// here; padding was stripped by the reader.
	d.hdr.Extension, d.hdr.Extensions, d.hdr.Padding, d.hdr.PaddingSize = false, nil, false, 0
	if _, err := d.writer.WriteRTP(&d.hdr, payload); err == nil {
		d.packets.Add(1)
		d.counters.forwarded(len(payload) + d.hdr.MarshalSize())
	}
}

// retransmit answers a NACK from the publisher's cache.
func (d *downTrack) retransmit(seqs []uint16, buf []byte) {
	var hdr rtp.Header
	for _, seq := range seqs {
		d.mu.Lock()
		e := d.seqMap[seq%seqMapSize]
		d.mu.Unlock()
		if !e.valid {
			continue
		}
		n := d.pub.cached(int(e.layer), e.src, buf)
		if n == 0 {
			continue
		}
		hl, err := hdr.Unmarshal(buf[:n])
		if err != nil {
			continue
		}
		end := n
		if hdr.Padding && n > hl {
			end -= int(buf[n-1])
		}
		if end < hl {
			continue
		}
		d.mu.Lock()
		if d.bound && !d.closed && !d.unsupported {
			d.writeLocked(&hdr, buf[hl:end], seq, e.ts)
		}
		d.mu.Unlock()
	}
}

// readRTCP serves the subscriber's feedback until the sender stops.
func (d *downTrack) readRTCP(sender *webrtc.RTPSender) {
	buf := make([]byte, maxPacketSize)
	for {
		pkts, _, err := sender.ReadRTCP()
		if err != nil {
			if !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrClosedPipe) {
				d.log.Debug("rtcp reader stopped", "err", err)
			}
			return
		}
		for _, p := range pkts {
			switch p := p.(type) {
			case *rtcp.PictureLossIndication, *rtcp.FullIntraRequest:
				d.pub.requestKeyframe(d.currentOrTarget())
			case *rtcp.TransportLayerNack:
				var seqs []uint16
				for _, pair := range p.Nacks {
					seqs = append(seqs, pair.PacketList()...)
				}
				d.retransmit(seqs, buf)
			}
		}
	}
}

func (d *downTrack) currentOrTarget() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.current >= 0 {
		return d.current
	}
	return d.target
}

func (d *downTrack) close() {
	d.mu.Lock()
	d.closed = true
	d.mu.Unlock()
}

func nowNs() int64 { return time.Now().UnixNano() }
