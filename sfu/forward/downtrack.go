package forward

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/pion/rtcp"
	"github.com/pion/rtp"
	"github.com/pion/webrtc/v4"

	"souk/sfu/buffer"
)

const mimeRED = "audio/red"

// DownTrackConfig describes one subscriber's view of a published track.
type DownTrackConfig struct {
	Receiver *Receiver
	// TrackID and StreamID are what the subscriber's SDP shows (msid).
	TrackID, StreamID string
	// Subscriber identifies the receiving participant in logs and routing.
	Subscriber string
	Log        *slog.Logger
	// OnUnsupported tells the subscriber it cannot receive this codec;
	// called on its own goroutine.
	OnUnsupported func()
	// Transport, when set, numbers every packet sent on the subscriber's
	// peer connection for transport-wide congestion control, and
	// OnTransportFeedback hears the subscriber's feedback on it (see
	// transportcc.go).
	Transport           TransportSequencer
	OnTransportFeedback func(*rtcp.TransportLayerCC)
	// WrapWriter, when set, replaces the writer pion binds the track to
	// with one built around it (a send path that skips pion's).
	WrapWriter func(webrtc.TrackLocalWriter) webrtc.TrackLocalWriter
}

// DownTrack is one subscriber's view of a published track. It implements
// webrtc.TrackLocal so that pion hands it the negotiated SSRC, payload type
// and writer, and rewritten packets go straight to that writer.
type DownTrack struct {
	cfg    DownTrackConfig
	recv   *Receiver
	log    *slog.Logger
	totals *Counters

	mu     sync.Mutex
	writer webrtc.TrackLocalWriter
	ssrc   uint32
	pt     uint8
	// rtxSSRC and rtxPT are set when the subscriber negotiated RTX: NACKs
	// are then answered on that SSRC with its own sequence numbers
	// (rtxSeq), the original one in front of the payload (RFC 4588).
	rtxSSRC     uint32
	rtxPT       uint8
	rtxSeq      uint16
	rtxBuf      []byte
	stripRED    bool
	vp8         bool
	bound       bool
	unsupported bool // negotiated without the publisher's codec: forward nothing
	closed      bool
	paused      bool // the subscriber disabled the track
	current     int  // layer being forwarded, QualityOff for none
	target      int
	maxQuality  int // from the subscriber's settings
	bwQuality   int // from the bandwidth allocator
	// lastKFReqNs is when this track last asked for a keyframe while
	// waiting to start a layer.
	lastKFReqNs int64
	counts      TrackCounts // guarded by mu, like everything on the packet path
	m           Munger
	vp8m        VP8Munger
	tl          temporalState
	hdr         rtp.Header // scratch; reused so forwarding does not allocate
	scratch     [buffer.MaxPacketSize]byte
	seqMap      [seqMapSize]seqEntry
	sr          senderStats // for the RTCP sender reports of this SSRC

	// steady is the layer being forwarded while it is also the target
	// (noSteady otherwise), readable without the lock: packets of lower
	// layers then need nothing from this track unless that layer goes
	// silent, so the readers of those layers skip it without contending
	// for mu with the reader of the forwarded layer.
	steady     atomic.Int32
	cc         transportCC // transport-wide sequence stamping
	lastMarker bool        // the last packet sent ended a frame: padding may follow

	fractionLost atomic.Uint32
	jitter       atomic.Uint32
	rttMs        atomic.Uint32
	bitrate      atomic.Uint64
}

const seqMapSize = 1024

// noSteady disables the lock-free skip (see DownTrack.steady).
const noSteady = -1

type seqEntry struct {
	valid bool
	layer int8
	src   uint16
	ts    uint32
}

// NewDownTrack returns an unbound down track; add it to the subscriber's
// peer connection and then to the receiver with AddDown.
func NewDownTrack(cfg DownTrackConfig) *DownTrack {
	d := &DownTrack{
		cfg: cfg, recv: cfg.Receiver, totals: cfg.Receiver.cfg.Totals,
		log:     cfg.Log.With("track", cfg.TrackID, "subscriber", cfg.Subscriber),
		current: QualityOff, target: QualityOff, maxQuality: QualityHigh, bwQuality: QualityHigh,
		tl: temporalState{target: TemporalAll, cur: TemporalAll},
	}
	d.steady.Store(noSteady)
	return d
}

