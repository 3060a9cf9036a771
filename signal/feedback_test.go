package signal_test

import (
	"context"
	"testing"
	"time"

	"github.com/livekit/protocol/auth"
	"github.com/livekit/protocol/livekit"
	"github.com/pion/webrtc/v4"
)

// A NACK is answered by the server from its cache: the subscriber sees the
// same sequence number again, and the publisher is not asked for anything.
func TestNACKAnsweredFromCache(t *testing.T) {
	ts := startServer(t)
	sub := connect(t, ts, "nack", "sub")
	pub := connect(t, ts, "nack", "pub")
	_, v, _ := publishBoth(t, pub)
	rv, err := sub.WaitTrack(waitCtx(t), v.Info.GetSid())
	if err != nil {
		t.Fatal(err)
	}
	st := waitPackets(t, rv, 40)
	if err := rv.NACK(st.LastSeq-5, st.LastSeq-3); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for rv.Stats().Duplicates < 2 {
		if time.Now().After(deadline) {
			t.Fatalf("retransmissions not received: %+v", rv.Stats())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestGrantPermissions(t *testing.T) {
	ts := startServer(t)
	ctx := waitCtx(t)
	watcher := connect(t, ts, "grants", "watcher")
	ghost := connect(t, ts, "grants", "ghost", func(g *auth.VideoGrant) { g.Hidden = true })
	noSub := connect(t, ts, "grants", "nosub", func(g *auth.VideoGrant) { g.SetCanSubscribe(false) })
	micOnly := connect(t, ts, "grants", "miconly", func(g *auth.VideoGrant) {
		g.SetCanPublishSources([]livekit.TrackSource{livekit.TrackSource_MICROPHONE})
	})

	// Hidden participants are in nobody's view.
	for _, p := range noSub.JoinResponse().GetOtherParticipants() {
		if p.GetIdentity() == "ghost" {
			t.Error("hidden participant listed in a JoinResponse")
		}
	}
	if !ghost.JoinResponse().GetParticipant().GetPermission().GetHidden() {
		t.Error("hidden participant's own permission lacks hidden")
	}

	// canPublishSources: the camera is refused, the microphone accepted.
	short, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	if _, err := micOnly.Publish(short, "cam", webrtc.MimeTypeVP8, livekit.TrackSource_CAMERA); err == nil {
		t.Error("camera accepted for a microphone-only grant")
	}
	mic, err := micOnly.Publish(ctx, "mic", webrtc.MimeTypeOpus, livekit.TrackSource_MICROPHONE)
	if err != nil {
		t.Fatal(err)
	}
	runCtx, stop := context.WithCancel(context.Background())
	defer stop()
	go (&synth{audio: mic}).run(runCtx)

	// The watcher gets the track; the participant without canSubscribe
	// does not.
	if _, err := watcher.WaitTrack(ctx, mic.Info.GetSid()); err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond)
	if len(noSub.RemoteTracks()) != 0 {
		t.Error("participant without canSubscribe received media")
	}
	if _, err := watcher.WaitFor(ctx, func(m *livekit.SignalResponse) bool {
		for _, p := range m.GetUpdate().GetParticipants() {
			if p.GetIdentity() == "ghost" {
				t.Error("hidden participant broadcast to others")
			}
		}
		return m.GetUpdate() != nil && hasIdentity(m.GetUpdate(), "miconly")
	}); err != nil {
		t.Fatal(err)
	}
}

func hasIdentity(u *livekit.ParticipantUpdate, id string) bool {
	for _, p := range u.GetParticipants() {
		if p.GetIdentity() == id {
			return true
		}
	}
	return false
}
