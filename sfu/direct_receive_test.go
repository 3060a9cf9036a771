package sfu

import (
	"bytes"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/pion/interceptor"
	"github.com/pion/rtcp"
	"github.com/pion/rtp"
	"github.com/pion/webrtc/v4"

	"souk/sfu/direct"
	"souk/sfu/forward"
	"souk/sfu/rtx"
)

// TestDirectInReceives publishes VP8 from a real pion client over the
// shared UDP port to a connection whose streams are read past pion, and
// forwards them to a real subscriber. Once the stream is taken, the
// publisher's packets must still reach the subscriber intact, and the
// connection's receive interceptors must still see them: the publisher
// gets a NACK for a packet it skipped after the takeover, transport-wide
// feedback about packets sent after it, and receiver reports that count
// them.
func TestDirectInReceives(t *testing.T) {
	api, sockets := sharedPortAPI(t, false)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))

	recv := forward.NewReceiver(forward.ReceiverConfig{TrackID: "TR_in", Kind: webrtc.RTPCodecTypeVideo,
		SendRTCP: func([]rtcp.Packet) error { return nil }, Payloads: codecPayloads{}, Log: log, AfterFanout: sockets.AfterFanout})
	defer recv.Close()

	// The server's receiving connection, wired as Participant.onTrack does.
	srvAPI, out, _ := sockets.peerAPI(api, false, log)
	if out == nil {
		t.Fatal("no direct path")
	}
	srv, err := srvAPI.NewPeerConnection(webrtc.Configuration{})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	out.Attach(srv)
	srv.OnConnectionStateChange(out.StateChanged)
	srv.OnTrack(func(remote *webrtc.TrackRemote, r *webrtc.RTPReceiver) {
		run, ok := recv.AddLayer(forward.Layer{SSRC: uint32(remote.SSRC()), Codec: remote.Codec()}, func(b []byte) (int, bool, error) {
			n, _, err := remote.Read(b)
			return n, false, err
		})
		if !ok {
			return
		}
		ssrc := uint32(remote.SSRC())
		out.TakeStream(direct.StreamInfo(remote, r), rtx.Match{}, func(pkt []byte) { recv.PushPacket(ssrc, pkt) }, func(pkt []byte) { recv.PushRepair(ssrc, pkt) })
		go func() {
			run()
			out.DropStream(ssrc)
		}()
	})

	// The publisher, with pion's default interceptors and the
	// transport-wide sequence extension on what it sends.
	me := &webrtc.MediaEngine{}
	if err := me.RegisterDefaultCodecs(); err != nil {
		t.Fatal(err)
	}
	reg := &interceptor.Registry{}
	if err := webrtc.RegisterDefaultInterceptors(me, reg); err != nil {
		t.Fatal(err)
	}
	if err := webrtc.ConfigureTWCCHeaderExtensionSender(me, reg); err != nil {
		t.Fatal(err)
	}
	se := webrtc.SettingEngine{}
	se.SetIncludeLoopbackCandidate(true)
	se.SetNetworkTypes([]webrtc.NetworkType{webrtc.NetworkTypeUDP4})
	pub, err := webrtc.NewAPI(webrtc.WithMediaEngine(me), webrtc.WithInterceptorRegistry(reg), webrtc.WithSettingEngine(se)).
		NewPeerConnection(webrtc.Configuration{})
	if err != nil {
		t.Fatal(err)
	}
	defer pub.Close()
	track, err := webrtc.NewTrackLocalStaticRTP(webrtc.RTPCodecCapability{MimeType: webrtc.MimeTypeVP8}, "video", "pub")
	if err != nil {
		t.Fatal(err)
	}
	sender, err := pub.AddTrack(track)
	if err != nil {
		t.Fatal(err)
	}
	const skipped = 60
	type feedback struct {
		nacked     bool   // seq skipped was asked for
		tccThrough uint16 // highest transport sequence covered
		rrHighest  uint32 // highest sequence a receiver report counted
	}
	var (
		fbMu sync.Mutex
		fb   feedback
	)
	go func() {
		for {
			pkts, _, err := sender.ReadRTCP()
			if err != nil {
				return
			}
			fbMu.Lock()
			for _, p := range pkts {
				switch p := p.(type) {
				case *rtcp.TransportLayerCC:
					fb.tccThrough = max(fb.tccThrough, p.BaseSequenceNumber+p.PacketStatusCount-1)
				case *rtcp.ReceiverReport:
					for _, r := range p.Reports {
						fb.rrHighest = max(fb.rrHighest, r.LastSequenceNumber)
					}
				case *rtcp.TransportLayerNack:
					for _, n := range p.Nacks {
						for _, s := range n.PacketList() {
							fb.nacked = fb.nacked || s == skipped
						}
					}
				}
			}
			fbMu.Unlock()
		}
	}()

	offer, err := pub.CreateOffer(nil)
	if err != nil {
		t.Fatal(err)
	}
	gathered := webrtc.GatheringCompletePromise(pub)
	if err := pub.SetLocalDescription(offer); err != nil {
		t.Fatal(err)
	}
	<-gathered
	if err := srv.SetRemoteDescription(*pub.LocalDescription()); err != nil {
		t.Fatal(err)
	}
	answer, err := srv.CreateAnswer(nil)
	if err != nil {
		t.Fatal(err)
	}
	gathered = webrtc.GatheringCompletePromise(srv)
	if err := srv.SetLocalDescription(answer); err != nil {
		t.Fatal(err)
	}
	<-gathered
	if err := pub.SetRemoteDescription(*srv.LocalDescription()); err != nil {
		t.Fatal(err)
	}

	send := func(i int) {
		payload := append([]byte{0x10, 0x00}, bytes.Repeat([]byte{byte(i)}, 1000)...)
		if err := track.WriteRTP(&rtp.Packet{Header: rtp.Header{Version: 2, SequenceNumber: uint16(i),
			Timestamp: uint32(i/3) * 3000, Marker: i%3 == 0}, Payload: payload}); err != nil {
			t.Fatal(err)
		}
		time.Sleep(5 * time.Millisecond) // a paced stream, not a burst
	}
	var missing []int // packets the subscriber has not seen yet
	waitFor := func(what string, cond func() bool) {
		t.Helper()
		deadline := time.Now().Add(30 * time.Second)
		for !cond() {
			if time.Now().After(deadline) {
				fbMu.Lock()
				defer fbMu.Unlock()
				t.Fatalf("%s: not within 30 s (read directly: %d; feedback %+v; missing %v)", what, sockets.batch.Stats().DirectIn, fb, missing)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	// Until the stream is taken, packets go through pion (the first
	// ones before the connection is even up are lost: send until taken).
	i := 1
	for ; sockets.batch.Stats().DirectIn == 0; i++ {
		if i == skipped-10 {
			t.Fatalf("no packet read directly after %d sent", i)
		}
		send(i)
	}
	// The subscriber joins once the stream is taken: every packet it gets,
	// by the number in its body.
	var (
		mu   sync.Mutex
		seen = map[byte]bool{}
		bad  []string
	)
	d, closeDown := connectDown(t, api, downLink{sockets: sockets, onPacket: func(p *rtp.Packet) {
		mu.Lock()
		defer mu.Unlock()
		body := p.Payload[2:]
		if len(body) != 1000 || !bytes.Equal(body, bytes.Repeat(body[:1], len(body))) {
			bad = append(bad, "damaged packet")
			return
		}
		seen[body[0]] = true
	}}, func(wrap func(webrtc.TrackLocalWriter) webrtc.TrackLocalWriter) *forward.DownTrack {
		return forward.NewDownTrack(forward.DownTrackConfig{Receiver: recv, TrackID: "TR_in", StreamID: "PA_in|TR_in",
			Subscriber: "sub", Log: log, WrapWriter: wrap})
	})
	defer closeDown()
	recv.AddDown(d)

	first := i
	fbMu.Lock()
	tccAtTakeover := int(fb.tccThrough)
	fbMu.Unlock()
	for ; i <= 90; i++ {
		if i != skipped {
			send(i)
		}
	}
	waitFor("subscriber got every packet sent after the takeover", func() bool {
		mu.Lock()
		defer mu.Unlock()
		if len(bad) > 0 {
			t.Fatal(bad[0])
		}
		missing = missing[:0]
		for j := first; j <= 90; j++ {
			if j != skipped && !seen[byte(j)] {
				missing = append(missing, j)
			}
		}
		return len(missing) == 0
	})
	if n := sockets.batch.Stats().DirectIn; n < uint64(90-first) {
		t.Fatalf("%d packets read directly, want the %d sent after the takeover", n, 90-first)
	}
	waitFor("a NACK for the skipped packet", func() bool { fbMu.Lock(); defer fbMu.Unlock(); return fb.nacked })
	waitFor("transport feedback about packets after the takeover", func() bool {
		fbMu.Lock()
		defer fbMu.Unlock()
		return int(fb.tccThrough) >= tccAtTakeover+(90-first)/2
	})
	waitFor("a receiver report counting the last packet", func() bool {
		fbMu.Lock()
		defer fbMu.Unlock()
		return fb.rrHighest%65536 >= 90
	})
}
