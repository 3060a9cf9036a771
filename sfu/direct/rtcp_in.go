package direct

import (
	"encoding/binary"
	"sync"

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
// misses the packets. Everything that is not RTCP, media of a taken
// stream (rtp_in.go) or a plain consent check (stun.go) still goes to
// pion.

// FeedbackTarget is what acts on a subscriber's feedback about one of its
// streams: a forward.DownTrack.
type FeedbackTarget interface {
	HandleRTCP(pkts []rtcp.Packet, fb *forward.Feedback)
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

// rtcpIn is a Conn's receiving state for RTCP, guarded by its mutex.
type rtcpIn struct {
	mu      sync.Mutex
	decrypt remoteSRTP
	hdr     rtcp.Header
	fb      forward.Feedback
	one     [1]rtcp.Packet
	targets map[uint32]FeedbackTarget // by media SSRC
	// transportFeedback, when set, takes transport-wide feedback as its
	// bytes, before (and instead of) pion's parse.
	transportFeedback func([]byte) error
}

// OnTransportFeedback has transport-wide feedback read directly go to f
// as bytes (bwe.SendSide.OnFeedbackWire), unparsed.
func (d *Conn) OnTransportFeedback(f func([]byte) error) {
	d.in.mu.Lock()
	d.in.transportFeedback = f
	d.in.mu.Unlock()
}

// AddFeedbackTarget sends feedback about ssrc to t.
func (d *Conn) AddFeedbackTarget(ssrc uint32, t FeedbackTarget) {
	d.in.mu.Lock()
	if d.in.targets == nil {
		d.in.targets = map[uint32]FeedbackTarget{}
	}
	d.in.targets[ssrc] = t
	d.in.mu.Unlock()
}

// RemoveFeedbackTarget forgets ssrc's target.
func (d *Conn) RemoveFeedbackTarget(ssrc uint32) {
	d.in.mu.Lock()
	delete(d.in.targets, ssrc)
	d.in.mu.Unlock()
}

// ReceiveRTCP takes b, an SRTCP packet from the route's peer, on a
// connection that only sends (on others pion's interceptors read it), and
// says whether it did.
func (d *Conn) ReceiveRTCP(b []byte) bool {
	if !d.sendOnly {
		return false
	}
	d.receiveRTCP(b)
	return true
}

// receiveRTCP decrypts and dispatches one SRTCP packet. What fails to
// authenticate, replays or does not parse is dropped, as pion would.
func (d *Conn) receiveRTCP(b []byte) {
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
func (d *Conn) dispatchRTCP(b []byte) {
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
