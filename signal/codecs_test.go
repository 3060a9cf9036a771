package signal_test

import (
	"context"
	"testing"
	"time"

	"github.com/livekit/protocol/livekit"
	"github.com/pion/rtp"
	"github.com/pion/webrtc/v4"
)

// Each video codec we forward arrives with its own codec, continuous
// sequence numbers, and (where we can tell) starting on a keyframe.
func TestForwardVideoCodecs(t *testing.T) {
	cases := []struct {
		mime      string
		key, next []byte
	}{
		{webrtc.MimeTypeH264, []byte{0x65, 0x88, 0x84}, []byte{0x41, 0x9a, 0x02}},
		{webrtc.MimeTypeVP9, []byte{0x8c, 0x01, 0x02}, []byte{0x8c, 0x03, 0x04}},
		{webrtc.MimeTypeAV1, []byte{0x18, 0x01, 0x02}, []byte{0x10, 0x03, 0x04}},
	}
	ts := startServer(t)
	for _, tc := range cases {
		t.Run(tc.mime, func(t *testing.T) {
			room := "codec-" + tc.mime[6:]
			sub := connect(t, ts, room, "sub")
			pub := connect(t, ts, room, "pub")
			ctx := waitCtx(t)
			v, err := pub.Publish(ctx, "cam", tc.mime, livekit.TrackSource_CAMERA)
			if err != nil {
				t.Fatal(err)
			}
			runCtx, cancel := context.WithCancel(context.Background())
			defer cancel()
			go func() {
				tick := time.NewTicker(20 * time.Millisecond)
				defer tick.Stop()
				seq, ts, last := uint16(0), uint32(0), int64(0)
				for i := 0; ; i++ {
					select {
					case <-runCtx.Done():
						return
					case <-tick.C:
					}
					pl := tc.next
					if req := v.KeyframeRequests(); i%50 == 0 || req != last {
						pl, last = tc.key, req
					}
					seq++
					ts += 3000
					_ = v.WriteRTP(&rtp.Packet{Header: rtp.Header{Version: 2, SequenceNumber: seq, Timestamp: ts, Marker: true}, Payload: append([]byte(nil), pl...)})
				}
			}()
			rv, err := sub.WaitTrack(ctx, v.Info.GetSid())
			if err != nil {
				t.Fatal(err)
			}
			if rv.Codec != tc.mime {
				t.Fatalf("subscriber negotiated %s", rv.Codec)
			}
			st := waitPackets(t, rv, 60)
			if st.Gaps != 0 || st.Backwards != 0 {
				t.Errorf("not continuous: %+v", st)
			}
			if tc.mime == webrtc.MimeTypeH264 {
				if p := rv.Payloads()[0]; p[0]&0x1f != 5 {
					t.Errorf("first H.264 payload is not an IDR: %x", p)
				}
			}
		})
	}
}
