package forward

import (
	"log/slog"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pion/rtcp"
	"github.com/pion/rtp"
	"github.com/pion/webrtc/v4"

	"souk/sfu/buffer"
)

// Payloads knows the codecs' payload formats. The caller supplies it so
// that codec rules live in one place.
type Payloads interface {
	// Keyframe reports whether payload starts a decodable picture.
	Keyframe(mime string, payload []byte) bool
	// REDPrimary extracts the primary block of a RED payload.
	REDPrimary(payload []byte) ([]byte, bool)
	// Matches reports whether a negotiated codec carries the published one
	// unchanged.
	Matches(published, negotiated webrtc.RTPCodecCapability) bool
}

// LevelSink receives the ssrc-audio-level header extension of every audio
// packet (RFC 6464: one byte, voice flag and level in -dBov).
type LevelSink interface {
	// nowNs is on the receiver's clock (monotonic, not wall time).
	ObserveLevel(ext []byte, nowNs int64)
}

// ReceiverConfig describes one published track.
type ReceiverConfig struct {
	TrackID string
	Kind    webrtc.RTPCodecType
	// LayerWidths is the long side of each simulcast layer as announced.
	LayerWidths [NumLayers]uint32
	// SendRTCP reaches the publisher's peer connection.
	SendRTCP func([]rtcp.Packet) error
	Payloads Payloads
	// Totals collects server-wide counters; may be shared.
	Totals *Counters
	Log    *slog.Logger
	// OnWanted is called on its own goroutine whenever the highest quality
	// any subscriber wants changes; it reads the value with Wanted, so
	// racing calls all report the latest (QualityOff: nobody watches).
	OnWanted func()
	// AfterFanout, when set, runs on the reader after each packet that
	// was sent to at least one down track, saying whether the packet ended a frame
	// (audio, a video packet with the marker bit, a retransmission): the
	// server sends its batched socket writes there, so one packet's
	// copies leave together, and a frame's packets to one subscriber can
	// leave as one segmented write.
	AfterFanout func(endOfFrame bool)
}

// layerStaleNs is how long a layer may be silent before subscribers fall
// back to another: encoders drop upper simulcast layers when bandwidth or
// CPU is short, and dynacast pauses the ones nobody watches.
const layerStaleNs = int64(time.Second)

// Receiver is the receiving side of one published track. Every received
// layer has one reader goroutine and one packet cache; subscribers are
// DownTracks held in a copy-on-write slice so the reader never locks to fan
// out.
type Receiver struct {
	cfg ReceiverConfig
	log *slog.Logger

	mu        sync.Mutex
	codec     webrtc.RTPCodecParameters
	clockRate atomic.Uint32 // read by reader goroutines without the lock
	layers    [NumLayers]*layer
	kfGates   [NumLayers]keyframeGate // see keyframe.go
	wanted    int
	closed    bool

	downs atomic.Pointer[[]*DownTrack]
	// lastMediaNs is each layer's latest media arrival (receiver clock),
	// readable without the lock (layerSilent).
	lastMediaNs [NumLayers]atomic.Int64
	// epoch starts the receiver's clock (see clockNs).
	epoch time.Time
}

type layer struct {
	// keyframeNs is the arrival of the latest keyframe start (video).
	keyframeNs atomic.Int64

	// mu serialises the layer's packets: its reader goroutine takes pion's
	// (and every retransmission), PushPacket those read past pion.
	mu      sync.Mutex
	pushHdr rtp.Header // PushPacket's scratch
	mime    string

	quality int
	ssrc    uint32
	cache   *buffer.Cache
	lastNs  atomic.Int64 // arrival of the latest media packet
	levels  LevelSink
	levelID uint8
	isVP8   bool
	loss    lossMeter
	rates   frameRates
	bytes   atomic.Uint64 // media bytes received (RTP packets with a payload)
	bitrate layerBitrate
}

