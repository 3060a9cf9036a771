package sfu

import (
	"io"
	"log/slog"
	"net"
	"net/netip"
	"testing"
	"time"

	"github.com/pion/ice/v4"
	"github.com/pion/rtcp"
	"github.com/pion/stun/v3"
	"github.com/pion/webrtc/v4"

	"souk/sfu/forward"
)

// TestAnswerSTUN feeds crafted binding requests to a connection's direct
// route: only a plain consent check from the route's peer, with our
// username, a valid signature and fingerprint and the role opposite ours,
// is answered here, and the answer is what pion would send.
func TestAnswerSTUN(t *testing.T) {
	srv, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	conn := newBatchConn(srv)
	defer conn.Close()
	peer, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	defer peer.Close()
	peerAddr := peer.LocalAddr().(*net.UDPAddr).AddrPort()

	const ours, theirs, password = "srvU", "cliU", "server-password-24-chars"
	d := newDirectOut(nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
	d.route.Store(&directRoute{conn: conn, to: peerAddr,
		creds: &iceCreds{username: ours + ":" + theirs, password: stun.NewShortTermIntegrity(password)}})

	request := func(extra ...stun.Setter) []byte {
		t.Helper()
		setters := append([]stun.Setter{stun.TransactionID, stun.BindingRequest}, extra...)
		m, err := stun.Build(setters...)
		if err != nil {
			t.Fatal(err)
		}
		return m.Raw
	}
	user := stun.NewUsername(ours + ":" + theirs)
	sign := stun.NewShortTermIntegrity(password)
	controlling := ice.AttrControlling(7)
	cases := []struct {
		name   string
		req    []byte
		from   netip.AddrPort
		answer bool
	}{
		{"consent check", request(user, controlling, sign, stun.Fingerprint), peerAddr, true},
		{"from another address", request(user, controlling, sign, stun.Fingerprint), netip.MustParseAddrPort("127.0.0.1:9"), false},
		{"nomination", request(user, controlling, ice.UseCandidate(), sign, stun.Fingerprint), peerAddr, false},
		{"renomination", request(user, controlling, stun.RawAttribute{Type: ice.DefaultNominationAttribute, Value: []byte{0, 0, 0, 2}},
			sign, stun.Fingerprint), peerAddr, false},
		{"role conflict", request(user, ice.AttrControlled(7), sign, stun.Fingerprint), peerAddr, false},
		{"an earlier username", request(stun.NewUsername(ours+":old"), controlling, sign, stun.Fingerprint), peerAddr, false},
		{"wrong password", request(user, controlling, stun.NewShortTermIntegrity("not-the-password"), stun.Fingerprint), peerAddr, false},
		{"no fingerprint", request(user, controlling, sign), peerAddr, false},
		{"no signature", request(user, controlling, stun.Fingerprint), peerAddr, false},
		{"a success response", func() []byte {
			m, err := stun.Build(stun.TransactionID, stun.BindingSuccess, user, sign, stun.Fingerprint)
			if err != nil {
				t.Fatal(err)
			}
			return m.Raw
		}(), peerAddr, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := isBindingRequest(c.req) && d.answerSTUN(c.req, c.from); got != c.answer {
				t.Fatalf("answered = %v, want %v", got, c.answer)
			}
			if !c.answer {
				return
			}
			if err := peer.SetReadDeadline(time.Now().Add(10 * time.Second)); err != nil {
				t.Fatal(err)
			}
			buf := make([]byte, 1500)
			n, err := peer.Read(buf)
			if err != nil {
				t.Fatalf("no answer: %v", err)
			}
			res := &stun.Message{Raw: append([]byte(nil), buf[:n]...)}
			if err := res.Decode(); err != nil {
				t.Fatal(err)
			}
			var req stun.Message
			req.Raw = c.req
			if err := req.Decode(); err != nil {
				t.Fatal(err)
			}
			if res.Type != stun.BindingSuccess || res.TransactionID != req.TransactionID {
				t.Fatalf("answer %v for transaction %x, want a binding success for %x", res.Type, res.TransactionID, req.TransactionID)
			}
			if err := sign.Check(res); err != nil {
				t.Fatalf("answer's signature: %v", err)
			}
			if err := stun.Fingerprint.Check(res); err != nil {
				t.Fatalf("answer's fingerprint: %v", err)
			}
			var mapped stun.XORMappedAddress
			if err := mapped.GetFrom(res); err != nil {
				t.Fatal(err)
			}
			if got := netip.AddrPortFrom(netip.MustParseAddr(mapped.IP.String()), uint16(mapped.Port)); got != peerAddr {
				t.Fatalf("XOR-MAPPED-ADDRESS %v, want %v", got, peerAddr)
			}
		})
	}
}

// TestConsentChecksAnsweredDirectly connects a real pion subscriber over
// the shared UDP port and waits for its consent checks (every 2 s) to be
// answered on the direct path: the subscriber must accept the answers (its
// selected pair counts them) and stay connected.
func TestConsentChecksAnsweredDirectly(t *testing.T) {
	api, sockets := sharedPortAPI(t, false)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	recv := forward.NewReceiver(forward.ReceiverConfig{TrackID: "TR_stun", Kind: webrtc.RTPCodecTypeVideo,
		SendRTCP: func([]rtcp.Packet) error { return nil }, Payloads: codecPayloads{}, Log: log})
	var cli *webrtc.PeerConnection
	_, closeLink := connectDown(t, api, downLink{sockets: sockets, onClient: func(pc *webrtc.PeerConnection) { cli = pc }},
		func(wrap func(webrtc.TrackLocalWriter) webrtc.TrackLocalWriter) *forward.DownTrack {
			return forward.NewDownTrack(forward.DownTrackConfig{Receiver: recv, TrackID: "TR_stun", StreamID: "PA_stun|TR_stun",
				Subscriber: "sub", Log: log, WrapWriter: wrap})
		})
	defer closeLink()

	responses := func() uint64 {
		for _, s := range cli.GetStats() {
			if p, ok := s.(webrtc.ICECandidatePairStats); ok && p.Nominated {
				return p.ResponsesReceived
			}
		}
		return 0
	}
	waitFor := func(what string, cond func() bool) {
		t.Helper()
		deadline := time.Now().Add(45 * time.Second)
		for !cond() {
			if time.Now().After(deadline) {
				t.Fatalf("no %s within 45 s (answered directly: %d)", what, sockets.batch.Stats().DirectSTUN)
			}
			if s := cli.ConnectionState(); s != webrtc.PeerConnectionStateConnected {
				t.Fatalf("subscriber's connection is %s", s)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	waitFor("consent check answered directly", func() bool { return sockets.batch.Stats().DirectSTUN >= 1 })
	before := responses()
	waitFor("two more answered directly", func() bool { return sockets.batch.Stats().DirectSTUN >= 3 })
	if after := responses(); after < before+1 {
		t.Fatalf("the subscriber counted %d answers before and %d after two more direct ones: it refused them", before, after)
	}
}
