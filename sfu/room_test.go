package sfu

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/livekit/protocol/auth"
	"github.com/livekit/protocol/livekit"
)

// recordingSink keeps every frame a participant is sent.
type recordingSink struct {
	mu     sync.Mutex
	frames []*livekit.SignalResponse
	closed string
}

func (s *recordingSink) Send(r *livekit.SignalResponse) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.frames = append(s.frames, r)
	return nil
}

func (s *recordingSink) Close(reason string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = reason
}

func (s *recordingSink) sent() []*livekit.SignalResponse {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.frames)
}

// waitFor polls the sink's frames until ok holds for them, within a
// deadline generous enough for a busy machine.
func (s *recordingSink) waitFor(t *testing.T, what string, ok func([]*livekit.SignalResponse) bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !ok(s.sent()) {
		if time.Now().After(deadline) {
			t.Fatalf("no %s within 30 s; frames: %v", what, s.sent())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// updatesAbout lists, in order, the snapshots of identity the frames
// carry in participant updates.
func updatesAbout(frames []*livekit.SignalResponse, identity string) []*livekit.ParticipantInfo {
	var out []*livekit.ParticipantInfo
	for _, f := range frames {
		for _, info := range f.GetUpdate().GetParticipants() {
			if info.GetIdentity() == identity {
				out = append(out, info)
			}
		}
	}
	return out
}

// hasUpdate reports whether one of frames' updates about identity
// satisfies ok.
func hasUpdate(identity string, ok func(*livekit.ParticipantInfo) bool) func([]*livekit.SignalResponse) bool {
	return func(frames []*livekit.SignalResponse) bool {
		return slices.ContainsFunc(updatesAbout(frames, identity), ok)
	}
}

// testManager is a manager on ephemeral ports whose rooms close 50 ms
// after they empty.
func testManager(t *testing.T, maxParticipants int) *Manager {
	t.Helper()
	m, err := NewManager(context.Background(), Config{WebRTC: WebRTCConfig{IncludeLoopback: true}, MaxParticipants: maxParticipants,
		EmptyTimeout: 50 * time.Millisecond}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = m.Close(context.Background()) })
	return m
}

// join admits identity to room with a grant to publish and subscribe.
func join(t *testing.T, m *Manager, room, identity string, sink Sink) (*Participant, error) {
	t.Helper()
	yes := true
	return m.Join(context.Background(), JoinRequest{Room: room, Identity: identity, SinglePC: true,
		Grant: &auth.VideoGrant{RoomJoin: true, Room: room, CanPublish: &yes, CanSubscribe: &yes}}, sink)
}

func mustJoin(t *testing.T, m *Manager, room, identity string) (*Participant, *recordingSink) {
	t.Helper()
	sink := &recordingSink{}
	p, err := join(t, m, room, identity, sink)
	if err != nil {
		t.Fatal(err)
	}
	return p, sink
}

// Joining, a full room and leaving: each newcomer's first frame is its
// JoinResponse naming those already there, the others hear of it, a
// participant over the limit is refused, a leave reaches the rest with
// its reason, and the room goes once its last participant left.
func TestRoomMembership(t *testing.T) {
	m := testManager(t, 2)
	_, aliceSink := mustJoin(t, m, "r", "alice")
	bob, bobSink := mustJoin(t, m, "r", "bob")

	first := bobSink.sent()[0].GetJoin()
	if first == nil {
		t.Fatalf("bob's first frame is %v, want the JoinResponse", bobSink.sent()[0])
	}
	var others []string
	for _, o := range first.GetOtherParticipants() {
		others = append(others, o.GetIdentity())
	}
	if !slices.Equal(others, []string{"alice"}) || first.GetRoom().GetNumParticipants() != 2 {
		t.Fatalf("bob joined a room of %d with %v, want 2 with alice", first.GetRoom().GetNumParticipants(), others)
	}
	if aliceSink.sent()[0].GetJoin() == nil || len(aliceSink.sent()[0].GetJoin().GetOtherParticipants()) != 0 {
		t.Fatalf("alice's first frame %v, want a JoinResponse naming nobody else", aliceSink.sent()[0])
	}
	aliceSink.waitFor(t, "update about bob", hasUpdate("bob", func(i *livekit.ParticipantInfo) bool {
		return i.GetState() != livekit.ParticipantInfo_DISCONNECTED
	}))

	if _, err := join(t, m, "r", "carol", &recordingSink{}); !errors.Is(err, ErrRoomFull) {
		t.Fatalf("a third participant in a room of two: %v, want ErrRoomFull", err)
	}
	if got := m.RoomParticipants("r"); !slices.Equal(got, []string{"alice", "bob"}) {
		t.Fatalf("participants %v after the refused join", got)
	}

	if err := bob.HandleRequest(context.Background(), &livekit.SignalRequest{Message: &livekit.SignalRequest_Leave{Leave: &livekit.LeaveRequest{}}}); err != nil {
		t.Fatal(err)
	}
	aliceSink.waitFor(t, "bob's departure", hasUpdate("bob", func(i *livekit.ParticipantInfo) bool {
		return i.GetState() == livekit.ParticipantInfo_DISCONNECTED && i.GetDisconnectReason() == livekit.DisconnectReason_CLIENT_INITIATED
	}))
	if got := m.RoomParticipants("r"); !slices.Equal(got, []string{"alice"}) {
		t.Fatalf("participants %v after bob left", got)
	}

	if err := m.RemoveParticipant("r", "alice"); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for len(m.ListRooms(nil)) != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("rooms %v still listed after the last participant left", m.ListRooms(nil))
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// A second session with an identity already in the room replaces the
// first: the old client is told why and closed, the others hear the old
// session leave before they hear of the new one, and the room keeps one
// participant of that identity.
func TestRoomDuplicateIdentityOrdering(t *testing.T) {
	m := testManager(t, 5)
	_, watcherSink := mustJoin(t, m, "r", "watcher")
	old, oldSink := mustJoin(t, m, "r", "alice")
	watcherSink.waitFor(t, "the first alice", hasUpdate("alice", func(i *livekit.ParticipantInfo) bool { return i.GetSid() == old.SID() }))

	replacement, newSink := mustJoin(t, m, "r", "alice")
	if replacement.SID() == old.SID() {
		t.Fatal("the second session reused the first one's sid")
	}
	if newSink.sent()[0].GetJoin() == nil {
		t.Fatalf("the new session's first frame is %v, want its JoinResponse", newSink.sent()[0])
	}
	leave := slices.IndexFunc(oldSink.sent(), func(f *livekit.SignalResponse) bool {
		return f.GetLeave().GetReason() == livekit.DisconnectReason_DUPLICATE_IDENTITY
	})
	if leave < 0 {
		t.Fatalf("the old session got no leave naming the duplicate identity: %v", oldSink.sent())
	}

	watcherSink.waitFor(t, "the second alice", hasUpdate("alice", func(i *livekit.ParticipantInfo) bool { return i.GetSid() == replacement.SID() }))
	updates := updatesAbout(watcherSink.sent(), "alice")
	gone := slices.IndexFunc(updates, func(i *livekit.ParticipantInfo) bool {
		return i.GetSid() == old.SID() && i.GetState() == livekit.ParticipantInfo_DISCONNECTED &&
			i.GetDisconnectReason() == livekit.DisconnectReason_DUPLICATE_IDENTITY
	})
	arrived := slices.IndexFunc(updates, func(i *livekit.ParticipantInfo) bool { return i.GetSid() == replacement.SID() })
	if gone < 0 || gone > arrived {
		t.Fatalf("the watcher heard the old alice leave at %d and the new one at %d of %v; want the leave first", gone, arrived, updates)
	}
	if p := m.RoomParticipants("r"); !slices.Equal(p, []string{"alice", "watcher"}) {
		t.Fatalf("participants %v, want one alice", p)
	}
	r, err := m.room("r")
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Participant("alice"); got != replacement {
		t.Fatalf("the room's alice is %v, want the new session %s", got, replacement.SID())
	}
}

// An operator's permission change reaches the participant and the
// others, revokes what it no longer allows, and a participant made
// hidden is no longer shown to the others.
func TestRoomPermissionUpdates(t *testing.T) {
	m := testManager(t, 5)
	alice, aliceSink := mustJoin(t, m, "r", "alice")
	_, bobSink := mustJoin(t, m, "r", "bob") // its JoinResponse names alice

	if _, err := m.UpdateParticipant("r", "alice", ParticipantChanges{Permission: &livekit.ParticipantPermission{
		CanSubscribe: true, CanPublish: false, CanPublishData: true}}); err != nil {
		t.Fatal(err)
	}
	noPublish := func(i *livekit.ParticipantInfo) bool {
		return i.GetPermission() != nil && !i.GetPermission().GetCanPublish() && i.GetPermission().GetCanSubscribe()
	}
	aliceSink.waitFor(t, "alice's own new permission", hasUpdate("alice", noPublish))
	bobSink.waitFor(t, "alice's new permission", hasUpdate("alice", noPublish))
	if alice.currentGrant().GetCanPublish() {
		t.Fatal("alice may still publish")
	}
	if err := alice.HandleRequest(context.Background(), &livekit.SignalRequest{Message: &livekit.SignalRequest_AddTrack{AddTrack: &livekit.AddTrackRequest{
		Cid: "cam", Name: "camera", Type: livekit.TrackType_VIDEO, Source: livekit.TrackSource_CAMERA}}}); err != nil {
		t.Fatal(err)
	}
	for _, f := range aliceSink.sent() {
		if f.GetTrackPublished() != nil {
			t.Fatalf("a track was published without permission: %v", f)
		}
	}

	if _, err := m.UpdateParticipant("r", "alice", ParticipantChanges{Permission: &livekit.ParticipantPermission{
		CanSubscribe: true, Hidden: true}}); err != nil {
		t.Fatal(err)
	}
	aliceSink.waitFor(t, "alice hidden", hasUpdate("alice", func(i *livekit.ParticipantInfo) bool { return i.GetPermission().GetHidden() }))
	before := len(updatesAbout(bobSink.sent(), "alice"))
	if _, err := m.UpdateParticipant("r", "alice", ParticipantChanges{Metadata: "while hidden"}); err != nil {
		t.Fatal(err)
	}
	aliceSink.waitFor(t, "alice's metadata", hasUpdate("alice", func(i *livekit.ParticipantInfo) bool { return i.GetMetadata() == "while hidden" }))
	if after := updatesAbout(bobSink.sent(), "alice"); len(after) != before {
		t.Fatalf("bob heard %d updates about hidden alice: %v", len(after)-before, after[before:])
	}
}
