package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/livekit/protocol/auth"
	"github.com/livekit/protocol/livekit"
	"github.com/pion/rtp"
	"github.com/pion/webrtc/v4"
	"github.com/redis/go-redis/v9"
	"github.com/twitchtv/twirp"

	"souk/cluster"
	"souk/platform/store/storetest"
	"souk/signal/client"
)

const (
	clusterKey    = "cluster-test"
	clusterSecret = "a-shared-media-secret-of-at-least-32-characters"
)

// clusterEnv is one deployment of several `souk serve` processes built
// from this tree, sharing a Redis (under a key prefix of their own) and a
// fresh PostgreSQL database.
type clusterEnv struct {
	bin      string
	redisURL string
	prefix   string
	dbURL    string
	rdb      *redis.Client
}

func newClusterEnv(t *testing.T, bin, redisURL string) *clusterEnv {
	t.Helper()
	opts, err := redis.ParseURL(redisURL)
	if err != nil {
		t.Fatal(err)
	}
	rdb := redis.NewClient(opts)
	b := make([]byte, 5)
	_, _ = rand.Read(b)
	e := &clusterEnv{bin: bin, redisURL: redisURL, prefix: "souktest-" + hex.EncodeToString(b), dbURL: storetest.NewPostgresDatabase(t), rdb: rdb}
	t.Cleanup(func() {
		ctx := context.Background()
		if keys, err := rdb.Keys(ctx, e.prefix+"*").Result(); err == nil && len(keys) > 0 {
			rdb.Del(ctx, keys...)
		}
		rdb.Close()
	})
	return e
}

type soukNode struct {
	id  string
	cmd *exec.Cmd
	url string
}

// start runs one node; extra SOUK_* settings come last and win.
func (e *clusterEnv) start(t *testing.T, id string, extra ...string) *soukNode {
	t.Helper()
	cmd, url, _ := startSouk(t, e.bin, e.env(id, extra...)...)
	return &soukNode{id: id, cmd: cmd, url: url}
}

// env is the configuration of node id in this deployment; extra SOUK_*
// settings come last and win.
func (e *clusterEnv) env(id string, extra ...string) []string {
	env := []string{
		"SOUK_REDIS_URL=" + e.redisURL,
		"SOUK_DATABASE_URL=" + e.dbURL,
		"SOUK_CLUSTER_PREFIX=" + e.prefix,
		"SOUK_REALTIME_REDIS_PREFIX=" + e.prefix + "-rt",
		"SOUK_CLUSTER_NODE_ID=" + id,
		"SOUK_CLUSTER_HEARTBEAT=300ms",
		"SOUK_CLUSTER_NODE_TTL=2s",
		"SOUK_CLUSTER_DRAIN_TIMEOUT=15s",
		"SOUK_MEDIA_KEYS=" + clusterKey + ":" + clusterSecret,
		"SOUK_MEDIA_NODE_IPS=127.0.0.1",
	}
	return append(env, extra...)
}

// waitNodes waits until the registry lists exactly ids.
func (e *clusterEnv) waitNodes(t *testing.T, ids ...string) {
	t.Helper()
	sort.Strings(ids)
	want := strings.Join(ids, ",")
	var got []string
	waitUntil(t, 20*time.Second, "registry lists "+want, func() bool {
		got = nil
		members, err := e.rdb.SMembers(context.Background(), e.prefix+":nodes").Result()
		if err != nil {
			return false
		}
		for _, id := range members {
			if e.rdb.Exists(context.Background(), e.prefix+":node:"+id).Val() == 1 {
				got = append(got, id)
			}
		}
		sort.Strings(got)
		return strings.Join(got, ",") == want
	})
}

// participantsOn is the participant count node id last reported (-1 when
// its entry is unreadable).
func (e *clusterEnv) participantsOn(id string) int {
	raw, err := e.rdb.Get(context.Background(), e.prefix+":node:"+id).Bytes()
	var n cluster.Node
	if err != nil || json.Unmarshal(raw, &n) != nil {
		return -1
	}
	return n.Load.Participants
}

// roomNode is the node id Redis records for room ("" when none).
func (e *clusterEnv) roomNode(room string) string {
	id, _ := e.rdb.Get(context.Background(), e.prefix+":room:"+room).Result()
	return id
}

