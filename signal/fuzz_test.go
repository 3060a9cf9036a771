package signal

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"testing"

	"github.com/gorilla/websocket"
	"github.com/livekit/protocol/livekit"
	"google.golang.org/protobuf/proto"

	"souk/sfu"
)

func wrapJoin(jr *livekit.JoinRequest, gz bool) string {
	b, _ := proto.Marshal(jr)
	w := &livekit.WrappedJoinRequest{JoinRequest: b}
	if gz {
		var zb bytes.Buffer
		zw := gzip.NewWriter(&zb)
		_, _ = zw.Write(b)
		_ = zw.Close()
		w.Compression, w.JoinRequest = livekit.WrappedJoinRequest_GZIP, zb.Bytes()
	}
	out, _ := proto.Marshal(w)
	return base64.URLEncoding.EncodeToString(out)
}

func FuzzDecodeJoinRequest(f *testing.F) {
	full := &livekit.JoinRequest{
		ClientInfo:         &livekit.ClientInfo{Sdk: livekit.ClientInfo_JS, Version: "2.23.0", Protocol: 17, ClientProtocol: 2},
		ConnectionSettings: &livekit.ConnectionSettings{AutoSubscribe: true, AdaptiveStream: true},
		PublisherOffer:     &livekit.SessionDescription{Type: "offer", Sdp: "v=0\r\n", Id: 1},
		Reconnect:          true, ParticipantSid: "PA_x",
	}
	f.Add(wrapJoin(full, true))
	f.Add(wrapJoin(full, false))
	f.Add(wrapJoin(&livekit.JoinRequest{}, true))
	f.Add(base64.RawURLEncoding.EncodeToString([]byte{0x08, 0x01, 0x12, 0x00}))
	f.Add("")
	f.Add("====")
	f.Fuzz(func(t *testing.T, v string) {
		jr, err := decodeJoinRequest(v)
		if err == nil && jr == nil {
			t.Fatal("nil request without error")
		}
		if err == nil && jr.GetPublisherOffer() != nil && jr.GetPublisherOffer().GetSdp() == "" {
			t.Fatal("accepted an empty publisher offer")
		}
	})
}

// recordingSession stands in for a participant: the fuzz target checks
// frame decoding and dispatch, the sfu fuzz target checks the handlers.
type recordingSession struct{ got int }

func (s *recordingSession) HandleRequest(_ context.Context, req *livekit.SignalRequest) error {
	if req.GetMessage() == nil {
		panic("dispatched an empty request")
	}
	s.got++
	return nil
}
func (s *recordingSession) SignalClosed(sfu.Sink)           {}
func (s *recordingSession) Remove(livekit.DisconnectReason) {}

func FuzzSignalFrame(f *testing.F) {
	for _, req := range []*livekit.SignalRequest{
		{Message: &livekit.SignalRequest_PingReq{PingReq: &livekit.Ping{Timestamp: 1, Rtt: 2}}},
		{Message: &livekit.SignalRequest_Ping{Ping: 5}},
		{Message: &livekit.SignalRequest_Leave{Leave: &livekit.LeaveRequest{Reason: livekit.DisconnectReason_CLIENT_INITIATED}}},
		{Message: &livekit.SignalRequest_Trickle{Trickle: &livekit.TrickleRequest{CandidateInit: `{"candidate":"candidate:1 1 udp 1 127.0.0.1 5000 typ host","sdpMid":"0"}`}}},
		{Message: &livekit.SignalRequest_AddTrack{AddTrack: &livekit.AddTrackRequest{Cid: "c", Type: livekit.TrackType_VIDEO}}},
	} {
		b, _ := proto.Marshal(req)
		f.Add(websocket.BinaryMessage, b)
	}
	f.Add(websocket.TextMessage, []byte(`{"pingReq":{"timestamp":"3"}}`))
	f.Add(websocket.BinaryMessage, []byte{0xff})
	f.Add(9, []byte{})
	f.Fuzz(func(t *testing.T, typ int, data []byte) {
		c := newConn(nil, 4, nil)
		s := &recordingSession{}
		left, err := dispatch(context.Background(), s, c, typ, data)
		if err == nil && s.got == 0 && len(c.queue) == 0 {
			t.Fatalf("frame accepted but neither dispatched nor answered")
		}
		if left && err != nil {
			t.Fatal("left with an error")
		}
	})
}
