package signal_test

import (
	"testing"
	"time"

	"github.com/livekit/protocol/livekit"

	"souk/sfu"
)

// highest returns the best quality a SubscribedQualityUpdate enables for
// codec, -1 when none.
func highest(u *livekit.SubscribedQualityUpdate, codec string) int {
	best := -1
	for _, c := range u.GetSubscribedCodecs() {
		if c.GetCodec() != codec {
			continue
		}
		for _, q := range c.GetQualities() {
			if q.GetEnabled() {
				best = max(best, int(q.GetQuality()))
			}
		}
	}
	return best
}

// A publisher learns which layers are watched (dynacast), a subscriber
// that disables a track is told it is paused, everyone gets connection
// quality, and the server's counters reflect the forwarding.
func TestDynacastStreamStateQualityAndStats(t *testing.T) {
	ts := startServer(t)
	sub := connect(t, ts, "dynacast", "sub")
	pub := connect(t, ts, "dynacast", "pub")
	_, v, _ := publishBoth(t, pub)
	ctx := waitCtx(t)
	sid := v.Info.GetSid()
	rv, err := sub.WaitTrack(ctx, sid)
	if err != nil {
		t.Fatal(err)
	}
	waitPackets(t, rv, 30)

	if _, err := pub.WaitFor(ctx, func(m *livekit.SignalResponse) bool {
		u := m.GetSubscribedQualityUpdate()
		return u.GetTrackSid() == sid && highest(u, "vp8") == int(livekit.VideoQuality_HIGH)
	}); err != nil {
		t.Fatalf("publisher not told its high layer is watched: %v", err)
	}

	// As livekit-client does, the settings always name a quality: HIGH
	// when the subscriber asks for nothing smaller.
	setDisabled := func(disabled bool) {
		t.Helper()
		if err := sub.Send(&livekit.SignalRequest{Message: &livekit.SignalRequest_TrackSetting{TrackSetting: &livekit.UpdateTrackSettings{
			TrackSids: []string{sid}, Disabled: disabled, Quality: livekit.VideoQuality_HIGH,
		}}}); err != nil {
			t.Fatal(err)
		}
	}
	setDisabled(true)
	if _, err := sub.WaitFor(ctx, func(m *livekit.SignalResponse) bool {
		for _, s := range m.GetStreamStateUpdate().GetStreamStates() {
			if s.GetTrackSid() == sid && s.GetState() == livekit.StreamState_PAUSED && s.GetParticipantSid() == pub.SID() {
				return true
			}
		}
		return false
	}); err != nil {
		t.Fatalf("no PAUSED stream state: %v", err)
	}
	if _, err := pub.WaitFor(ctx, func(m *livekit.SignalResponse) bool {
		u := m.GetSubscribedQualityUpdate()
		return u.GetTrackSid() == sid && highest(u, "vp8") < 0
	}); err != nil {
		t.Fatalf("publisher not told that nobody watches: %v", err)
	}
	// Nothing may arrive while paused: watch for a second (50 media
	// packets at the synthetic rate); two may be in flight.
	before := rv.Stats().Packets
	time.Sleep(time.Second)
	if got := rv.Stats().Packets; got > before+2 {
		t.Errorf("paused track still forwarded %d packets", got-before)
	}

	setDisabled(false)
	sawOff := false
	if _, err := pub.WaitFor(waitCtx(t), func(m *livekit.SignalResponse) bool {
		u := m.GetSubscribedQualityUpdate()
		if u.GetTrackSid() != sid {
			return false
		}
		if highest(u, "vp8") < 0 {
			sawOff = true
			return false
		}
		return sawOff && highest(u, "vp8") == int(livekit.VideoQuality_HIGH)
	}); err != nil {
		t.Fatalf("publisher not told the layer is watched again: %v", err)
	}
	waitPackets(t, rv, before+30)

	if _, err := sub.WaitFor(ctx, func(m *livekit.SignalResponse) bool {
		for _, u := range m.GetConnectionQuality().GetUpdates() {
			if u.GetParticipantSid() == pub.SID() && u.GetQuality() == livekit.ConnectionQuality_EXCELLENT {
				return true
			}
		}
		return false
	}); err != nil {
		t.Fatalf("no connection quality for the publisher: %v", err)
	}

	st := ts.mgr.Stats()
	t.Logf("stats: %+v", st)
	if st.Rooms != 1 || st.Participants != 2 || st.PublishedTracks != 2 || st.SubscribedTracks != 2 {
		t.Errorf("gauges: %+v", st)
	}
	if st.PacketsForwarded == 0 || st.BytesForwarded < st.PacketsForwarded*12 || st.PLIsSent == 0 || st.Pauses == 0 {
		t.Errorf("counters: %+v", st)
	}
	tracks := ts.mgr.TrackStats()
	var video *sfu.TrackStats
	for i := range tracks {
		if tracks[i].TrackSID == sid {
			video = &tracks[i]
		}
	}
	if len(tracks) != 2 || video == nil || video.Subscriber != "sub" || video.Publisher != pub.SID() ||
		video.PacketsForwarded == 0 || video.Pauses != 1 || video.Paused || video.Layer != 2 {
		t.Errorf("per-track stats: %+v", tracks)
	}
}

// livekit-client publishes a backup codec as an AddTrackRequest naming the
// existing track's sid. It stays one track: the answer names that track,
// subscribers see no second one, and dynacast keeps the backup's layers
// off.
func TestBackupCodecIsNoSecondTrack(t *testing.T) {
	ts := startServer(t)
	sub := connect(t, ts, "backup", "sub")
	pub := connect(t, ts, "backup", "pub")
	_, v, _ := publishBoth(t, pub)
	ctx := waitCtx(t)
	sid := v.Info.GetSid()
	if _, err := sub.WaitTrack(ctx, sid); err != nil {
		t.Fatal(err)
	}
	if err := pub.Send(&livekit.SignalRequest{Message: &livekit.SignalRequest_AddTrack{AddTrack: &livekit.AddTrackRequest{
		Cid: "backup-cid", Sid: sid, Type: livekit.TrackType_VIDEO, Source: livekit.TrackSource_CAMERA, Width: 1280, Height: 720,
		SimulcastCodecs: []*livekit.SimulcastCodec{{Codec: "h264", Cid: "backup-cid"}},
	}}}); err != nil {
		t.Fatal(err)
	}
	m, err := pub.WaitFor(ctx, func(m *livekit.SignalResponse) bool { return m.GetTrackPublished().GetCid() == "backup-cid" })
	if err != nil {
		t.Fatal(err)
	}
	if got := m.GetTrackPublished().GetTrack().GetSid(); got != sid {
		t.Fatalf("backup codec answered as track %s, want the published %s", got, sid)
	}
	if _, err := pub.WaitFor(ctx, func(m *livekit.SignalResponse) bool {
		u := m.GetSubscribedQualityUpdate()
		return u.GetTrackSid() == sid && highest(u, "vp8") >= 0 && len(u.GetSubscribedCodecs()) == 1
	}); err != nil {
		t.Fatalf("no dynacast update naming the track's own codec: %v", err)
	}
	// The publisher's info, as everyone sees it, still has one video track.
	infos, err := ts.mgr.ListParticipants("backup")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range infos {
		if p.GetIdentity() != "pub" {
			continue
		}
		video := 0
		for _, tr := range p.GetTracks() {
			if tr.GetType() == livekit.TrackType_VIDEO {
				video++
			}
		}
		if video != 1 {
			t.Fatalf("pub has %d video tracks after a backup codec, want 1", video)
		}
	}
}
