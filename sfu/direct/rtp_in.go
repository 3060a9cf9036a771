package direct

import (
	"encoding/binary"
	"sync"

	"github.com/pion/interceptor"
	"github.com/pion/rtp"
	"github.com/pion/srtp/v3"
	"github.com/pion/webrtc/v4"

	"souk/sfu/rtx"
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
// feedback: the same instances pion uses, bound to the stream again when
// its first packet comes this way) and
// handed to the published track's layer on that goroutine.
//
// A taken stream's retransmissions over RTX are taken too (sfu/rtx says how
// they are recognised): unwrapped into the stream's own SSRC, sequence
// number and payload type, they pass the same interceptors (the NACK
// generator then knows the packet arrived) and go to the layer as repairs.
// pion would otherwise bind a rid-stamped RTX stream as the layer itself,
// and hands repairs named by repaired-rid only to a reader of the layer
// it no longer feeds.
//
// pion keeps the rest: a stream before its OnTrack, padding-only probes on
// an RTX SSRC, RTCP, and any packet that fails to decrypt here (pion then
// tries it with its own state).

// mediaTarget is one received stream taken off pion.
type mediaTarget struct {
	chain  interceptor.RTPReader // the interceptors, reading pending; nil until the first packet
	info   *interceptor.StreamInfo
	push   func(pkt []byte) // the layer's input (forward.Receiver.PushPacket)
	repair func(pkt []byte) // its repairs (forward.Receiver.PushRepair)
	ssrc   uint32
	match  rtx.Match
}

// pendingPacket is the innermost reader of a taken stream's chain: the
// packet being received.
type pendingPacket struct{ pkt []byte }

func (p *pendingPacket) Read(b []byte, a interceptor.Attributes) (int, interceptor.Attributes, error) {
	return copy(b, p.pkt), a, nil
}

// rtpIn is a Conn's receiving state for media, guarded by mu.
type rtpIn struct {
	mu      sync.Mutex
	decrypt remoteSRTP // the decrypted packet goes into its buffer
	hdr     rtp.Header
	read    []byte // what the interceptor chain hands back
	pending pendingPacket
	chain   interceptor.Interceptor // the connection's receive interceptors; nil: none
	streams map[uint32]*mediaTarget // by SSRC
	repairs map[uint32]*mediaTarget // by RTX SSRC, once recognised
	rtxHdr  rtp.Header              // an unknown SSRC's header, read in the clear
}

// TakeStream reads the stream info describes (streamInfo: as pion bound
// it) past pion from now on and hands its packets to push, and its
// retransmissions over RTX (recognised by match) to repair.
func (d *Conn) TakeStream(info *interceptor.StreamInfo, match rtx.Match, push, repair func([]byte)) {
	m := &d.media
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.streams == nil {
		m.streams = map[uint32]*mediaTarget{}
		m.repairs = map[uint32]*mediaTarget{}
	}
	t := &mediaTarget{push: push, repair: repair, ssrc: info.SSRC, match: match, info: info}
	m.streams[info.SSRC] = t
}

// DropStream gives the stream back to pion (its reader ended).
func (d *Conn) DropStream(ssrc uint32) {
	d.media.mu.Lock()
	delete(d.media.streams, ssrc)
	for rtx, t := range d.media.repairs {
		if t.ssrc == ssrc {
			delete(d.media.repairs, rtx)
		}
	}
	d.media.mu.Unlock()
}

// StreamInfo describes the stream to the interceptors as pion does.
func StreamInfo(track *webrtc.TrackRemote, recv *webrtc.RTPReceiver) *interceptor.StreamInfo {
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

// ReceiveRTP takes b, an SRTP packet from the route's peer, when its
// stream was taken, and says whether it did.
func (d *Conn) ReceiveRTP(b []byte) bool {
	r := d.route.Load()
	if r == nil || len(b) < 12 {
		return false
	}
	m := &d.media
	m.mu.Lock()
	defer m.mu.Unlock()
	ssrc := binary.BigEndian.Uint32(b[8:12])
	t := m.streams[ssrc]
	repair := false
	if t == nil {
		if t = m.repairTarget(b, ssrc); t == nil {
			return false
		}
		repair = true
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
	if repair {
		n, ok, err := rtx.Unwrap(plain, t.ssrc, t.match.PT)
		if err != nil || !ok {
			// A padding-only probe on the RTX SSRC: pion's repair
			// stream takes it, for transport-wide feedback.
			return false
		}
		plain = plain[:n]
	}
	if t.chain == nil {
		t.bind(m)
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
	if repair {
		t.repair(m.read[:n])
	} else {
		t.push(m.read[:n])
	}
	return true
}

// bind passes the stream's packets through the connection's interceptors
// from now on. Binding replaces the state those interceptors keep for the
// stream's SSRC (the NACK generator's log of received packets) with state
// fed from here, so it waits for the first packet read here: until then,
// and on a connection no packet of which comes this way (no route on the
// shared port), pion's reads keep feeding the state pion bound. The
// caller holds m.mu.
func (t *mediaTarget) bind(m *rtpIn) {
	t.chain = &m.pending
	if m.chain != nil {
		t.chain = m.chain.BindRemoteStream(t.info, &m.pending)
	}
}

// repairTarget is the taken stream whose retransmissions come on ssrc, nil
// when there is none; b is the packet, whose header is in the clear. The
// caller holds m.mu.
func (m *rtpIn) repairTarget(b []byte, ssrc uint32) *mediaTarget {
	if t := m.repairs[ssrc]; t != nil {
		return t
	}
	if len(m.streams) == 0 {
		return nil
	}
	if _, err := m.rtxHdr.Unmarshal(b); err != nil {
		return nil
	}
	var found *mediaTarget
	guesses := 0
	for _, t := range m.streams {
		match, sure := t.match.Repairs(&m.rtxHdr, ssrc)
		if !match {
			continue
		}
		if sure {
			found, guesses = t, 1
			break
		}
		found = t
		guesses++
	}
	if guesses != 1 {
		return nil // no layer, or a rid several tracks have
	}
	m.repairs[ssrc] = found
	return found
}

// srtpReplayWindow is pion's default SRTP replay window.
const srtpReplayWindow = 64

func srtpReplay() srtp.ContextOption { return srtp.SRTPReplayProtection(srtpReplayWindow) }
