package signal_test

import (
	"testing"
	"time"

	"github.com/livekit/protocol/livekit"

	"souk/signal/client"
)

// A disabled track stops flowing and resumes on a keyframe without a gap in
// sequence numbers; unsubscribing removes it and subscribing brings it back.
func TestTrackSettingsAndSubscription(t *testing.T) {
	ts := startServer(t)
	sub := connect(t, ts, "subs", "sub")
	pub := connect(t, ts, "subs", "pub")
	_, v, _ := publishBoth(t, pub)
	ctx := waitCtx(t)
	rv, err := sub.WaitTrack(ctx, v.Info.GetSid())
	if err != nil {
		t.Fatal(err)
	}
	waitPackets(t, rv, 20)

	setting := func(disabled bool) {
		if err := sub.Send(&livekit.SignalRequest{Message: &livekit.SignalRequest_TrackSetting{TrackSetting: &livekit.UpdateTrackSettings{
			TrackSids: []string{v.Info.GetSid()}, Disabled: disabled}}}); err != nil {
			t.Fatal(err)
		}
	}
	setting(true)
	if _, err := sub.WaitFor(ctx, func(m *livekit.SignalResponse) bool {
		for _, s := range m.GetStreamStateUpdate().GetStreamStates() {
			if s.GetTrackSid() == v.Info.GetSid() && s.GetState() == livekit.StreamState_PAUSED {
				return true
			}
		}
		return false
	}); err != nil {
		t.Fatalf("no paused stream state: %v", err)
	}
	time.Sleep(300 * time.Millisecond)
	paused := rv.Stats().Packets
	time.Sleep(500 * time.Millisecond)
	if got := rv.Stats().Packets; got != paused {
		t.Fatalf("disabled track still flowing: %d -> %d packets", paused, got)
	}
	setting(false)
	st := waitPackets(t, rv, paused+20)
	if st.Gaps != 0 || st.Backwards != 0 {
		t.Errorf("resume broke continuity: %+v", st)
	}

	unsub := func(subscribe bool) {
		if err := sub.Send(&livekit.SignalRequest{Message: &livekit.SignalRequest_Subscription{Subscription: &livekit.UpdateSubscription{
			Subscribe: subscribe, ParticipantTracks: []*livekit.ParticipantTracks{{TrackSids: []string{v.Info.GetSid()}}}}}}); err != nil {
			t.Fatal(err)
		}
	}
	unsub(false)
	deadline := time.Now().Add(10 * time.Second)
	for sub.RemoteTracks()[v.Info.GetSid()] != nil {
		if time.Now().After(deadline) {
			t.Fatal("track still received after unsubscribing")
		}
		time.Sleep(50 * time.Millisecond)
	}
	unsub(true)
	again, err := sub.WaitTrack(ctx, v.Info.GetSid())
	if err != nil {
		t.Fatal(err)
	}
	if st := waitPackets(t, again, 20); st.Gaps != 0 {
		t.Errorf("resubscribed stream has gaps: %+v", st)
	}
	var _ *client.RemoteTrack = again
}