func (d *DownTrack) ID() string                { return d.cfg.TrackID }
func (d *DownTrack) RID() string               { return "" }
func (d *DownTrack) StreamID() string          { return d.cfg.StreamID }
func (d *DownTrack) Kind() webrtc.RTPCodecType { return d.recv.cfg.Kind }

// Subscriber is the identity of the receiving participant.
func (d *DownTrack) Subscriber() string { return d.cfg.Subscriber }

// Receiver is the published track this down track forwards.
func (d *DownTrack) Receiver() *Receiver { return d.recv }

// Bind picks the negotiated codec that matches what the publisher sends.
func (d *DownTrack) Bind(ctx webrtc.TrackLocalContext) (webrtc.RTPCodecParameters, error) {
	src := d.recv.Codec()
	var chosen *webrtc.RTPCodecParameters
	strip := false
	for _, c := range ctx.CodecParameters() {
		if d.recv.cfg.Payloads.Matches(src, c.RTPCodecCapability) {
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
			return webrtc.RTPCodecParameters{}, fmt.Errorf("bind %s: no codec negotiated: %w", d.cfg.TrackID, webrtc.ErrUnsupportedCodec)
		}
		chosen, unsupported = &params[0], true
		d.log.Warn("subscriber cannot receive the published codec", "codec", src.MimeType)
	}
	rtxSSRC, rtxPT := uint32(ctx.SSRCRetransmission()), rtxPayloadType(ctx.CodecParameters(), chosen.PayloadType)
	if rtxPT == 0 {
		rtxSSRC = 0
	}
	d.mu.Lock()
	d.writer, d.ssrc, d.pt, d.stripRED, d.bound = ctx.WriteStream(), uint32(ctx.SSRC()), uint8(chosen.PayloadType), strip, true
	if d.cfg.WrapWriter != nil {
		d.writer = d.cfg.WrapWriter(d.writer)
	}
	d.sr = senderStats{}
	d.rtxSSRC, d.rtxPT = rtxSSRC, rtxPT
	if rtxSSRC != 0 && d.rtxBuf == nil {
		d.rtxBuf = make([]byte, buffer.MaxPacketSize+2)
		d.rtxSeq = uint16(rand.Uint32())
	}
	d.vp8 = strings.EqualFold(src.MimeType, webrtc.MimeTypeVP8)
	d.cc.bind(d.cfg.Transport, ctx.HeaderExtensions())
	d.unsupported = unsupported
	d.current = QualityOff
	d.steady.Store(noSteady)
	d.mu.Unlock()
	if unsupported {
		if d.cfg.OnUnsupported != nil {
			go d.cfg.OnUnsupported()
		}
		return *chosen, nil
	}
	d.recv.retarget(d)
	d.recv.RequestKeyframe(d.targetLayer())
	return *chosen, nil
}

// rtxPayloadType finds the RTX payload type negotiated for the media
// payload type pt, 0 when there is none.
func rtxPayloadType(codecs []webrtc.RTPCodecParameters, pt webrtc.PayloadType) uint8 {
	apt := "apt=" + strconv.Itoa(int(pt))
	for _, c := range codecs {
		if strings.EqualFold(c.MimeType, webrtc.MimeTypeRTX) && fmtpHas(c.SDPFmtpLine, apt) {
			return uint8(c.PayloadType)
		}
	}
	return 0
}

// fmtpHas reports whether an fmtp line has the exact key=value pair.
func fmtpHas(fmtp, kv string) bool {
	for _, p := range strings.Split(fmtp, ";") {
		if strings.TrimSpace(p) == kv {
			return true
		}
	}
	return false
}

func (d *DownTrack) Unbind(webrtc.TrackLocalContext) error {
	d.mu.Lock()
	d.bound, d.writer = false, nil
	d.steady.Store(noSteady)
	d.mu.Unlock()
	return nil
}