// layerBitrate is a layer's received bit rate, measured over windows of at
// least layerRateWindowNs as it is asked for.
type layerBitrate struct {
	mu    sync.Mutex
	atNs  int64  // start of the current window
	bytes uint64 // the layer's byte count then
	rate  uint64 // bit/s over the last full window; 0 until there is one
	// sinceNs is when the layer last started sending (first packet, or
	// the first after a silence: dynacast or the encoder paused it). A
	// window that began before is no measure of what it sends now.
	sinceNs int64
}

// restart notes that the layer started sending at nowNs: what was
// measured before says nothing of what it sends now.
func (b *layerBitrate) restart(nowNs int64) {
	b.mu.Lock()
	b.sinceNs, b.rate = nowNs, 0
	b.mu.Unlock()
}

// layerRateWindowNs is long enough to hold several keyframes' worth of a
// camera's bursts at the usual keyframe gaps of one to two seconds.
const layerRateWindowNs = int64(2 * time.Second)

func (b *layerBitrate) sample(nowNs int64, bytes uint64) uint64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	switch elapsed := nowNs - b.atNs; {
	case b.atNs == 0:
		b.atNs, b.bytes = nowNs, bytes
	case elapsed >= layerRateWindowNs:
		b.rate = 0
		if b.sinceNs <= b.atNs {
			b.rate = (bytes - b.bytes) * 8 * uint64(time.Second) / uint64(elapsed)
		}
		b.atNs, b.bytes = nowNs, bytes
	}
	return b.rate
}

// NewReceiver returns a receiver with no layers yet.
func NewReceiver(cfg ReceiverConfig) *Receiver {
	if cfg.Totals == nil {
		cfg.Totals = &Counters{}
	}
	// The clock starts an hour back so that a zero time stamp ("never")
	// is always long ago.
	r := &Receiver{cfg: cfg, log: cfg.Log.With("track", cfg.TrackID), wanted: QualityOff, epoch: time.Now().Add(-time.Hour)}
	r.downs.Store(&[]*DownTrack{})
	return r
}

// clockNs is the receiver's monotonic clock in nanoseconds. Every time
// stamp on the packet path is taken from it: it only reads the monotonic
// clock, about half the cost of time.Now, paid once per received packet.
func (r *Receiver) clockNs() int64 { return int64(time.Since(r.epoch)) }

// arrival reads the clock once for a received packet: the receiver's
// clock, and wall time in Unix ns for the transport-wide send times of
// what the fan-out sends (one reading for all subscribers: the fan-out
// queues, and the queue leaves at the end of the frame anyway).
func (r *Receiver) arrival() (clockNs, wallNs int64) {
	now := time.Now()
	return int64(now.Sub(r.epoch)), now.UnixNano()
}

// TrackID is the published track's id.
func (r *Receiver) TrackID() string { return r.cfg.TrackID }

// Kind is audio or video.
func (r *Receiver) Kind() webrtc.RTPCodecType { return r.cfg.Kind }

// LayerWidths is the long side of each announced simulcast layer.
func (r *Receiver) LayerWidths() [NumLayers]uint32 { return r.cfg.LayerWidths }

// Codec is the codec the publisher sends.
func (r *Receiver) Codec() webrtc.RTPCodecCapability {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.codec.RTPCodecCapability
}

// HasMedia reports whether any layer is being received.
func (r *Receiver) HasMedia() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, l := range r.layers {
		if l != nil {
			return true
		}
	}
	return false
}

// Layer describes one received RTP stream.
type Layer struct {
	RID   string
	SSRC  uint32
	Codec webrtc.RTPCodecParameters
	// AudioLevelID is the negotiated id of the ssrc-audio-level extension,
	// 0 when absent; Levels receives its values.
	AudioLevelID uint8
	Levels       LevelSink
}

// ReadFunc reads the next packet of a received stream into buf. repaired
// is true for a retransmission that arrived over RTX and was unwrapped
// into the stream's own SSRC, sequence number and payload type.
type ReadFunc func(buf []byte) (n int, repaired bool, err error)

