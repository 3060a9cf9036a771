package sfu

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"testing"

	"github.com/livekit/protocol/auth"
	"github.com/livekit/protocol/livekit"
	"github.com/pion/webrtc/v4"
	"google.golang.org/protobuf/proto"
)

// nullSink accepts everything; the fuzz target only looks for panics and
// deadlocks in the handlers.
type nullSink struct {
	mu sync.Mutex
	n  int
}

func (s *nullSink) Send(*livekit.SignalResponse) error { s.mu.Lock(); s.n++; s.mu.Unlock(); return nil }
func (s *nullSink) Close(string)                       {}

func clientOffer(tb testing.TB) string {
	pc, err := webrtc.NewPeerConnection(webrtc.Configuration{})
	if err != nil {
		tb.Fatal(err)
	}
	defer pc.Close()
	for _, k := range []webrtc.RTPCodecType{webrtc.RTPCodecTypeAudio, webrtc.RTPCodecTypeVideo} {
		if _, err := pc.AddTransceiverFromKind(k, webrtc.RTPTransceiverInit{Direction: webrtc.RTPTransceiverDirectionRecvonly}); err != nil {
			tb.Fatal(err)
		}
	}
	if _, err := pc.CreateDataChannel("_reliable", nil); err != nil {
		tb.Fatal(err)
	}
	o, err := pc.CreateOffer(nil)
	if err != nil {
		tb.Fatal(err)
	}
	return o.SDP
}

func FuzzHandleRequest(f *testing.F) {
	sdp := clientOffer(f)
	for _, req := range []*livekit.SignalRequest{
		{Message: &livekit.SignalRequest_Offer{Offer: &livekit.SessionDescription{Type: "offer", Sdp: sdp, Id: 2}}},
		{Message: &livekit.SignalRequest_Offer{Offer: &livekit.SessionDescription{Type: "offer", Sdp: sdp[:len(sdp)/2], Id: 3}}},
		{Message: &livekit.SignalRequest_Answer{Answer: &livekit.SessionDescription{Type: "answer", Sdp: sdp, Id: 1}}},
		{Message: &livekit.SignalRequest_Trickle{Trickle: &livekit.TrickleRequest{CandidateInit: `{"candidate":"candidate:1 1 udp 2130706431 127.0.0.1 5000 typ host","sdpMid":"0","sdpMLineIndex":0}`}}},
		{Message: &livekit.SignalRequest_Trickle{Trickle: &livekit.TrickleRequest{CandidateInit: `{`, Target: livekit.SignalTarget_SUBSCRIBER}}},
		{Message: &livekit.SignalRequest_AddTrack{AddTrack: &livekit.AddTrackRequest{Cid: "cid1", Type: livekit.TrackType_VIDEO, Source: livekit.TrackSource_CAMERA,
			Layers: []*livekit.VideoLayer{{Quality: livekit.VideoQuality_LOW, Width: 320}, {Quality: 7, Width: 9}}, SimulcastCodecs: []*livekit.SimulcastCodec{{Codec: "vp8", Cid: "cid1"}}}}},
		{Message: &livekit.SignalRequest_AddTrack{AddTrack: &livekit.AddTrackRequest{Cid: "cid2", Type: livekit.TrackType_AUDIO}}},
		{Message: &livekit.SignalRequest_Mute{Mute: &livekit.MuteTrackRequest{Sid: "TR_nope", Muted: true}}},
		{Message: &livekit.SignalRequest_Subscription{Subscription: &livekit.UpdateSubscription{TrackSids: []string{"TR_x"}, Subscribe: true,
			ParticipantTracks: []*livekit.ParticipantTracks{{TrackSids: []string{"TR_y"}}}}}},
		{Message: &livekit.SignalRequest_Subscription{Subscription: &livekit.UpdateSubscription{TrackSids: []string{"TR_x"}}}},
		{Message: &livekit.SignalRequest_TrackSetting{TrackSetting: &livekit.UpdateTrackSettings{TrackSids: []string{"TR_x"}, Disabled: true, Width: 100}}},
		{Message: &livekit.SignalRequest_UpdateMetadata{UpdateMetadata: &livekit.UpdateParticipantMetadata{Metadata: "m", Attributes: map[string]string{"a": ""}}}},
		{Message: &livekit.SignalRequest_SyncState{SyncState: &livekit.SyncState{}}},
		{Message: &livekit.SignalRequest_Simulate{Simulate: &livekit.SimulateScenario{}}},
		{Message: &livekit.SignalRequest_Leave{Leave: &livekit.LeaveRequest{}}},
		{},
	} {
		b, _ := proto.Marshal(req)
		f.Add(b, false)
		f.Add(b, true)
	}
	mgr, err := NewManager(context.Background(), Config{WebRTC: WebRTCConfig{IncludeLoopback: true}, MaxTracksPerParticipant: 4},
		slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { _ = mgr.Close(context.Background()) })
	parts := map[bool]*Participant{}
	get := func(t *testing.T, single bool) *Participant {
		if p := parts[single]; p != nil {
			p.mu.Lock()
			closed := p.closed
			p.mu.Unlock()
			if !closed {
				return p
			}
		}
		id := map[bool]string{true: "fuzz-v1", false: "fuzz-v0"}[single]
		p, err := mgr.Join(context.Background(), JoinRequest{Room: "fuzz", Identity: id, SinglePC: single, AutoSubscribe: true,
			Grant: &auth.VideoGrant{RoomJoin: true, Room: "fuzz", CanUpdateOwnMetadata: boolPtr(true)}}, &nullSink{})
		if err != nil {
			t.Fatal(err)
		}
		parts[single] = p
		return p
	}
	f.Fuzz(func(t *testing.T, data []byte, single bool) {
		var req livekit.SignalRequest
		if proto.Unmarshal(data, &req) != nil {
			return
		}
		_ = get(t, single).HandleRequest(context.Background(), &req)
	})
}

func boolPtr(b bool) *bool { return &b }
