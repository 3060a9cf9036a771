package direct

import (
	"encoding/binary"
	"fmt"
	"log/slog"
	"net/netip"
	"sync"
	"sync/atomic"

	"github.com/pion/rtp"
	"github.com/pion/srtp/v3"
	"github.com/pion/webrtc/v4"

	"github.com/pion/interceptor"

	"souk/sfu/dtlskeys"
	"souk/sfu/sharedport"
	"souk/sfu/srtpgcm"
)

// Conn is one peer connection's direct path on the shared UDP port. It
// sends the connection's forwarded RTP straight to the shared socket: the
// down track's writer encrypts with the connection's own SRTP state and
// queues the datagram on the socket the ICE pair uses. It also reads what
// the peer sends there past pion (rtcp_in.go, rtp_in.go) and answers its
// consent checks (stun.go): the socket's router offers it the peer's
// packets (it is a sharedport.Peer).
//
// Through pion, each packet to each subscriber passes the interceptor
// chain, the SRTP session's lock and buffer pool, the DTLS/SRTP mux, the
// ICE connection and the UDP mux before it reaches the same socket; that
// walk cost about a quarter of the whole server's CPU under fan-out. The
// keys come from the connection's own DTLS handshake (sfu/dtlskeys), and
// only RTP is sent this way: RTCP, DTLS, SCTP and ICE stay with pion.
//
// The route exists while the connection is up, its pair is UDP on one of
// the shared port's sockets (a candidate at a 1:1 NAT's public address is
// the socket of the host address it stands for), and we were the DTLS
// server. Otherwise (a TURN relay, ICE over TCP, a NAT address that
// stands for several host addresses) the writer hands packets to pion as
// before.
type Conn struct {
	tap  dtlskeys.Tap
	port *sharedport.Net
	log  *slog.Logger

	mu    sync.Mutex // serialises route changes
	keys  *dtlskeys.Keys
	up    bool // the connection reached connected, so the handshake is done
	ice   *webrtc.ICETransport
	route atomic.Pointer[pairRoute]

	// sendOnly connections also read their RTCP directly (rtcp_in.go).
	sendOnly bool
	in       rtcpIn
	stun     stunAnswerer // consent checks answered directly (stun.go)
	media    rtpIn        // publishers' media read directly (rtp_in.go)

	// ctxMu guards the connection's SRTP state: a pion context for the
	// AES-CM profile, or for the GCM ones our own sealer and each SSRC's
	// rollover state (the writers keep pointers to the latter).
	ctxMu   sync.Mutex
	ctx     *srtp.Context
	ctxKeys *dtlskeys.Keys // the keys ctx or sealer was made from
	hdr     rtp.Header     // scratch for ctx
	sealer  *srtpgcm.Sealer
	streams map[uint32]*srtpgcm.Stream
}

// pairRoute is where and how a connection's packets go; a writer that
// sees new keys makes a new SRTP context.
type pairRoute struct {
	conn  *sharedport.Socket
	to    netip.AddrPort
	keys  *dtlskeys.Keys
	creds *iceCreds // nil: consent checks go to pion
	// gcm is keys.Profile is an AEAD-GCM one, kept here because the
	// writers read it for every packet, and keys sits on a cache line
	// nothing else of the packet's path touches.
	gcm bool
}

// Config is what a Conn is made with.
type Config struct {
	// Port is the shared UDP port the connection's pair may run on.
	Port *sharedport.Net
	// SendOnly is set for a connection that only sends media: no pion
	// interceptor reads its RTCP, so the Conn reads it (rtcp_in.go).
	SendOnly bool
	// Receive is the connection's receive interceptors, which the streams
	// read past pion pass (rtp_in.go); nil for none.
	Receive interceptor.Interceptor
	Log     *slog.Logger
}

// New makes a connection's direct path; Configure, Attach and
// StateChanged then tie it to its peer connection.
func New(cfg Config) *Conn {
	log := cfg.Log
	if log == nil {
		log = slog.Default()
	}
	d := &Conn{port: cfg.Port, log: log, sendOnly: cfg.SendOnly}
	d.media.chain = cfg.Receive
	return d
}

// Configure points the connection's DTLS hooks at the tap. Answering as
// the DTLS server keeps us the server on every connection: the key
// material is only complete on that side (see sfu/dtlskeys).
func (d *Conn) Configure(se *webrtc.SettingEngine) {
	se.SetDTLSServerHelloMessageHook(d.tap.ServerHello)
	se.SetDTLSKeyLogWriter(&d.tap)
}

