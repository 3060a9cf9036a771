package direct

import (
	"io"
	"log/slog"
	"net"
	"net/netip"
	"testing"
	"time"

	"github.com/pion/ice/v4"
	"github.com/pion/stun/v3"
	"github.com/pion/transport/v4/stdnet"

	"souk/sfu/sharedport"
)

// TestAnswerSTUN feeds crafted binding requests to a connection's direct
// route: only a plain consent check from the route's peer, with our
// username, a valid signature and fingerprint and the role opposite ours,
// is answered here, and the answer is what pion would send.
func TestAnswerSTUN(t *testing.T) {
	base, err := stdnet.NewNet()
	if err != nil {
		t.Fatal(err)
	}
	uc, err := sharedport.New(base, sharedport.Options{}).ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	defer uc.Close()
	conn, ok := uc.(*sharedport.Socket)
	if !ok {
		t.Fatalf("shared port socket is a %T", uc)
	}
	peer, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	defer peer.Close()
	peerAddr := peer.LocalAddr().(*net.UDPAddr).AddrPort()

	const ours, theirs, password = "srvU", "cliU", "server-password-24-chars"
	d := New(Config{Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	d.route.Store(&pairRoute{conn: conn, to: peerAddr,
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
			if got := sharedport.IsBindingRequest(c.req) && d.AnswerSTUN(c.req, c.from); got != c.answer {
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