// AddLayer registers a received stream and returns its reader loop, which
// the caller runs on its own goroutine; read is the stream's Read.
func (r *Receiver) AddLayer(info Layer, read ReadFunc) (func(), bool) {
	q := QualityForRID(info.RID)
	size := 512
	if r.cfg.Kind == webrtc.RTPCodecTypeAudio {
		size = 128
	}
	l := &layer{quality: q, ssrc: info.SSRC, cache: buffer.NewCache(size), levels: info.Levels, levelID: info.AudioLevelID,
		isVP8: strings.EqualFold(info.Codec.MimeType, webrtc.MimeTypeVP8), mime: info.Codec.MimeType}
	r.mu.Lock()
	if r.closed {
		r.mu.Unlock()
		return nil, false
	}
	r.codec = info.Codec
	r.clockRate.Store(info.Codec.ClockRate)
	r.layers[q] = l
	r.mu.Unlock()
	for _, d := range r.DownTracks() {
		r.retarget(d)
	}
	return func() { r.readLoop(l, read) }, true
}

func (r *Receiver) readLoop(l *layer, read ReadFunc) {
	buf := make([]byte, buffer.MaxPacketSize)
	var hdr rtp.Header
	for {
		n, repaired, err := read(buf)
		if err != nil {
			r.log.Debug("layer reader stopped", "quality", l.quality, "err", err)
			r.mu.Lock()
			if r.layers[l.quality] == l {
				r.layers[l.quality] = nil
			}
			r.mu.Unlock()
			return
		}
		l.mu.Lock()
		if repaired {
			r.handleRepair(l, &hdr, buf[:n])
		} else {
			r.handlePacket(l, l.mime, &hdr, buf[:n])
		}
		l.mu.Unlock()
	}
}

// PushPacket takes a packet of the layer with this SSRC that was read
// past pion (already decrypted), on the caller's goroutine, as its reader
// would; it says false when no layer has the SSRC.
func (r *Receiver) PushPacket(ssrc uint32, pkt []byte) bool {
	l := r.layerBySSRC(ssrc)
	if l == nil {
		return false
	}
	l.mu.Lock()
	r.handlePacket(l, l.mime, &l.pushHdr, pkt)
	l.mu.Unlock()
	return true
}

// PushRepair is PushPacket for a retransmission that arrived over RTX,
// already unwrapped into the layer's SSRC, sequence number and payload
// type.
func (r *Receiver) PushRepair(ssrc uint32, pkt []byte) bool {
	l := r.layerBySSRC(ssrc)
	if l == nil {
		return false
	}
	l.mu.Lock()
	r.handleRepair(l, &l.pushHdr, pkt)
	l.mu.Unlock()
	return true
}

// LayerSSRC is the SSRC of the layer received for rid; ok is false when
// that layer has no stream.
func (r *Receiver) LayerSSRC(rid string) (ssrc uint32, ok bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if l := r.layers[QualityForRID(rid)]; l != nil {
		return l.ssrc, true
	}
	return 0, false
}

func (r *Receiver) layerBySSRC(ssrc uint32) *layer {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, c := range r.layers {
		if c != nil && c.ssrc == ssrc {
			return c
		}
	}
	return nil
}

// handleRepair takes a retransmission the publisher sent over RTX: it
// fills the layer's cache, so later NACKs from subscribers find it, and
// goes to the subscribers forwarding this layer, which fill their gap with
// it. It never starts a layer (it is an old picture) and does not make a
// paused layer look live.
func (r *Receiver) handleRepair(l *layer, hdr *rtp.Header, pkt []byte) {
	payload, ok := unmarshalRTP(hdr, pkt)
	if !ok || len(payload) == 0 {
		return
	}
	l.cache.Store(hdr.SequenceNumber, pkt)
	l.loss.observe(hdr.SequenceNumber)
	r.cfg.Totals.RTXReceived.Add(1)
	var desc vp8Descriptor
	vp8 := false
	if l.isVP8 {
		desc, vp8 = parseVP8(payload)
	}
	clock, wall := r.arrival()
	in := packetIn{layer: l.quality, hdr: hdr, payload: payload, clockNs: clock, wallNs: wall, vp8: vp8, desc: desc, repaired: true, kfKnown: true}
	r.fanOut(&in, true)
}