func waitUntil(t *testing.T, within time.Duration, what string, cond func() bool) time.Duration {
	t.Helper()
	start := time.Now()
	for !cond() {
		if time.Since(start) > within {
			t.Fatalf("%s: not within %s", what, within)
		}
		time.Sleep(50 * time.Millisecond)
	}
	return time.Since(start)
}

// withAPIGrant is a context whose Twirp calls carry a server API token.
func withAPIGrant(t *testing.T, g *auth.VideoGrant) context.Context {
	t.Helper()
	jwt, err := auth.NewAccessToken(clusterKey, clusterSecret).SetVideoGrant(g).SetValidFor(time.Minute).ToJWT()
	if err != nil {
		t.Fatal(err)
	}
	ctx, err := twirp.WithHTTPRequestHeaders(context.Background(), http.Header{"Authorization": {"Bearer " + jwt}})
	if err != nil {
		t.Fatal(err)
	}
	return ctx
}

func mediaToken(t *testing.T, room, identity string) string {
	t.Helper()
	jwt, err := auth.NewAccessToken(clusterKey, clusterSecret).SetIdentity(identity).SetName(identity).
		SetVideoGrant(&auth.VideoGrant{RoomJoin: true, Room: room}).SetValidFor(time.Hour).ToJWT()
	if err != nil {
		t.Fatal(err)
	}
	return jwt
}

// caller is one participant who publishes a microphone track and, like
// livekit-client, rejoins on leave{action: RECONNECT} through whatever
// node entry() returns (the load balancer).
type caller struct {
	t        *testing.T
	room, id string
	entry    func() string

	c       *client.Client
	mic     *client.LocalTrack
	stop    context.CancelFunc
	joins   int
	lastURL string
}

func newCaller(t *testing.T, room, id string, entry func() string) *caller {
	k := &caller{t: t, room: room, id: id, entry: entry}
	t.Cleanup(k.close)
	return k
}

// join connects and publishes; it retries for a while, since a rejoin may
// race the registry noticing a dead node.
func (k *caller) join(within time.Duration) error {
	deadline := time.Now().Add(within)
	var lastErr error
	for time.Now().Before(deadline) {
		url := k.entry()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		c, err := client.Connect(ctx, client.Config{URL: url, Token: mediaToken(k.t, k.room, k.id), IncludeLoopback: true, SinglePC: true})
		if err == nil {
			var mic *client.LocalTrack
			mic, err = c.Publish(ctx, "mic", webrtc.MimeTypeOpus, livekit.TrackSource_MICROPHONE)
			if err != nil {
				c.Close()
			} else {
				cancel()
				k.c, k.mic, k.lastURL = c, mic, url
				k.joins++
				runCtx, stop := context.WithCancel(context.Background())
				k.stop = stop
				go sendOpus(runCtx, mic)
				return nil
			}
		}
		cancel()
		lastErr = err
		time.Sleep(200 * time.Millisecond)
	}
	return fmt.Errorf("%s could not join %s: %w", k.id, k.room, lastErr)
}

func (k *caller) close() {
	if k.stop != nil {
		k.stop()
	}
	if k.c != nil {
		k.c.Close()
	}
}

// hears waits until audio from other arrives (at least n packets after
// the call).
func (k *caller) hears(other *caller, n int, within time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), within)
	defer cancel()
	rt, err := k.c.WaitTrack(ctx, other.mic.Info.GetSid())
	if err != nil {
		return fmt.Errorf("%s never got %s's track: %w", k.id, other.id, err)
	}
	start := rt.Stats().Packets
	for rt.Stats().Packets < start+n {
		select {
		case <-ctx.Done():
			return fmt.Errorf("%s: only %d packets from %s", k.id, rt.Stats().Packets-start, other.id)
		case <-time.After(50 * time.Millisecond):
		}
	}
	return nil
}

// leave is the next leave the server sent, if any.
func (k *caller) leave(within time.Duration) (*livekit.LeaveRequest, error) {
	ctx, cancel := context.WithTimeout(context.Background(), within)
	defer cancel()
	m, err := k.c.WaitFor(ctx, func(m *livekit.SignalResponse) bool { return m.GetLeave() != nil })
	if err != nil {
		return nil, err
	}
	return m.GetLeave(), nil
}