func (d *DownTrack) targetLayer() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.target
}

// SetPaused implements a subscriber disabling the track (hidden element):
// a paused down track forwards nothing, and on resume waits for a fresh
// keyframe.
func (d *DownTrack) SetPaused(p bool) {
	d.mu.Lock()
	was := d.paused
	d.paused = p
	d.steady.Store(noSteady)
	if p {
		d.current = QualityOff
		if !was {
			d.counts.Pauses++
		}
	}
	d.mu.Unlock()
	d.recv.retarget(d)
	if was && !p {
		d.recv.RequestKeyframe(d.targetLayer())
	}
}

// SetMaxQuality caps the layer from the subscriber's rendered size.
func (d *DownTrack) SetMaxQuality(q int) {
	d.mu.Lock()
	d.maxQuality = q
	d.mu.Unlock()
	d.recv.retarget(d)
}

// SetBandwidthQuality caps the layer from the subscriber's bandwidth
// estimate (QualityOff pauses the track), and records the bitrate given
// to this track.
func (d *DownTrack) SetBandwidthQuality(q int, bitrate uint64) {
	d.bitrate.Store(bitrate)
	d.mu.Lock()
	changed := q != d.bwQuality
	d.bwQuality = q
	if changed && q == QualityOff {
		d.counts.Pauses++
	}
	d.mu.Unlock()
	if changed {
		d.recv.retarget(d)
	}
}

// Wanted is the best quality the subscriber asks for, QualityOff when it
// disabled the track.
func (d *DownTrack) Wanted() int { return d.wantedQuality() }

// wantedQuality is what this subscriber asks the publisher to send.
func (d *DownTrack) wantedQuality() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.paused || d.closed || d.unsupported {
		return QualityOff
	}
	return d.maxQuality
}

// retarget sets the target layer from the live layers; it reports whether
// the target changed to a layer (which then needs a keyframe).
func (d *DownTrack) retarget(live [NumLayers]bool) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	limit := min(d.maxQuality, d.bwQuality)
	if d.paused {
		limit = QualityOff
	}
	target := selectLayer(live, limit)
	changed := target != d.target
	d.target = target
	d.steady.Store(noSteady)
	if target == QualityOff {
		d.current = QualityOff
	}
	return changed && target != QualityOff
}