// unmarshalRTP parses pkt's header into hdr and returns its payload
// without padding; ok is false for a packet too short for what its header
// says. The payload may be empty (a padding-only probe).
func unmarshalRTP(hdr *rtp.Header, pkt []byte) (payload []byte, ok bool) {
	hl, err := hdr.Unmarshal(pkt)
	if err != nil {
		return nil, false
	}
	end := len(pkt)
	if hdr.Padding && end > hl {
		end -= int(pkt[end-1])
	}
	if end < hl {
		return nil, false
	}
	return pkt[hl:end], true
}

// fanOut hands in to every down track. If any was sent the packet, the
// server hears whether it ended a frame (ReceiverConfig.AfterFanout); a
// packet nobody was sent (a layer nobody watches) ends nothing, and must
// not cut short the frame another layer is queueing.
func (r *Receiver) fanOut(in *packetIn, endOfFrame bool) {
	wrote := 0
	for _, d := range *r.downs.Load() {
		wrote += d.forward(in)
	}
	if wrote > 0 && r.cfg.AfterFanout != nil {
		r.cfg.AfterFanout(endOfFrame)
	}
}

// handlePacket is the forwarding hot path: cache once, then fan out.
func (r *Receiver) handlePacket(l *layer, mime string, hdr *rtp.Header, pkt []byte) {
	payload, ok := unmarshalRTP(hdr, pkt)
	if !ok {
		return
	}
	l.cache.Store(hdr.SequenceNumber, pkt)
	audio := r.cfg.Kind == webrtc.RTPCodecTypeAudio
	now, wall := r.arrival()
	l.loss.observe(hdr.SequenceNumber)
	if len(payload) > 0 {
		// Padding-only packets (bandwidth probes) keep flowing on layers
		// the encoder paused, so they do not count as the layer being live.
		l.bytes.Add(uint64(len(pkt)))
		if last := l.lastNs.Load(); last == 0 || now-last > layerStaleNs {
			l.bitrate.restart(now)
		}
		l.lastNs.Store(now)
		r.lastMediaNs[l.quality].Store(now)
	}
	if audio && l.levels != nil && l.levelID != 0 {
		if ext := hdr.GetExtension(l.levelID); len(ext) > 0 {
			l.levels.ObserveLevel(ext, now)
		}
	}
	var desc vp8Descriptor
	vp8 := false
	if len(payload) > 0 && l.isVP8 {
		desc, vp8 = parseVP8(payload)
		if vp8 && desc.hasTID && payload[0]&0x17 == 0x10 {
			// First packet of a picture (S set, partition 0).
			l.rates.count(desc.tid, now)
		}
	}
	// packetIn looks at most once whether this is a keyframe, here for the
	// layer's keyframe time (keyframe requests wait on it) and for down
	// tracks about to switch layers.
	pkt0 := packetIn{layer: l.quality, hdr: hdr, payload: payload, clockNs: now, wallNs: wall, vp8: vp8, desc: desc,
		keyframe: audio, kfKnown: audio || len(payload) == 0, mime: mime, payloads: r.cfg.Payloads}
	if !audio && pkt0.isKeyframe() {
		l.keyframeNs.Store(now)
	}
	r.fanOut(&pkt0, audio || hdr.Marker || len(payload) == 0)
}