// followLeave does what livekit-client does with a leave: RECONNECT means
// a full rejoin; DISCONNECT ends the call (an error here).
func (k *caller) followLeave(within time.Duration) error {
	l, err := k.leave(within)
	if err != nil {
		return fmt.Errorf("%s got no leave: %w", k.id, err)
	}
	if l.GetAction() != livekit.LeaveRequest_RECONNECT || !l.GetCanReconnect() {
		return fmt.Errorf("%s was told to leave for good: %v", k.id, l)
	}
	k.close()
	return k.join(within)
}

func sendOpus(ctx context.Context, t *client.LocalTrack) {
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	var seq uint16
	var ts uint32
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		seq++
		ts += 960
		_ = t.WriteRTP(&rtp.Packet{Header: rtp.Header{Version: 2, SequenceNumber: seq, Timestamp: ts, Marker: true}, Payload: []byte{0xf8, 0xff, 0xfe}})
	}
}

func exchange(t *testing.T, a, b *caller) {
	t.Helper()
	if err := a.hears(b, 50, 20*time.Second); err != nil {
		t.Fatal(err)
	}
	if err := b.hears(a, 50, 20*time.Second); err != nil {
		t.Fatal(err)
	}
}

func clusterRedisURL() string {
	if u := os.Getenv("SOUK_TEST_REDIS_URL"); u != "" {
		return u
	}
	return "redis://127.0.0.1:6379/0"
}

