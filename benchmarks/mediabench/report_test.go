package mediabench

import (
	"bytes"
	"hash/maphash"
	"strings"
	"testing"
	"time"

	"github.com/pion/rtp"

	"souk/signal/client"
)

// reportFixture is a run with one publisher of video and audio and one
// subscriber that received the tracks named in got, each packets long,
// measured against a server whose metrics say forwarded and participants.
func reportFixture(t *testing.T, got []string, packets int, forwarded, participants float64) *Report {
	t.Helper()
	o := &Options{URL: "http://127.0.0.1:7880", APIKey: "k", APISecret: "s"}
	o.Defaults()
	run := &runner{opts: o, room: "bench-livestream", serverName: "http://127.0.0.1:7880/metrics",
		hists: map[string]*histogram{"video": {}, "audio": {}}}
	pub := &bot{identity: "publisher-1", pubs: []*pubTrack{{kind: "video"}, {kind: "audio"}}}
	sub := &bot{identity: "subscriber-1", recv: map[*client.RemoteTrack]*recvTrack{}}
	run.pubs, run.subs = []*bot{pub}, []*bot{sub}

	at := time.Now()
	start := runSnapshot{at: at, server: serverSample{forwarded: 1000, participants: participants}, recv: map[*recvTrack]recvSnapshot{}}
	for _, kind := range got {
		r := &recvTrack{kind: kind, clockRate: 90000, stamps: newStampTable(maphash.MakeSeed()), delays: &histogram{}}
		sub.recv[&client.RemoteTrack{}] = r
		r.packet(&rtp.Packet{Header: rtp.Header{SequenceNumber: 1}}, at)
		start.recv[r] = r.snapshot()
		for i := range packets {
			r.packet(&rtp.Packet{Header: rtp.Header{SequenceNumber: uint16(2 + i), Timestamp: uint32(i) * 3000}}, at.Add(time.Duration(i)*time.Millisecond))
		}
	}
	end := run.snapshot(t.Context(), &serverWatch{})
	end.at = at.Add(2 * time.Second)
	end.server = serverSample{forwarded: 1000 + forwarded, participants: participants}
	if forwarded < 0 {
		start.server.forwarded, end.server.forwarded = -1, -1 // a server without the counter
	}
	return run.report(start, end)
}

// A subscriber sent video and audio that receives only audio has failed,
// however clean its audio is; one that receives both is held.
func TestSubscriberWithoutVideoFails(t *testing.T) {
	cases := []struct {
		name        string
		got         []string
		wantProblem string
		wantHeld    int
	}{
		{"video and audio", []string{"video", "audio"}, "", 1},
		{"audio only", []string{"audio"}, "no video", 0},
		{"video only", []string{"video"}, "no audio", 0},
		{"nothing", nil, "no media", 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rep := reportFixture(t, tc.got, 50, float64(50*len(tc.got)), 2)
			if rep.HeldUnderOnePercent != tc.wantHeld {
				t.Errorf("held under 1 %%: %d, want %d", rep.HeldUnderOnePercent, tc.wantHeld)
			}
			if got := rep.PerSub[0].Problem; got != tc.wantProblem {
				t.Errorf("problem %q, want %q", got, tc.wantProblem)
			}
			err := rep.Failure()
			if tc.wantProblem == "" {
				if err != nil || rep.FailedSubscribers != 0 {
					t.Errorf("failure %v (%d failed), want none", err, rep.FailedSubscribers)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.wantProblem) || rep.FailedSubscribers != 1 {
				t.Errorf("failure %v (%d failed), want one naming %q", err, rep.FailedSubscribers, tc.wantProblem)
			}
			var table bytes.Buffer
			rep.WriteTable(&table)
			if !strings.Contains(table.String(), "FAILED: "+tc.wantProblem+": subscriber-1") {
				t.Errorf("the table does not name the failed subscriber:\n%s", table.String())
			}
		})
	}
}

// The server's own counts are checked against what the bots received: a
// server that forwarded nothing, or hosts fewer participants than the run
// has, is not the room's node (a cluster node that relayed signalling).
func TestServerCountsCrossChecked(t *testing.T) {
	cases := []struct {
		name                    string
		forwarded, participants float64
		wantWarning             string
		notTheRoomsNode         bool
	}{
		{"agrees", 100, 2, "", false},
		{"forwarded nothing", 0, 0, "not the server that forwarded this room's media", true},
		{"hosts none of the bots", 100, 0, "it does not host room", true},
		{"forwarded far more", 400, 2, "more than the bots received", false},
		{"metrics without the counters", -1, -1, "", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rep := reportFixture(t, []string{"video", "audio"}, 50, tc.forwarded, tc.participants)
			all := strings.Join(rep.Warnings, "\n")
			if tc.wantWarning == "" && len(rep.Warnings) > 0 {
				t.Errorf("unexpected warnings:\n%s", all)
			}
			if tc.wantWarning != "" && !strings.Contains(all, tc.wantWarning) {
				t.Errorf("warnings %q lack %q", all, tc.wantWarning)
			}
			if rep.Server.NotTheRoomsNode != tc.notTheRoomsNode {
				t.Errorf("not the room's node = %v, want %v", rep.Server.NotTheRoomsNode, tc.notTheRoomsNode)
			}
			if tc.notTheRoomsNode && !strings.Contains(all, `"bench-livestream"`) {
				t.Errorf("the warning does not name the room: %s", all)
			}
		})
	}
}