// packetIn is one received packet as every down track sees it.
type packetIn struct {
	layer   int
	hdr     *rtp.Header
	payload []byte
	// clockNs is the arrival on the receiver's clock (Receiver.clockNs),
	// not wall time; wallNs the same moment in Unix ns.
	clockNs, wallNs int64
	vp8             bool // desc is a parsed VP8 descriptor
	desc            vp8Descriptor
	// keyframe is valid once kfKnown; isKeyframe fills it on first use.
	keyframe, kfKnown bool
	mime              string
	payloads          Payloads
	// repaired marks a retransmission from the publisher (RTX): it only
	// fills a gap in the layer already being forwarded.
	repaired bool
}

// isKeyframe reports whether the packet starts a decodable picture,
// inspecting the payload at most once however many down tracks ask.
func (p *packetIn) isKeyframe() bool {
	if !p.kfKnown {
		// A VP8 keyframe starts partition 0 (S set, PID 0): other packets
		// of a picture need no look.
		p.keyframe = !(p.vp8 && p.payload[0]&0x17 != 0x10) && p.payloads.Keyframe(p.mime, p.payload)
		p.kfKnown = true
	}
	return p.keyframe
}

// ReceiveLoss returns the fraction of packets missing (0–1) on the best
// received layer since the previous call.
func (r *Receiver) ReceiveLoss() float64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	worst := 0.0
	for _, l := range r.layers {
		if l != nil {
			worst = max(worst, l.loss.take())
		}
	}
	return worst
}

// layerSilent reports, without locking, whether layer q sent no media for
// layerStaleNs (or never did); nowNs is on the receiver's clock.
func (r *Receiver) layerSilent(q int, nowNs int64) bool {
	return q < 0 || q >= NumLayers || nowNs-r.lastMediaNs[q].Load() > layerStaleNs
}

// TemporalFrameRates is the measured frame rate of each VP8 temporal layer
// of a simulcast layer, counting the layers below (index t: what a
// subscriber receives when forwarded temporal layers 0..t); zeros while
// unknown or when the publisher sends no temporal layers.
func (r *Receiver) TemporalFrameRates(q int) [MaxTemporalLayers]float64 {
	var out [MaxTemporalLayers]float64
	if q < 0 || q >= NumLayers {
		return out
	}
	r.mu.Lock()
	l := r.layers[q]
	r.mu.Unlock()
	if l != nil {
		out = l.rates.cumulative()
	}
	return out
}

func (r *Receiver) layerStale(q int, nowNs int64) bool {
	if q < 0 || q >= NumLayers {
		return true
	}
	r.mu.Lock()
	l := r.layers[q]
	r.mu.Unlock()
	return l == nil || nowNs-l.lastNs.Load() > layerStaleNs
}

// LayerBitrates is the bit rate each layer was received at over the last
// measured window (about two seconds), 0 for a layer not received or not
// measured yet.
func (r *Receiver) LayerBitrates() [NumLayers]uint64 {
	now := r.clockNs()
	var out [NumLayers]uint64
	r.mu.Lock()
	layers := r.layers
	r.mu.Unlock()
	for q, l := range layers {
		if l != nil {
			out[q] = l.bitrate.sample(now, l.bytes.Load())
		}
	}
	return out
}

// LiveLayers reports which layers the publisher sends now.
func (r *Receiver) LiveLayers() [NumLayers]bool { return r.liveLayers(r.clockNs()) }

// liveLayers reports which layers are received and not silent.
func (r *Receiver) liveLayers(nowNs int64) [NumLayers]bool {
	var live [NumLayers]bool
	r.mu.Lock()
	defer r.mu.Unlock()
	for i, l := range r.layers {
		// A layer that never sent media yet counts as live: it just started.
		live[i] = l != nil && (l.lastNs.Load() == 0 || nowNs-l.lastNs.Load() <= layerStaleNs)
	}
	return live
}

func (r *Receiver) cached(q int, seq uint16, dst []byte) int {
	if q < 0 || q >= NumLayers {
		return 0
	}
	r.mu.Lock()
	l := r.layers[q]
	r.mu.Unlock()
	if l == nil {
		return 0
	}
	return l.cache.Get(seq, dst)
}

