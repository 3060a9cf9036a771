package sfu

import (
	"encoding/binary"
	"net/netip"
	"sync"
	"sync/atomic"

	"github.com/pion/rtcp"
	"github.com/pion/srtp/v3"

	"souk/sfu/dtlskeys"
	"souk/sfu/forward"
)

// The receiving half of the direct path: a subscriber's RTCP (receiver
// reports, transport-wide feedback ten times a second, NACKs, keyframe
// requests) is taken off the shared socket by the reader that pion's UDP
// mux runs, decrypted with the connection's own keys and handed to the
// down tracks on that goroutine.
//
// Through pion, each of these packets crossed five goroutines (UDP mux,
// ICE candidate, DTLS/SRTP mux, SRTCP session, our reader) and the ICE
// agent's task loop; with a hundred subscribers that was about a third
// of the server's CPU. Only connections that only send media take this
// path: on them no pion interceptor reads RTCP, so nothing of pion's
// misses the packets. ICE keeps its own liveness through STUN, which
// still goes to pion, as does everything that is not RTCP.

// rtcpTarget is what acts on a subscriber's feedback: a down track.
type rtcpTarget interface {
	HandleRTCP(pkts []rtcp.Packet, fb *forward.Feedback)
}

// peerRoutes maps a peer's address to its connection on the direct path;
// batchNet owns one, its sockets consult it on every read. The reader
// handles a sending connection's RTCP (below), the media of streams taken
// off pion (direct_in_rtp.go) and any connection's plain consent checks
// (direct_stun.go) itself.
type peerRoutes struct {
	mu       sync.RWMutex
	by       map[netip.AddrPort]*directOut
	taken    atomic.Uint64 // RTCP packets handled here
	received atomic.Uint64 // media packets handled here
	answered atomic.Uint64 // consent checks answered here
}

func (r *peerRoutes) set(addr netip.AddrPort, d *directOut) {
	r.mu.Lock()
	if r.by == nil {
		r.by = map[netip.AddrPort]*directOut{}
	}
	r.by[addr] = d
	r.mu.Unlock()
}

// remove forgets addr if it still belongs to d.
func (r *peerRoutes) remove(addr netip.AddrPort, d *directOut) {
	r.mu.Lock()
	if r.by[addr] == d {
		delete(r.by, addr)
	}
	r.mu.Unlock()
}

// take handles b when it is RTCP from a sending connection's peer, media
// of a taken stream, or a plain consent check from any routed peer, and
// says so; the socket then reads on instead of giving b to pion.
func (r *peerRoutes) take(b []byte, from netip.AddrPort) bool {
	rtcp, media := isRTCP(b), isRTP(b)
	if !rtcp && !media && !isBindingRequest(b) {
		return false
	}
	from = netip.AddrPortFrom(from.Addr().Unmap(), from.Port())
	r.mu.RLock()
	d := r.by[from]
	r.mu.RUnlock()
	switch {
	case d == nil:
		return false
	case media:
		if !d.receiveRTP(b) {
			return false
		}
		r.received.Add(1)
		return true
	case rtcp:
		if !d.sendOnly {
			return false // pion's interceptors read it
		}
		r.taken.Add(1)
		d.receiveRTCP(b)
		return true
	case d.answerSTUN(b, from):
		r.answered.Add(1)
		return true
	}
	return false
}

// isRTCP tells RTCP from the rest of the port's traffic (RFC 5761 4,
// RFC 7983): an RTP version byte and a packet type of 192–223.
func isRTCP(b []byte) bool {
	return len(b) >= 8 && b[0] >= 128 && b[0] <= 191 && b[1] >= 192 && b[1] <= 223
}

// remoteSRTP decrypts what a route's peer sends: a pion context made from
// the route's remote keys, made again when the keys change, and the buffer
// the packet is decrypted into. Its owner's lock guards it.
type remoteSRTP struct {
	ctx  *srtp.Context
	keys *dtlskeys.Keys
	buf  []byte
}