// forward writes one received packet and returns the bytes written (0 for
// none). It runs on the layer's reader goroutine; the lock is only
// contended by NACK retransmissions.
func (d *DownTrack) forward(in *packetIn) int {
	layer, hdr, payload, nowNs := in.layer, in.hdr, in.payload, in.clockNs
	if s := int(d.steady.Load()); layer < s && !d.recv.layerSilent(s, nowNs) {
		// A lower layer while the target is being forwarded and alive:
		// the locked path below would do nothing with it either.
		return 0
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.bound || d.closed || d.paused || d.unsupported || d.target == QualityOff {
		return 0
	}
	if in.repaired && d.current != layer {
		return 0
	}
	if d.current != layer {
		if len(payload) == 0 || !d.acceptLayerLocked(layer, in.isKeyframe(), nowNs) {
			return 0
		}
		d.m.SwitchTo(hdr.SequenceNumber, hdr.Timestamp, nowNs, d.recv.clockRate.Load())
		if d.vp8 && in.vp8 {
			d.vp8m.switchTo(in.desc)
			d.tl.restart(in.desc.pid)
		}
		if d.current != QualityOff {
			d.counts.LayerSwitches++
		}
		d.current = layer
	}
	if steady := int32(noSteady); d.current == d.target {
		if steady = int32(d.current); d.steady.Load() != steady {
			d.steady.Store(steady)
		}
	} else if d.steady.Load() != noSteady {
		d.steady.Store(noSteady)
	}
	if len(payload) == 0 {
		d.m.Skip(hdr.SequenceNumber)
		return 0
	}
	if in.vp8 && in.desc.hasTID && d.vp8 && !d.temporalLocked(in) {
		if !in.repaired {
			d.m.Skip(hdr.SequenceNumber)
		}
		return 0
	}
	seq, ts, ok := d.m.Update(hdr.SequenceNumber, hdr.Timestamp, nowNs)
	if !ok {
		d.counts.PacketsDropped++
		return 0
	}
	d.seqMap[seq%seqMapSize] = seqEntry{valid: true, layer: int8(layer), src: hdr.SequenceNumber, ts: ts}
	if d.vp8 && in.vp8 {
		payload = d.vp8m.rewrite(payload, in.desc, d.scratch[:])
	}
	n := d.writeLocked(hdr, payload, d.ssrc, d.pt, seq, ts, in.wallNs)
	d.lastMarker = hdr.Marker
	if n > 0 {
		d.counts.PacketsForwarded++
		d.counts.BytesForwarded += uint64(n)
		d.sr.sent(ts, nowNs, len(payload))
	}
	return n
}

// acceptLayerLocked decides whether a packet of a layer we are not
// forwarding starts forwarding it. A layer becomes the target when it is
// better than the current target within the limit, or when what we forward
// went silent; the switch itself waits for a keyframe.
func (d *DownTrack) acceptLayerLocked(layer int, keyframe bool, nowNs int64) bool {
	limit := min(d.maxQuality, d.bwQuality)
	retarget := false
	switch {
	case layer == d.target:
	case layer <= limit && layer > d.target:
		retarget = true
	case (d.current < 0 || d.recv.layerStale(d.current, nowNs)) && d.recv.layerStale(d.target, nowNs):
		retarget = true
	}
	if retarget {
		d.target = layer
	}
	if layer == d.target && !keyframe && nowNs-d.lastKFReqNs > int64(keyframeRetry) {
		// Waiting for a keyframe that may never come on its own (the first
		// request raced the layer's start, or was lost): ask again.
		// Asynchronous: the request takes the receiver's lock and writes
		// RTCP, neither of which belongs under this lock.
		d.lastKFReqNs = nowNs
		go d.recv.RequestKeyframe(layer)
	}
	return layer == d.target && keyframe
}

// writeLocked sends one packet and returns the bytes written, 0 on failure;
// nowNs (Unix ns) is its send time for transport-wide feedback.
func (d *DownTrack) writeLocked(hdr *rtp.Header, payload []byte, ssrc uint32, pt uint8, seq uint16, ts uint32, nowNs int64) int {
	if d.stripRED {
		p, ok := d.recv.cfg.Payloads.REDPrimary(payload)
		if !ok || len(p) == 0 {
			return 0
		}
		payload = p
	}
	d.hdr = *hdr
	d.hdr.SequenceNumber, d.hdr.Timestamp, d.hdr.SSRC, d.hdr.PayloadType = seq, ts, ssrc, pt
	// Extension IDs are per negotiation, so the publisher's are meaningless
	// here; padding was stripped by the reader.
	d.hdr.Extension, d.hdr.Extensions, d.hdr.Padding, d.hdr.PaddingSize = false, nil, false, 0
	d.cc.stamp(&d.hdr, len(payload), nowNs)
	n, err := d.writer.WriteRTP(&d.hdr, payload)
	if err != nil {
		return 0
	}
	return n
}

// Stats snapshots this track's counters.
func (d *DownTrack) Stats() TrackStats {
	d.mu.Lock()
	layer, paused, temporal, counts := d.current, d.paused || d.target == QualityOff, d.tl.cur, d.counts
	d.mu.Unlock()
	return TrackStats{
		TrackCounts: counts,
		Layer:       layer, Temporal: temporal, Paused: paused, EstimatedBitrate: d.bitrate.Load(),
		FractionLost: uint8(d.fractionLost.Load()), Jitter: d.jitter.Load(), RTTMillis: d.rttMs.Load(),
	}
}

// Close stops forwarding for good; its counts stay in the totals.
func (d *DownTrack) Close() { d.totals.retire(d) }

func isClosedErr(err error) bool {
	return errors.Is(err, io.EOF) || errors.Is(err, io.ErrClosedPipe)
}