// retarget recomputes the layer a down track should receive and what the
// publisher should send.
func (r *Receiver) retarget(d *DownTrack) {
	live := r.liveLayers(r.clockNs())
	if !d.retarget(live) {
		r.updateWanted()
		return
	}
	r.RequestKeyframe(d.targetLayer())
	r.updateWanted()
}

// updateWanted recomputes the highest quality any subscriber wants and
// reports changes (dynacast).
func (r *Receiver) updateWanted() {
	want := QualityOff
	for _, d := range r.DownTracks() {
		want = max(want, d.wantedQuality())
	}
	r.mu.Lock()
	changed := want != r.wanted && !r.closed
	r.wanted = want
	r.mu.Unlock()
	if changed && r.cfg.OnWanted != nil && r.cfg.Kind == webrtc.RTPCodecTypeVideo {
		// Not inline: callers hold transport locks (pion's Bind) and the
		// callback signals the publisher.
		go r.cfg.OnWanted()
	}
}

// Wanted is the highest quality any subscriber currently wants.
func (r *Receiver) Wanted() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.wanted
}

// RequestKeyframe asks the publisher for a keyframe on a layer, sharing
// requests between subscribers (keyframe.go): at once, joined to one already
// on its way, or deferred a little after a keyframe that just passed.
func (r *Receiver) RequestKeyframe(q int) {
	if r.cfg.Kind != webrtc.RTPCodecTypeVideo || q < 0 || q >= NumLayers {
		return
	}
	r.mu.Lock()
	l := r.layers[q]
	if l == nil || r.closed {
		r.mu.Unlock()
		return
	}
	action, wait := r.kfGates[q].decide(r.clockNs(), l.keyframeNs.Load())
	r.mu.Unlock()
	switch action {
	case keyframeSend:
		r.sendPLI(l)
	case keyframeDefer:
		time.AfterFunc(wait, func() { r.deferredKeyframe(q, l) })
	}
}

// deferredKeyframe sends a deferred request when it is still wanted.
func (r *Receiver) deferredKeyframe(q int, l *layer) {
	r.mu.Lock()
	if r.closed || r.layers[q] != l {
		r.kfGates[q].cancel()
		r.mu.Unlock()
		return
	}
	send := r.kfGates[q].fire(r.clockNs(), l.keyframeNs.Load())
	r.mu.Unlock()
	if send {
		r.sendPLI(l)
	}
}

func (r *Receiver) sendPLI(l *layer) {
	r.cfg.Totals.PLIsSent.Add(1)
	if err := r.cfg.SendRTCP([]rtcp.Packet{&rtcp.PictureLossIndication{MediaSSRC: l.ssrc}}); err != nil {
		r.log.Debug("keyframe request failed", "err", err)
	}
}

// AddDown starts fanning out to d; its counts join the totals until it
// is closed.
func (r *Receiver) AddDown(d *DownTrack) {
	r.cfg.Totals.register(d)
	for {
		old := r.downs.Load()
		next := append(slices.Clip(*old), d)
		if r.downs.CompareAndSwap(old, &next) {
			break
		}
	}
	r.updateWanted()
}

// RemoveDown stops fanning out to d.
func (r *Receiver) RemoveDown(d *DownTrack) {
	for {
		old := r.downs.Load()
		next := slices.DeleteFunc(slices.Clone(*old), func(x *DownTrack) bool { return x == d })
		if r.downs.CompareAndSwap(old, &next) {
			break
		}
	}
	r.updateWanted()
}

// DownTracks lists the current subscribers' down tracks.
func (r *Receiver) DownTracks() []*DownTrack { return *r.downs.Load() }

// Close stops accepting layers; readers end with the peer connection.
func (r *Receiver) Close() {
	r.mu.Lock()
	r.closed = true
	r.mu.Unlock()
}
