package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/livekit/protocol/auth"
	"github.com/livekit/protocol/livekit"

	"souk/benchmarks/mediabench"
)

// Against one node of a cluster the room may live on the other node: the
// node at --url relays the signalling, the media flows from the room's
// node, and the measured node forwards nothing. The report says so and
// does not divide the wrong node's CPU by packets; against the room's node
// it has nothing to warn about.
func TestBenchAgainstOneClusterNode(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs several souk processes")
	}
	e := newClusterEnv(t, buildSouk(t), clusterRedisURL())
	nodes := map[string]*soukNode{"a": e.start(t, "a"), "b": e.start(t, "b")}
	e.waitNodes(t, "a", "b")
	const room = "bench-far"
	svc := livekit.NewRoomServiceProtobufClient(nodes["a"].url, http.DefaultClient)
	if _, err := svc.CreateRoom(withAPIGrant(t, &auth.VideoGrant{RoomCreate: true}), &livekit.CreateRoomRequest{Name: room}); err != nil {
		t.Fatal(err)
	}
	host := e.roomNode(room)
	other := map[string]string{"a": "b", "b": "a"}[host]
	if other == "" {
		t.Fatalf("room recorded on %q", host)
	}
	bench := func(t *testing.T, url string) *mediabench.Report {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		var stdout, stderr bytes.Buffer
		err := run(ctx, []string{"bench", "--url", url, "--api-key", clusterKey, "--api-secret", clusterSecret, "--room", room,
			"--scenario", "livestream", "--subscribers", "2", "--duration", "2s", "--probe-packets", "0", "--json"}, nil, &stdout, &stderr)
		if err != nil {
			t.Fatalf("bench: %v\n%s", err, stderr.String())
		}
		var rep mediabench.Report
		if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
			t.Fatalf("report is not JSON: %v", err)
		}
		t.Logf("server forwarded %d packets (%s), reports %d participants; bots received %d; warnings: %v",
			rep.Server.ForwardedPackets, rep.Server.ForwardedFrom, rep.Server.Participants, rep.Total.Packets, rep.Warnings)
		return &rep
	}
	t.Run("the node relaying signalling", func(t *testing.T) {
		rep := bench(t, nodes[other].url)
		if rep.Total.Packets == 0 || rep.FailedSubscribers != 0 {
			t.Fatalf("media did not flow through the relayed join: %d packets, %d failed", rep.Total.Packets, rep.FailedSubscribers)
		}
		all := strings.Join(rep.Warnings, "\n")
		if !rep.Server.NotTheRoomsNode || !strings.Contains(all, `room "bench-far"`) || !strings.Contains(all, "another node") {
			t.Errorf("measuring node %s, which does not host the room, went unflagged (not the room's node %v): %q", other, rep.Server.NotTheRoomsNode, all)
		}
		if rep.Server.UsPerPacket != 0 {
			t.Errorf("CPU per packet computed from the wrong node: %.2f µs", rep.Server.UsPerPacket)
		}
	})
	t.Run("the room's node", func(t *testing.T) {
		rep := bench(t, nodes[host].url)
		if rep.Server.NotTheRoomsNode || len(rep.Warnings) > 0 {
			t.Errorf("the room's node %s flagged: %v", host, rep.Warnings)
		}
		if rep.Server.ForwardedPackets == 0 {
			t.Error("the room's node forwarded nothing")
		}
	})
}