// prepare readies the context for keys and a buffer of n bytes; replay
// gives the replay protection of the packets it decrypts, asked for only
// when a context is made (prepare runs for every packet).
func (s *remoteSRTP) prepare(keys *dtlskeys.Keys, replay func() srtp.ContextOption, n int) ([]byte, error) {
	if s.keys != keys {
		ctx, err := srtp.CreateContext(keys.RemoteKey, keys.RemoteSalt, keys.Profile, replay())
		if err != nil {
			return nil, err
		}
		s.ctx, s.keys = ctx, keys
	}
	if cap(s.buf) < n {
		s.buf = make([]byte, 0, max(n, 1500))
	}
	return s.buf[:n], nil
}

// directIn is a directOut's receiving state, guarded by its mutex.
type directIn struct {
	mu      sync.Mutex
	decrypt remoteSRTP
	hdr     rtcp.Header
	fb      forward.Feedback
	one     [1]rtcp.Packet
	targets map[uint32]rtcpTarget // by media SSRC
	// transportFeedback, when set, takes transport-wide feedback as its
	// bytes, before (and instead of) pion's parse.
	transportFeedback func([]byte) error
}

// onTransportFeedback has transport-wide feedback read directly go to f
// as bytes (bwe.SendSide.OnFeedbackWire), unparsed.
func (d *directOut) onTransportFeedback(f func([]byte) error) {
	d.in.mu.Lock()
	d.in.transportFeedback = f
	d.in.mu.Unlock()
}

// addTarget sends feedback about ssrc to t.
func (d *directOut) addTarget(ssrc uint32, t rtcpTarget) {
	d.in.mu.Lock()
	if d.in.targets == nil {
		d.in.targets = map[uint32]rtcpTarget{}
	}
	d.in.targets[ssrc] = t
	d.in.mu.Unlock()
}

func (d *directOut) removeTarget(ssrc uint32) {
	d.in.mu.Lock()
	delete(d.in.targets, ssrc)
	d.in.mu.Unlock()
}

// receiveRTCP decrypts and dispatches one SRTCP packet. What fails to
// authenticate, replays or does not parse is dropped, as pion would.
func (d *directOut) receiveRTCP(b []byte) {
	r := d.route.Load()
	if r == nil {
		return
	}
	in := &d.in
	in.mu.Lock()
	defer in.mu.Unlock()
	dst, err := in.decrypt.prepare(r.keys, srtcpReplay, len(b))
	if err != nil {
		d.log.Warn("SRTCP context for direct reads", "err", err)
		return
	}
	plain, err := in.decrypt.ctx.DecryptRTCP(dst, b, &in.hdr)
	if err != nil {
		d.log.Debug("SRTCP dropped", "err", err)
		return
	}
	// The compound packet's parts one by one: transport-wide feedback,
	// ten a second from each subscriber, goes to the estimate as bytes;
	// the rest through pion's parser.
	for len(plain) >= 4 {
		n := 4 * (int(binary.BigEndian.Uint16(plain[2:4])) + 1)
		if n > len(plain) {
			d.log.Debug("RTCP dropped", "err", "length beyond the packet")
			return
		}
		part := plain[:n]
		plain = plain[n:]
		if part[1] == rtcpTransportFeedback && part[0]&0x1f == formatTransportCC && in.transportFeedback != nil {
			if err := in.transportFeedback(part); err != nil {
				d.log.Debug("transport feedback dropped", "err", err)
			}
			continue
		}
		d.dispatchRTCP(part)
	}
}

// RTCP packet type and format of transport-wide feedback.
const (
	rtcpTransportFeedback = 205
	formatTransportCC     = 15
)

// dispatchRTCP parses one packet and hands each part to the down track
// it names; the caller holds d.in.mu.
func (d *directOut) dispatchRTCP(b []byte) {
	in := &d.in
	pkts, err := rtcp.Unmarshal(b)
	if err != nil {
		d.log.Debug("RTCP dropped", "err", err)
		return
	}
	for _, p := range pkts {
		in.one[0] = p
		for _, ssrc := range p.DestinationSSRC() {
			if t := in.targets[ssrc]; t != nil {
				t.HandleRTCP(in.one[:], &in.fb)
			}
		}
	}
}

// srtcpReplayWindow is pion's default SRTCP replay window.
const srtcpReplayWindow = 64

func srtcpReplay() srtp.ContextOption { return srtp.SRTCPReplayProtection(srtcpReplayWindow) }
