package roomservice_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/livekit/protocol/livekit"
	"google.golang.org/protobuf/encoding/protojson"
)

// A server that shuts down with people in a room still reports them: each
// participant's tracks unpublished, participant_left with SERVER_SHUTDOWN,
// then room_finished, as webhooks.
func TestShutdownReportsLeavesAndRoomFinished(t *testing.T) {
	h := startHarness(t)
	for _, id := range []string{"sd-alice", "sd-bob"} {
		body, _ := json.Marshal(map[string]any{"room": "sd", "identity": id, "publish": id == "sd-alice"})
		resp, err := http.Post(h.URL+"/ctl/join", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("join %s: %d", id, resp.StatusCode)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := h.mgr.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if err := h.hooks.Close(ctx); err != nil {
		t.Fatalf("webhooks not delivered: %v", err)
	}

	var names []string
	left := map[string]livekit.DisconnectReason{}
	h.mu.Lock()
	for _, rec := range h.received {
		var ev livekit.WebhookEvent
		if err := protojson.Unmarshal([]byte(rec.Body), &ev); err != nil {
			t.Fatalf("webhook body: %v", err)
		}
		if ev.GetRoom().GetName() != "sd" {
			continue
		}
		names = append(names, ev.GetEvent())
		if ev.GetEvent() == "participant_left" {
			left[ev.GetParticipant().GetIdentity()] = ev.GetParticipant().GetDisconnectReason()
		}
	}
	h.mu.Unlock()
	for _, id := range []string{"sd-alice", "sd-bob"} {
		if left[id] != livekit.DisconnectReason_SERVER_SHUTDOWN {
			t.Errorf("%s: participant_left reason %v; events %s", id, left[id], strings.Join(names, ","))
		}
	}
	if !slices.Contains(names, "track_unpublished") || names[len(names)-1] != "room_finished" {
		t.Fatalf("events %s: want track_unpublished, and room_finished last", strings.Join(names, ","))
	}
}
