package sfu

import (
	"log/slog"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pion/rtcp"
	"github.com/pion/rtp"
	"github.com/pion/webrtc/v4"
)

const (
	qualityLow    = 0
	qualityMedium = 1
	qualityHigh   = 2
	numLayers     = 3

	mimeRED = "audio/red"

	// keyframeInterval rate-limits keyframe requests sent to a publisher per
	// layer: many subscribers joining or losing packets at once must not
	// make the encoder emit a keyframe storm.
	keyframeInterval = 500 * time.Millisecond
)

// publishedTrack is one media track a participant publishes. Every received
// layer has one reader goroutine and one packet cache; subscribers are
// downTracks held in a copy-on-write slice so the reader never locks to fan
// out.
type publishedTrack struct {
	sid, ownerSID string
	kind          webrtc.RTPCodecType
	log           *slog.Logger
	// sendRTCP reaches the publisher's peer connection.
	sendRTCP func([]rtcp.Packet) error
	// layerWidths is the long side of each simulcast layer, from AddTrack.
	layerWidths [numLayers]uint32

	mu        sync.Mutex
	codec     webrtc.RTPCodecParameters
	clockRate atomic.Uint32 // read by reader goroutines without the lock
	layers    [numLayers]*layer
	lastKF    [numLayers]time.Time
	closed    bool

	downs atomic.Pointer[[]*downTrack]
}

type layer struct {
	quality int
	ssrc    uint32
	cache   *packetCache
	lastNs  atomic.Int64 // arrival of the latest packet
}

// layerStaleNs is how long a layer may be silent before subscribers fall
// back to another: encoders drop upper simulcast layers when bandwidth or
// CPU is short, without telling anyone.
const layerStaleNs = int64(time.Second)

func (t *publishedTrack) layerStale(q int, nowNs int64) bool {
	if q < 0 || q >= numLayers {
		return true
	}
	t.mu.Lock()
	l := t.layers[q]
	t.mu.Unlock()
	return l == nil || nowNs-l.lastNs.Load() > layerStaleNs
}

func newPublishedTrack(sid, ownerSID string, kind webrtc.RTPCodecType, sendRTCP func([]rtcp.Packet) error, log *slog.Logger) *publishedTrack {
	t := &publishedTrack{sid: sid, ownerSID: ownerSID, kind: kind, sendRTCP: sendRTCP, log: log.With("track", sid)}
	t.downs.Store(&[]*downTrack{})
	return t
}

func (t *publishedTrack) codecCapability() webrtc.RTPCodecCapability {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.codec.RTPCodecCapability
}

func (t *publishedTrack) hasMedia() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, l := range t.layers {
		if l != nil {
			return true
		}
	}
	return false
}

func ridQuality(rid string) int {
	switch rid {
	case "q":
		return qualityLow
	case "h":
		return qualityMedium
	}
	return qualityHigh
}

// addLayer registers a received stream and returns its reader loop, which
// the caller runs on its own goroutine.
func (t *publishedTrack) addLayer(remote *webrtc.TrackRemote) (func(), bool) {
	q := ridQuality(remote.RID())
	size := 512
	if t.kind == webrtc.RTPCodecTypeAudio {
		size = 128
	}
	l := &layer{quality: q, ssrc: uint32(remote.SSRC()), cache: newPacketCache(size)}
	t.mu.Lock()
	if t.closed {
		t.mu.Unlock()
		return nil, false
	}
	t.codec = remote.Codec()
	t.clockRate.Store(t.codec.ClockRate)
	t.layers[q] = l
	t.mu.Unlock()
	for _, d := range *t.downs.Load() {
		t.retarget(d)
	}
	return func() { t.readLoop(remote, l) }, true
}

