package sfu

import (
	"encoding/binary"
	"sync"

	"github.com/pion/interceptor"
	"github.com/pion/rtp"
	"github.com/pion/srtp/v3"
	"github.com/pion/webrtc/v4"
)

// Publishers' media read past pion. Through pion, every received packet
// crossed four goroutines after the socket's reader (ICE candidate,
// DTLS/SRTP mux, SRTP session, our layer reader), each a wake-up, which
// at 200 packets a second from one publisher was a quarter of the whole
// server's wake-ups with a hundred viewers. Once pion has bound a stream
// (OnTrack), a packet of that SSRC from the connection's peer address is
// taken by the socket's reader, decrypted with the connection's own keys
// (with replay protection), passed through the connection's receive
// interceptors (NACK generation, receiver reports, transport-wide
// feedback: the same instances pion uses, bound to the stream again) and
// handed to the published track's layer on that goroutine.
//
// pion keeps the rest: a stream before its OnTrack, retransmissions on an
// RTX SSRC, RTCP, and any packet that fails to decrypt here (pion then
// tries it with its own state).

// mediaTarget is one received stream taken off pion.
type mediaTarget struct {
	chain interceptor.RTPReader // the interceptors, reading pending
	push  func(pkt []byte)      // the layer's input (forward.Receiver.PushPacket)
}

// pendingPacket is the innermost reader of a taken stream's chain: the
// packet being received.
type pendingPacket struct{ pkt []byte }

func (p *pendingPacket) Read(b []byte, a interceptor.Attributes) (int, interceptor.Attributes, error) {
	return copy(b, p.pkt), a, nil
}

// directMedia is a directOut's receiving state for media, guarded by mu.
type directMedia struct {
	mu      sync.Mutex
	decrypt remoteSRTP // the decrypted packet goes into its buffer
	hdr     rtp.Header
	read    []byte // what the interceptor chain hands back
	pending pendingPacket
	chain   interceptor.Interceptor // the connection's receive interceptors; nil: none
	streams map[uint32]*mediaTarget // by SSRC
}

// takeStream reads the stream ssrc, which pion bound as track on recv,
// past pion from now on and hands its packets to push.
func (d *directOut) takeStream(track *webrtc.TrackRemote, recv *webrtc.RTPReceiver, push func([]byte)) {
	m := &d.media
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.streams == nil {
		m.streams = map[uint32]*mediaTarget{}
	}
	t := &mediaTarget{push: push}
	t.chain = &m.pending
	if m.chain != nil {
		t.chain = m.chain.BindRemoteStream(streamInfo(track, recv), &m.pending)
	}
	m.streams[uint32(track.SSRC())] = t
}

// dropStream gives the stream back to pion (its reader ended).
func (d *directOut) dropStream(ssrc uint32) {
	d.media.mu.Lock()
	delete(d.media.streams, ssrc)
	d.media.mu.Unlock()
}

// streamInfo describes the stream to the interceptors as pion does.
func streamInfo(track *webrtc.TrackRemote, recv *webrtc.RTPReceiver) *interceptor.StreamInfo {
	codec := track.Codec()
	info := &interceptor.StreamInfo{ID: track.ID(), Attributes: interceptor.Attributes{}, SSRC: uint32(track.SSRC()),
		PayloadType: uint8(track.PayloadType()), MimeType: codec.MimeType, ClockRate: codec.ClockRate,
		Channels: codec.Channels, SDPFmtpLine: codec.SDPFmtpLine}
	for _, h := range recv.GetParameters().HeaderExtensions {
		info.RTPHeaderExtensions = append(info.RTPHeaderExtensions, interceptor.RTPHeaderExtension{ID: h.ID, URI: h.URI})
	}
	for _, f := range codec.RTCPFeedback {
		info.RTCPFeedback = append(info.RTCPFeedback, interceptor.RTCPFeedback{Type: f.Type, Parameter: f.Parameter})
	}
	return info
}

// receiveRTP takes b, an SRTP packet from the route's peer, when its
// stream was taken, and says whether it did.
func (d *directOut) receiveRTP(b []byte) bool {
	r := d.route.Load()
	if r == nil || len(b) < 12 {
		return false
	}
	m := &d.media
	m.mu.Lock()
	defer m.mu.Unlock()
	t := m.streams[binary.BigEndian.Uint32(b[8:12])]
	if t == nil {
		return false
	}
	dst, err := m.decrypt.prepare(r.keys, srtpReplay, len(b))
	if err != nil {
		d.log.Warn("SRTP context for direct reads", "err", err)
		return false
	}
	plain, err := m.decrypt.ctx.DecryptRTP(dst, b, &m.hdr)
	if err != nil {
		return false // pion tries with its own state, and drops it if it must
	}
	m.pending.pkt = plain
	if len(m.read) < len(plain) {
		m.read = make([]byte, max(len(plain), 1500))
	}
	n, _, err := t.chain.Read(m.read, nil)
	m.pending.pkt = nil
	if err != nil {
		d.log.Debug("received packet refused by an interceptor", "err", err)
		return true
	}
	t.push(m.read[:n])
	return true
}

// srtpReplayWindow is pion's default SRTP replay window.
const srtpReplayWindow = 64

func srtpReplay() srtp.ContextOption { return srtp.SRTPReplayProtection(srtpReplayWindow) }