// Attach follows the connection's selected ICE pair.
func (d *Conn) Attach(pc *webrtc.PeerConnection) {
	ice := pc.SCTP().Transport().ICETransport()
	ice.OnSelectedCandidatePairChange(func(pair *webrtc.ICECandidatePair) {
		d.mu.Lock()
		defer d.mu.Unlock()
		if d.up {
			d.routeLocked(pair)
		}
	})
	d.mu.Lock()
	d.ice = ice
	d.mu.Unlock()
}

// StateChanged starts the direct route once the connection is up and
// drops it when the connection ends.
func (d *Conn) StateChanged(s webrtc.PeerConnectionState) {
	d.mu.Lock()
	defer d.mu.Unlock()
	switch s {
	case webrtc.PeerConnectionStateConnected:
		d.up = true
		if d.ice == nil {
			return
		}
		pair, err := d.ice.GetSelectedCandidatePair()
		if err != nil || pair == nil {
			return
		}
		d.routeLocked(pair)
	case webrtc.PeerConnectionStateFailed, webrtc.PeerConnectionStateClosed:
		d.up = false
		d.setRouteLocked(nil)
	}
}

// routeLocked sends through pair when it can, through pion otherwise.
func (d *Conn) routeLocked(pair *webrtc.ICECandidatePair) {
	r, why := d.resolveLocked(pair)
	d.setRouteLocked(r)
	if r == nil {
		d.log.Debug("forwarded media through pion", "reason", why)
		return
	}
	d.log.Debug("forwarded media sent directly", "local", r.conn.LocalAddr().String(), "remote", r.to.String(), "profile", r.keys.Profile)
}

// setRouteLocked switches sends to r, and the reading of this peer's
// packets to r's address.
func (d *Conn) setRouteLocked(r *pairRoute) {
	old := d.route.Swap(r)
	if old != nil && (r == nil || old.to != r.to) {
		d.port.RemovePeer(old.to, d)
	}
	if r != nil {
		d.port.SetPeer(r.to, d)
	}
}

func (d *Conn) resolveLocked(pair *webrtc.ICECandidatePair) (*pairRoute, string) {
	if d.keys == nil {
		keys, err := d.tap.Keys()
		if err != nil {
			return nil, err.Error()
		}
		d.keys = &keys
	}
	if pair == nil || pair.Local == nil || pair.Remote == nil {
		return nil, "no selected pair"
	}
	if pair.Local.Protocol != webrtc.ICEProtocolUDP {
		return nil, "pair is not UDP"
	}
	// The socket a host candidate is, or a server-reflexive one is behind.
	addr, port := pair.Local.Address, pair.Local.Port
	switch pair.Local.Typ {
	case webrtc.ICECandidateTypeHost:
	case webrtc.ICECandidateTypeSrflx:
		addr, port = pair.Local.RelatedAddress, pair.Local.RelatedPort
	default:
		return nil, "local candidate is " + pair.Local.Typ.String()
	}
	local, err := netip.ParseAddr(addr)
	if err != nil {
		return nil, "local address " + addr
	}
	remote, err := netip.ParseAddr(pair.Remote.Address)
	if err != nil {
		return nil, "remote address " + pair.Remote.Address
	}
	conn, why := d.port.SocketFor(netip.AddrPortFrom(local.Unmap(), port))
	if conn == nil {
		return nil, why
	}
	return &pairRoute{conn: conn, to: netip.AddrPortFrom(remote.Unmap(), pair.Remote.Port), keys: d.keys,
		creds: iceCredsOf(d.ice), gcm: isGCM(d.keys.Profile)}, ""
}

// Wrap gives a down track a writer that takes the direct route when there
// is one.
func (d *Conn) Wrap(w webrtc.TrackLocalWriter) webrtc.TrackLocalWriter {
	return &writer{out: d, pion: w, buf: make([]byte, directBufSize)}
}

// directBufSize holds the largest datagram pion would send (its MTU is
// 1200 for media) plus the SRTP tag, with room to spare.
const directBufSize = 1600

// writer is one down track's writer. The down track calls it under
// its own lock, so its buffer needs none.
type writer struct {
	out  *Conn
	pion webrtc.TrackLocalWriter
	buf  []byte

	// The GCM sealer and the stream of the SSRC last written, cached
	// from the connection's (Conn.gcm).
	sealer     *srtpgcm.Sealer
	stream     *srtpgcm.Stream
	streamSSRC uint32
}

// WriteRTP marshals, encrypts in place and queues the packet.
func (w *writer) WriteRTP(h *rtp.Header, payload []byte) (int, error) {
	r := w.out.route.Load()
	if r == nil {
		return w.pion.WriteRTP(h, payload)
	}
	n, headerLen, ok := w.marshal(h, payload)
	if !ok {
		return w.pion.WriteRTP(h, payload)
	}
	return w.send(r, n, headerLen)
}