// Several souk processes on one Redis and one PostgreSQL behave as one
// deployment. Subtests share the binary; each has its own nodes, key
// prefix and database.
func TestCluster(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs several souk processes")
	}
	bin := buildSouk(t)

	t.Run("participants on different nodes share one room", func(t *testing.T) {
		e := newClusterEnv(t, bin, clusterRedisURL())
		a, b := e.start(t, "a"), e.start(t, "b")
		e.waitNodes(t, "a", "b")
		alice := newCaller(t, "standup", "alice", func() string { return a.url })
		bob := newCaller(t, "standup", "bob", func() string { return b.url })
		if err := alice.join(20 * time.Second); err != nil {
			t.Fatal(err)
		}
		if err := bob.join(20 * time.Second); err != nil {
			t.Fatal(err)
		}
		host := e.roomNode("standup")
		if host != "a" && host != "b" {
			t.Fatalf("room recorded on %q", host)
		}
		exchange(t, alice, bob)
		t.Logf("room on %s; alice entered through a, bob through b", host)
	})

	t.Run("RoomService on any node answers for every node's rooms", func(t *testing.T) {
		e := newClusterEnv(t, bin, clusterRedisURL())
		nodes := map[string]*soukNode{"a": e.start(t, "a"), "b": e.start(t, "b")}
		e.waitNodes(t, "a", "b")
		// CreateRoom through a places each room; the least-loaded node
		// alternates, so create until both nodes host one.
		twirpOn := func(id string) livekit.RoomService {
			return livekit.NewRoomServiceProtobufClient(nodes[id].url, http.DefaultClient)
		}
		created := map[string]string{} // room -> node
		for i := 0; i < 6; i++ {
			room := fmt.Sprintf("rs-%d", i)
			if _, err := twirpOn("a").CreateRoom(withAPIGrant(t, &auth.VideoGrant{RoomCreate: true}), &livekit.CreateRoomRequest{Name: room}); err != nil {
				t.Fatalf("CreateRoom %s: %v", room, err)
			}
			host := e.roomNode(room)
			created[room] = host
			// A participant makes the room's node the busier one, once
			// its heartbeat says so.
			k := newCaller(t, room, "guest", func() string { return nodes["a"].url })
			if err := k.join(20 * time.Second); err != nil {
				t.Fatal(err)
			}
			want := 0
			for _, n := range created {
				if n == host {
					want++
				}
			}
			waitUntil(t, 20*time.Second, "node "+host+" reports its participants", func() bool { return e.participantsOn(host) >= want })
		}
		var onB string
		for room, n := range created {
			if n == "b" {
				onB = room
			}
		}
		if onB == "" {
			t.Fatalf("no room was placed on b: %v", created)
		}
		for _, via := range []string{"a", "b"} {
			list, err := twirpOn(via).ListRooms(withAPIGrant(t, &auth.VideoGrant{RoomList: true}), &livekit.ListRoomsRequest{})
			if err != nil {
				t.Fatalf("ListRooms via %s: %v", via, err)
			}
			seen := map[string]int{}
			for _, r := range list.GetRooms() {
				seen[r.GetName()]++
			}
			for room := range created {
				if seen[room] != 1 {
					t.Errorf("ListRooms via %s lists %s %d times (rooms: %v)", via, room, seen[room], seen)
				}
			}
		}
		// Calls about one room reach its node wherever they arrive.
		admin := withAPIGrant(t, &auth.VideoGrant{RoomAdmin: true, Room: onB})
		ps, err := twirpOn("a").ListParticipants(admin, &livekit.ListParticipantsRequest{Room: onB})
		if err != nil || len(ps.GetParticipants()) != 1 || ps.GetParticipants()[0].GetIdentity() != "guest" {
			t.Fatalf("ListParticipants of %s (on b) via a = %v, %v", onB, ps, err)
		}
		if _, err := twirpOn("a").RemoveParticipant(admin, &livekit.RoomParticipantIdentity{Room: onB, Identity: "guest"}); err != nil {
			t.Fatalf("RemoveParticipant via a: %v", err)
		}
		ps, err = twirpOn("b").ListParticipants(admin, &livekit.ListParticipantsRequest{Room: onB})
		if err != nil || len(ps.GetParticipants()) != 0 {
			t.Fatalf("after the removal via a, b lists %v, %v", ps, err)
		}
		if _, err := twirpOn("a").ListParticipants(withAPIGrant(t, &auth.VideoGrant{RoomAdmin: true, Room: "nowhere"}), &livekit.ListParticipantsRequest{Room: "nowhere"}); err == nil {
			t.Fatal("ListParticipants of a room no node hosts succeeded")
		} else if te, ok := err.(twirp.Error); !ok || te.Code() != twirp.NotFound {
			t.Fatalf("ListParticipants of a room no node hosts: %v, want not_found", err)
		}
	})

	t.Run("a killed node's rooms are re-created elsewhere on rejoin", func(t *testing.T) {
		e := newClusterEnv(t, bin, clusterRedisURL())
		nodes := map[string]*soukNode{"a": e.start(t, "a"), "b": e.start(t, "b")}
		e.waitNodes(t, "a", "b")
		// The first join places the room; both callers then enter through
		// the other node, which stays up.
		probe := newCaller(t, "kill", "probe", func() string { return nodes["a"].url })
		if err := probe.join(20 * time.Second); err != nil {
			t.Fatal(err)
		}
		host := e.roomNode("kill")
		survivor := map[string]string{"a": "b", "b": "a"}[host]
		probe.close()
		entry := func() string { return nodes[survivor].url }
		alice, bob := newCaller(t, "kill", "alice", entry), newCaller(t, "kill", "bob", entry)
		for _, k := range []*caller{alice, bob} {
			if err := k.join(20 * time.Second); err != nil {
				t.Fatal(err)
			}
		}
		exchange(t, alice, bob)
		if err := nodes[host].cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		killed := time.Now()
		alice.close()
		bob.close()
		for _, k := range []*caller{alice, bob} {
			if err := k.join(30 * time.Second); err != nil {
				t.Fatal(err)
			}
		}
		exchange(t, alice, bob)
		if got := e.roomNode("kill"); got != survivor {
			t.Fatalf("room recorded on %q after %s died, want %s", got, host, survivor)
		}
		t.Logf("room moved from %s to %s; call back %s after SIGKILL", host, survivor, time.Since(killed).Round(time.Millisecond))
	})

	t.Run("SIGTERM drain moves every participant", func(t *testing.T) {
		e := newClusterEnv(t, bin, clusterRedisURL())
		nodes := map[string]*soukNode{"a": e.start(t, "a"), "b": e.start(t, "b")}
		e.waitNodes(t, "a", "b")
		// The load balancer: the first node whose /readyz answers 200.
		lb := func() string {
			for _, id := range []string{"a", "b"} {
				resp, err := http.Get(nodes[id].url + "/readyz")
				if err == nil {
					resp.Body.Close()
					if resp.StatusCode == http.StatusOK {
						return nodes[id].url
					}
				}
			}
			return nodes["a"].url
		}
		alice := newCaller(t, "drain", "alice", func() string { return nodes["a"].url })
		if err := alice.join(20 * time.Second); err != nil {
			t.Fatal(err)
		}
		host := e.roomNode("drain")
		other := map[string]string{"a": "b", "b": "a"}[host]
		// Bob enters through the node that does not host the room.
		bob := newCaller(t, "drain", "bob", func() string { return nodes[other].url })
		if err := bob.join(20 * time.Second); err != nil {
			t.Fatal(err)
		}
		exchange(t, alice, bob)
		alice.entry, bob.entry = lb, lb

		if err := nodes[host].cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		errs := make(chan error, 2)
		for _, k := range []*caller{alice, bob} {
			go func() { errs <- k.followLeave(20 * time.Second) }()
		}
		for range 2 {
			if err := <-errs; err != nil {
				t.Fatal(err)
			}
		}
		exchange(t, alice, bob)
		moved := time.Since(start)
		if got := e.roomNode("drain"); got != other {
			t.Fatalf("room recorded on %q after the drain, want %s", got, other)
		}
		exited := make(chan error, 1)
		go func() { exited <- nodes[host].cmd.Wait() }()
		select {
		case err := <-exited:
			if err != nil {
				t.Fatalf("drained node exited with %v", err)
			}
		case <-time.After(30 * time.Second):
			t.Fatal("drained node did not exit")
		}
		e.waitNodes(t, other)
		t.Logf("drain of %s: both participants talking again on %s %s after SIGTERM", host, other, moved.Round(time.Millisecond))
	})

	t.Run("a node without the sfu role relays to one with it", func(t *testing.T) {
		e := newClusterEnv(t, bin, clusterRedisURL())
		web := e.start(t, "web", "SOUK_CLUSTER_ROLES=platform")
		media := e.start(t, "media", "SOUK_CLUSTER_ROLES=sfu,turn", "SOUK_MEDIA_TURN_ENABLED=false")
		e.waitNodes(t, "media", "web")
		alice := newCaller(t, "split", "alice", func() string { return web.url })
		bob := newCaller(t, "split", "bob", func() string { return media.url })
		for _, k := range []*caller{alice, bob} {
			if err := k.join(20 * time.Second); err != nil {
				t.Fatal(err)
			}
		}
		exchange(t, alice, bob)
		if got := e.roomNode("split"); got != "media" {
			t.Fatalf("room placed on %q, want the only node with the sfu role", got)
		}
		// RoomService calls to the node without rooms reach the media node.
		rs := livekit.NewRoomServiceJSONClient(web.url, http.DefaultClient)
		list, err := rs.ListRooms(withAPIGrant(t, &auth.VideoGrant{RoomList: true}), &livekit.ListRoomsRequest{})
		if err != nil || len(list.GetRooms()) != 1 || list.GetRooms()[0].GetName() != "split" {
			t.Fatalf("ListRooms via the platform-only node = %v, %v", list, err)
		}
		ps, err := rs.ListParticipants(withAPIGrant(t, &auth.VideoGrant{RoomAdmin: true, Room: "split"}), &livekit.ListParticipantsRequest{Room: "split"})
		if err != nil || len(ps.GetParticipants()) != 2 {
			t.Fatalf("ListParticipants via the platform-only node = %v, %v", ps, err)
		}
		if _, err := rs.ListRooms(withAPIGrant(t, &auth.VideoGrant{RoomAdmin: true, Room: "split"}), &livekit.ListRoomsRequest{}); err == nil {
			t.Fatal("ListRooms without the roomList grant succeeded through the relay")
		}
		// The media-only node serves no platform API.
		resp, err := http.Post(media.url+"/api/auth/login", "application/json", strings.NewReader(`{"email":"a@example.com","password":"x"}`))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound {
			t.Fatalf("login on the media-only node: %d, want 404", resp.StatusCode)
		}
	})

	t.Run("signing out on the platform node ends the call on the media node", func(t *testing.T) {
		e := newClusterEnv(t, bin, clusterRedisURL())
		web := e.start(t, "web", "SOUK_CLUSTER_ROLES=platform")
		media := e.start(t, "media", "SOUK_CLUSTER_ROLES=sfu,turn", "SOUK_MEDIA_TURN_ENABLED=false")
		e.waitNodes(t, "media", "web")
		alice := signUp(t, web.url, "alice@example.com")
		bob := signUp(t, web.url, "bob@example.com")
		var call struct{ RoomName string }
		if code := postJSON(t, web.url+"/api/calls", alice.AccessToken, `{"calleeId":"`+bob.UserID+`"}`, &call); code != 201 {
			t.Fatalf("create call: %d", code)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		join := func(u platformUser, through string) (*client.Client, error) {
			c, err := client.Connect(ctx, client.Config{URL: through, Token: callToken(t, web.url, u, call.RoomName), IncludeLoopback: true})
			if err == nil {
				t.Cleanup(c.Close)
			}
			return c, err
		}
		aliceClient, err := join(alice, web.url)
		if err != nil {
			t.Fatal(err)
		}
		bobClient, err := join(bob, media.url)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		if code := postJSON(t, web.url+"/api/auth/logout", alice.AccessToken, `{}`, nil); code >= 300 {
			t.Fatalf("logout: %d", code)
		}
		if _, err := aliceClient.WaitFor(ctx, func(m *livekit.SignalResponse) bool {
			return m.GetLeave().GetReason() == livekit.DisconnectReason_PARTICIPANT_REMOVED
		}); err != nil {
			t.Fatalf("alice got no leave with PARTICIPANT_REMOVED: %v", err)
		}
		if _, err := bobClient.WaitFor(ctx, func(m *livekit.SignalResponse) bool {
			for _, p := range m.GetUpdate().GetParticipants() {
				if p.GetIdentity() == alice.UserID && p.GetDisconnectReason() == livekit.DisconnectReason_PARTICIPANT_REMOVED {
					return true
				}
			}
			return false
		}); err != nil {
			t.Fatalf("bob did not see alice removed: %v", err)
		}
		t.Logf("alice removed on the media node %v after logout on the platform node", time.Since(start).Round(time.Millisecond))
	})

	t.Run("the per-IP login limit holds across nodes", func(t *testing.T) {
		e := newClusterEnv(t, bin, clusterRedisURL())
		limit := "SOUK_PLATFORM_RATE_LIMIT_LOGIN_PER_IP_PER_MINUTE=6"
		nodes := []*soukNode{e.start(t, "a", limit), e.start(t, "b", limit)}
		login := func(n *soukNode, email string) int {
			t.Helper()
			body := fmt.Sprintf(`{"email":%q,"password":"not-the-password"}`, email)
			resp, err := http.Post(n.url+"/api/auth/login", "application/json", strings.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			return resp.StatusCode
		}
		// Six attempts spread over both nodes are within the limit (a
		// different account each time, so only the per-IP limit counts).
		for i := range 6 {
			if got := login(nodes[i%2], fmt.Sprintf("nobody%d@example.com", i)); got == http.StatusTooManyRequests || got >= 500 {
				t.Fatalf("attempt %d on %s: status %d", i+1, nodes[i%2].id, got)
			}
		}
		// Each node alone has seen only three: the seventh is refused on
		// both because the count is shared.
		for _, n := range nodes {
			if got := login(n, "someone-else@example.com"); got != http.StatusTooManyRequests {
				t.Fatalf("attempt beyond the shared limit on %s: status %d, want 429", n.id, got)
			}
		}
	})

	t.Run("the per-account login back-off holds across nodes", func(t *testing.T) {
		e := newClusterEnv(t, bin, clusterRedisURL())
		nodes := []*soukNode{e.start(t, "a"), e.start(t, "b")}
		login := func(n *soukNode) int {
			t.Helper()
			resp, err := http.Post(n.url+"/api/auth/login", "application/json",
				strings.NewReader(`{"email":"target@example.com","password":"not-the-password"}`))
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			return resp.StatusCode
		}
		// Five failures (the default allowance) spread over both nodes;
		// the fifth makes this network wait, on every node.
		for i := range 5 {
			if got := login(nodes[i%2]); got != http.StatusUnauthorized {
				t.Fatalf("failure %d on %s: status %d, want 401", i+1, nodes[i%2].id, got)
			}
		}
		for _, n := range nodes {
			if got := login(n); got != http.StatusTooManyRequests {
				t.Fatalf("attempt after the allowance on %s: status %d, want 429", n.id, got)
			}
		}
	})

	t.Run("a node frozen past the TTL gives up its copy of a room", func(t *testing.T) { frozenPastTheTTL(t, bin) })

	t.Run("Redis restarted during a call", func(t *testing.T) {
		redisSrv := startPrivateRedis(t)
		e := newClusterEnv(t, bin, redisSrv.url)
		a, b := e.start(t, "a"), e.start(t, "b")
		e.waitNodes(t, "a", "b")
		alice := newCaller(t, "chaos", "alice", func() string { return a.url })
		if err := alice.join(20 * time.Second); err != nil {
			t.Fatal(err)
		}
		host := e.roomNode("chaos")
		bob := newCaller(t, "chaos", "bob", func() string { return map[string]string{"a": b.url, "b": a.url}[host] })
		if err := bob.join(20 * time.Second); err != nil {
			t.Fatal(err)
		}
		exchange(t, alice, bob)

		redisSrv.stop(t)
		// The call goes on without Redis.
		exchange(t, alice, bob)
		// A join that needs Redis is refused with a clear reason.
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		_, err := client.Connect(ctx, client.Config{URL: a.url, Token: mediaToken(t, "elsewhere", "carol"), IncludeLoopback: true, SinglePC: true})
		cancel()
		var refused *client.HTTPError
		if !errors.As(err, &refused) || refused.Status != http.StatusServiceUnavailable || !strings.Contains(refused.Body, "try again") {
			t.Fatalf("join while Redis is down: %v, want 503 with a reason", err)
		}
		t.Logf("refused while Redis is down: %s", strings.TrimSpace(refused.Body))

		redisSrv.start(t)
		restarted := time.Now()
		// New joins work again: into the running call through the node
		// that does not host it (the host re-records its room, and no
		// second copy is started meanwhile), and into a new room once the
		// registry epoch settled (about a node TTL). The deadlines leave
		// room for a busy machine; the time it took is logged.
		const busy = 45 * time.Second
		carol := newCaller(t, "chaos", "carol", func() string { return map[string]string{"a": b.url, "b": a.url}[host] })
		if err := carol.join(busy); err != nil {
			t.Fatal(err)
		}
		dave := newCaller(t, "fresh", "dave", func() string { return a.url })
		if err := dave.join(busy); err != nil {
			t.Fatal(err)
		}
		back := time.Since(restarted)
		if err := carol.hears(alice, 50, busy); err != nil {
			t.Fatal(err)
		}
		if err := alice.hears(carol, 50, busy); err != nil {
			t.Fatal(err)
		}
		if got := e.roomNode("chaos"); got != host {
			t.Fatalf("the running call is recorded on %q after the restart, want its host %s", got, host)
		}
		exchange(t, alice, bob)
		t.Logf("joins work again %s after Redis restarted; the call never stopped", back.Round(time.Millisecond))
	})
}

// privateRedis is a redis-server of one test, on a free port, which the
// test may stop and start (never the shared one).
type privateRedis struct {
	port string
	url  string
	cmd  *exec.Cmd
}

func startPrivateRedis(t *testing.T) *privateRedis {
	t.Helper()
	if _, err := exec.LookPath("redis-server"); err != nil {
		t.Fatal("redis-server is not installed (apt-get install redis-server)")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	ln.Close()
	r := &privateRedis{port: port, url: "redis://127.0.0.1:" + port + "/0"}
	r.start(t)
	t.Cleanup(func() {
		if r.cmd != nil {
			r.cmd.Process.Kill()
			r.cmd.Wait()
		}
	})
	return r
}

func (r *privateRedis) start(t *testing.T) {
	t.Helper()
	r.cmd = exec.Command("redis-server", "--port", r.port, "--bind", "127.0.0.1", "--save", "", "--appendonly", "no")
	if err := r.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	opts, _ := redis.ParseURL(r.url)
	rdb := redis.NewClient(opts)
	defer rdb.Close()
	waitUntil(t, 10*time.Second, "private redis answers", func() bool { return rdb.Ping(context.Background()).Err() == nil })
}

func (r *privateRedis) stop(t *testing.T) {
	t.Helper()
	r.cmd.Process.Kill()
	r.cmd.Wait()
	r.cmd = nil
}
