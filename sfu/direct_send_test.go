package sfu

import (
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/netip"
	"sync"
	"testing"
	"time"

	"github.com/pion/rtcp"
	"github.com/pion/rtp"
	"github.com/pion/webrtc/v4"

	"souk/sfu/forward"
)

// TestDirectOutDelivers forwards a VP8 stream to a real pion subscriber
// over the shared UDP port and checks that every packet arrives intact
// (the subscriber's SRTP session authenticates and decrypts it), that the
// subscriber's NACK is answered, and which
// path carried both: ours when we are the DTLS server, pion's when the
// subscriber is, or when the direct path is turned off.
func TestDirectOutDelivers(t *testing.T) {
	cases := []struct {
		name       string
		noDirect   bool
		client     func(*webrtc.SettingEngine)
		wantDirect bool
	}{
		{name: "direct", wantDirect: true},
		{name: "subscriber is the DTLS server", client: func(se *webrtc.SettingEngine) {
			if err := se.SetAnsweringDTLSRole(webrtc.DTLSRoleServer); err != nil {
				t.Fatal(err)
			}
		}},
		{name: "turned off", noDirect: true},
		{name: "AEAD-AES-256-GCM", wantDirect: true, client: func(se *webrtc.SettingEngine) {
			se.SetSRTPProtectionProfiles(0x0008) // SRTP_AEAD_AES_256_GCM
		}},
		{name: "AES-CM with HMAC-SHA1", wantDirect: true, client: func(se *webrtc.SettingEngine) {
			se.SetSRTPProtectionProfiles(0x0001) // SRTP_AES128_CM_HMAC_SHA1_80
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			api, sockets := sharedPortAPI(t, tc.noDirect)

			const packets = 90
			var (
				mu   sync.Mutex
				seen = map[byte]bool{}
				bad  []string
				ssrc uint32
				seq  uint16
				cli  *webrtc.PeerConnection
			)
			link := downLink{sockets: sockets, client: tc.client, onPacket: func(p *rtp.Packet) {
				mu.Lock()
				defer mu.Unlock()
				// The body after the 2-byte VP8 descriptor is one byte
				// repeated: the packet's number.
				body := p.Payload[2:]
				if len(body) != 1000 || !bytes.Equal(body, bytes.Repeat(body[:1], len(body))) {
					bad = append(bad, fmt.Sprintf("seq %d: %d-byte body %x...", p.SequenceNumber, len(body), body[:min(8, len(body))]))
					return
				}
				seen[body[0]] = true
				ssrc, seq = p.SSRC, p.SequenceNumber
			}, onClient: func(pc *webrtc.PeerConnection) { cli = pc }}
			feedback := make(chan []byte, 16)
			link.transportFeedback = func(b []byte) error {
				select {
				case feedback <- append([]byte(nil), b...):
				default:
				}
				return nil
			}
			log := slog.New(slog.NewTextHandler(io.Discard, nil))
			recv := forward.NewReceiver(forward.ReceiverConfig{TrackID: "TR_direct", Kind: webrtc.RTPCodecTypeVideo,
				SendRTCP: func([]rtcp.Packet) error { return nil }, Payloads: codecPayloads{}, Log: log,
				AfterFanout: sockets.AfterFanout,
			})
			next := make(chan []byte, packets)
			for i := 1; i <= packets; i++ {
				payload := append([]byte{0x10, 0x00}, bytes.Repeat([]byte{byte(i)}, 1000)...)
				pkt, err := (&rtp.Packet{Header: rtp.Header{Version: 2, PayloadType: 96, SSRC: 4321, SequenceNumber: uint16(i),
					Timestamp: uint32(i/3) * 3000, Marker: i%3 == 0}, Payload: payload}).Marshal()
				if err != nil {
					t.Fatal(err)
				}
				next <- pkt
			}
			// The stream stays open (its packets cached for NACKs) until
			// the test ends.
			done := make(chan struct{})
			defer close(done)
			vp8 := webrtc.RTPCodecParameters{RTPCodecCapability: webrtc.RTPCodecCapability{MimeType: webrtc.MimeTypeVP8, ClockRate: 90000}, PayloadType: 96}
			run, _ := recv.AddLayer(forward.Layer{SSRC: 4321, Codec: vp8}, readQueued(next, done))
			d, closeLink := connectDown(t, api, link, func(wrap func(webrtc.TrackLocalWriter) webrtc.TrackLocalWriter) *forward.DownTrack {
				return forward.NewDownTrack(forward.DownTrackConfig{Receiver: recv, TrackID: "TR_direct", StreamID: "PA_direct|TR_direct",
					Subscriber: "sub", Log: log, WrapWriter: wrap})
			})
			defer closeLink()
			recv.AddDown(d)
			go run()

			deadline := time.Now().Add(30 * time.Second)
			for {
				mu.Lock()
				got, problems := len(seen), append([]string(nil), bad...)
				mu.Unlock()
				if len(problems) > 0 {
					t.Fatalf("damaged packets: %v", problems)
				}
				if got == packets {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("%d of %d packets arrived", got, packets)
				}
				time.Sleep(20 * time.Millisecond)
			}
			// The subscriber reports a packet lost until it is sent again:
			// its RTCP reached the down track.
			mu.Lock()
			nack := &rtcp.TransportLayerNack{MediaSSRC: ssrc, Nacks: []rtcp.NackPair{{PacketID: seq}}}
			mu.Unlock()
			for d.Stats().PacketsRetransmitted == 0 {
				if err := cli.WriteRTCP([]rtcp.Packet{nack}); err != nil {
					t.Fatal(err)
				}
				if time.Now().After(deadline) {
					t.Fatal("the NACK was not answered")
				}
				time.Sleep(50 * time.Millisecond)
			}
			// Transport-wide feedback read directly reaches the estimate
			// as the bytes the subscriber sent, in a compound with a report.
			if tc.wantDirect {
				twcc := &rtcp.TransportLayerCC{
					Header:     rtcp.Header{Count: rtcp.FormatTCC, Type: rtcp.TypeTransportSpecificFeedback},
					SenderSSRC: 1, MediaSSRC: nack.MediaSSRC, BaseSequenceNumber: 1, PacketStatusCount: 1,
					PacketChunks: []rtcp.PacketStatusChunk{&rtcp.RunLengthChunk{PacketStatusSymbol: rtcp.TypeTCCPacketReceivedSmallDelta, RunLength: 1}},
					RecvDeltas:   []*rtcp.RecvDelta{{Type: rtcp.TypeTCCPacketReceivedSmallDelta, Delta: 250}},
				}
				twcc.Header.Length = uint16(twcc.MarshalSize()/4 - 1)
				want, err := twcc.Marshal()
				if err != nil {
					t.Fatal(err)
				}
				if err := cli.WriteRTCP([]rtcp.Packet{&rtcp.ReceiverReport{SSRC: 1}, twcc}); err != nil {
					t.Fatal(err)
				}
				select {
				case got := <-feedback:
					if !bytes.Equal(got, want) {
						t.Fatalf("feedback bytes %x, want %x", got, want)
					}
				case <-time.After(time.Until(deadline)):
					t.Fatal("no transport feedback arrived")
				}
			}
			st := sockets.udpStats()
			if (st.Direct > 0) != tc.wantDirect || (st.DirectRTCP > 0) != tc.wantDirect {
				t.Fatalf("%d RTP packets sent and %d RTCP packets read directly, want direct=%v", st.Direct, st.DirectRTCP, tc.wantDirect)
			}
		})
	}
}

// sharedPortAPI is the server's API on a shared UDP port on loopback (a
// free one, found by binding and closing a socket), with the direct path
// on or off; the sockets close when the test ends.
func sharedPortAPI(t *testing.T, noDirect bool) (*webrtc.API, *mediaSockets) {
	t.Helper()
	probe, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	port := probe.LocalAddr().(*net.UDPAddr).Port
	probe.Close()
	api, sockets, err := newAPI(WebRTCConfig{UDPPort: port, IncludeLoopback: true,
		IPs: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}, NoDirectSRTP: noDirect})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sockets.Close() })
	return api, sockets
}

// readQueued is a layer's read function over packets queued in next: it
// blocks when none is left, and ends the stream once done is closed.
func readQueued(next <-chan []byte, done <-chan struct{}) func(buf []byte) (int, bool, error) {
	return func(buf []byte) (int, bool, error) {
		select {
		case pkt := <-next:
			return copy(buf, pkt), false, nil
		case <-done:
			return 0, false, io.EOF
		}
	}
}