// marshal lays the packet out in w.buf: header, payload, then the
// padding the header announces (zeros, the last byte its length). It
// returns the packet's and the header's lengths.
func (w *writer) marshal(h *rtp.Header, payload []byte) (int, int, bool) {
	padding := 0
	if h.Padding {
		padding = int(h.PaddingSize)
	}
	if h.MarshalSize()+len(payload)+padding+srtpTagRoom > len(w.buf) {
		return 0, 0, false
	}
	headerLen, err := h.MarshalTo(w.buf)
	if err != nil {
		return 0, 0, false
	}
	n := headerLen + copy(w.buf[headerLen:], payload)
	if padding > 0 {
		clear(w.buf[n : n+padding-1])
		w.buf[n+padding-1] = byte(padding)
		n += padding
	}
	return n, headerLen, true
}

// Write sends a whole RTP packet the same way.
func (w *writer) Write(b []byte) (int, error) {
	r := w.out.route.Load()
	if r == nil || len(b) > len(w.buf)-srtpTagRoom {
		return w.pion.Write(b)
	}
	var h rtp.Header
	headerLen, err := h.Unmarshal(b)
	if err != nil {
		return w.pion.Write(b)
	}
	return w.send(r, copy(w.buf, b), headerLen)
}

// srtpTagRoom is the most SRTP adds to a packet (a GCM tag).
const srtpTagRoom = 16

func (w *writer) send(r *pairRoute, n, headerLen int) (int, error) {
	var out []byte
	var err error
	if r.gcm {
		out, err = w.seal(r.keys, n, headerLen)
	} else {
		out, err = w.out.encrypt(r.keys, w.buf, n)
	}
	if err != nil {
		return 0, err
	}
	return r.conn.WriteDirect(out, r.to)
}

func isGCM(p srtp.ProtectionProfile) bool {
	return p == srtp.ProtectionProfileAeadAes128Gcm || p == srtp.ProtectionProfileAeadAes256Gcm
}

// seal protects w.buf[:n] with the connection's GCM sealer; only a change
// of SSRC (media to RTX and back) takes the connection's lock.
func (w *writer) seal(keys *dtlskeys.Keys, n, headerLen int) ([]byte, error) {
	ssrc := binary.BigEndian.Uint32(w.buf[8:12])
	if w.sealer == nil || w.stream == nil || w.streamSSRC != ssrc {
		sealer, stream, err := w.out.gcm(keys, ssrc)
		if err != nil {
			return nil, err
		}
		w.sealer, w.stream, w.streamSSRC = sealer, stream, ssrc
	}
	out, err := w.sealer.Seal(w.stream, w.buf, n, headerLen)
	if err != nil {
		return nil, fmt.Errorf("SRTP: %w", err)
	}
	return out, nil
}

// gcm returns the connection's sealer for keys and the state of ssrc,
// made on first use. The state lives as long as the connection, so an
// SSRC keeps its rollover counter whichever writer sends on it.
func (d *Conn) gcm(keys *dtlskeys.Keys, ssrc uint32) (*srtpgcm.Sealer, *srtpgcm.Stream, error) {
	d.ctxMu.Lock()
	defer d.ctxMu.Unlock()
	if d.sealer == nil || d.ctxKeys != keys {
		s, err := srtpgcm.NewSealer(keys.LocalKey, keys.LocalSalt)
		if err != nil {
			return nil, nil, fmt.Errorf("SRTP sealer: %w", err)
		}
		d.sealer, d.ctxKeys, d.streams = s, keys, map[uint32]*srtpgcm.Stream{}
	}
	st := d.streams[ssrc]
	if st == nil {
		st = &srtpgcm.Stream{}
		d.streams[ssrc] = st
	}
	return d.sealer, st, nil
}

// encrypt protects the RTP packet in buf[:n] in place (the AES-CM
// profile, through pion's context). The connection has
// one SRTP context, made on first use, so the rollover counter of each
// SSRC lives as long as the connection whichever writer sends on it.
func (d *Conn) encrypt(keys *dtlskeys.Keys, buf []byte, n int) ([]byte, error) {
	d.ctxMu.Lock()
	defer d.ctxMu.Unlock()
	if d.ctxKeys != keys {
		ctx, err := srtp.CreateContext(keys.LocalKey, keys.LocalSalt, keys.Profile)
		if err != nil {
			return nil, fmt.Errorf("SRTP context: %w", err)
		}
		d.ctx, d.ctxKeys = ctx, keys
	}
	out, err := d.ctx.EncryptRTP(buf, buf[:n], &d.hdr)
	if err != nil {
		return nil, fmt.Errorf("SRTP: %w", err)
	}
	return out, nil
}