func (t *publishedTrack) readLoop(remote *webrtc.TrackRemote, l *layer) {
	buf := make([]byte, maxPacketSize)
	var hdr rtp.Header
	mime := remote.Codec().MimeType
	for {
		n, _, err := remote.Read(buf)
		if err != nil {
			t.log.Debug("layer reader stopped", "quality", l.quality, "err", err)
			t.mu.Lock()
			if t.layers[l.quality] == l {
				t.layers[l.quality] = nil
			}
			t.mu.Unlock()
			return
		}
		t.handlePacket(l, mime, &hdr, buf[:n])
	}
}

// handlePacket is the forwarding hot path: cache once, then fan out.
func (t *publishedTrack) handlePacket(l *layer, mime string, hdr *rtp.Header, pkt []byte) {
	hl, err := hdr.Unmarshal(pkt)
	if err != nil {
		return
	}
	end := len(pkt)
	if hdr.Padding && end > hl {
		end -= int(pkt[end-1])
	}
	if end < hl {
		return
	}
	l.cache.Store(hdr.SequenceNumber, pkt)
	payload := pkt[hl:end]
	kf := t.kind == webrtc.RTPCodecTypeAudio || (len(payload) > 0 && isKeyframe(mime, payload))
	now := nowNs()
	if len(payload) > 0 {
		// Padding-only packets (bandwidth probes) keep flowing on layers
		// the encoder paused, so they do not count as the layer being live.
		l.lastNs.Store(now)
	}
	for _, d := range *t.downs.Load() {
		d.forward(l.quality, hdr, payload, kf, now)
	}
}

func (t *publishedTrack) cached(q int, seq uint16, dst []byte) int {
	if q < 0 || q >= numLayers {
		return 0
	}
	t.mu.Lock()
	l := t.layers[q]
	t.mu.Unlock()
	if l == nil {
		return 0
	}
	return l.cache.Get(seq, dst)
}

// retarget picks the layer a down track should receive: the best available
// at or below its maximum quality, else the lowest available.
func (t *publishedTrack) retarget(d *downTrack) {
	t.mu.Lock()
	var avail [numLayers]bool
	for i, l := range t.layers {
		avail[i] = l != nil
	}
	t.mu.Unlock()
	d.mu.Lock()
	target := -1
	for q := d.maxQuality; q >= 0; q-- {
		if avail[q] {
			target = q
			break
		}
	}
	if target < 0 {
		for q := range avail {
			if avail[q] {
				target = q
				break
			}
		}
	}
	changed := target != d.target
	d.target = target
	d.mu.Unlock()
	if changed && target >= 0 {
		t.requestKeyframe(target)
	}
}

// requestKeyframe sends a PLI for a layer unless one went out recently.
func (t *publishedTrack) requestKeyframe(q int) {
	if t.kind != webrtc.RTPCodecTypeVideo || q < 0 || q >= numLayers {
		return
	}
	t.mu.Lock()
	l := t.layers[q]
	if l == nil || time.Since(t.lastKF[q]) < keyframeInterval {
		t.mu.Unlock()
		return
	}
	t.lastKF[q] = time.Now()
	t.mu.Unlock()
	if err := t.sendRTCP([]rtcp.Packet{&rtcp.PictureLossIndication{MediaSSRC: l.ssrc}}); err != nil {
		t.log.Debug("keyframe request failed", "err", err)
	}
}

func (t *publishedTrack) addDown(d *downTrack) {
	for {
		old := t.downs.Load()
		next := append(slices.Clip(*old), d)
		if t.downs.CompareAndSwap(old, &next) {
			return
		}
	}
}

func (t *publishedTrack) removeDown(d *downTrack) {
	for {
		old := t.downs.Load()
		next := slices.DeleteFunc(slices.Clone(*old), func(x *downTrack) bool { return x == d })
		if t.downs.CompareAndSwap(old, &next) {
			return
		}
	}
}

func (t *publishedTrack) downTracks() []*downTrack { return *t.downs.Load() }

func (t *publishedTrack) close() {
	t.mu.Lock()
	t.closed = true
	t.mu.Unlock()
}
