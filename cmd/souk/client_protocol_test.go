package main

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/livekit/protocol/auth"
	"github.com/livekit/protocol/livekit"
	"google.golang.org/protobuf/proto"
)

// rawJoin joins room over /rtc as livekit-client does, announcing
// client_protocol 1, and returns the JoinResponse; the socket stays open
// until the test ends.
func rawJoin(t *testing.T, n *inProcessNode, room, identity string) *livekit.JoinResponse {
	t.Helper()
	tok, err := auth.NewAccessToken(n.key, n.secret).SetIdentity(identity).
		SetVideoGrant(&auth.VideoGrant{RoomJoin: true, Room: room}).SetValidFor(time.Hour).ToJWT()
	if err != nil {
		t.Fatal(err)
	}
	q := url.Values{"access_token": {tok}, "sdk": {"js"}, "version": {"2.15.0"}, "protocol": {"16"},
		"client_protocol": {"1"}, "auto_subscribe": {"1"}}
	u := "ws" + strings.TrimPrefix(n.url, "http") + "/rtc?" + q.Encode()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	ws, _, err := websocket.DefaultDialer.DialContext(ctx, u, nil)
	if err != nil {
		t.Fatalf("join %s: %v", identity, err)
	}
	t.Cleanup(func() { _ = ws.Close() })
	_ = ws.SetReadDeadline(time.Now().Add(20 * time.Second))
	_, raw, err := ws.ReadMessage()
	if err != nil {
		t.Fatal(err)
	}
	var res livekit.SignalResponse
	if err := proto.Unmarshal(raw, &res); err != nil {
		t.Fatal(err)
	}
	if res.GetJoin() == nil {
		t.Fatalf("first message is not a join response: %v", &res)
	}
	return res.GetJoin()
}

// With media.advertise_client_protocol on, the JoinResponse carries each
// participant's client_protocol; by default it stays 0 (the v1 RPC limit
// for everyone).
func TestAdvertiseClientProtocolWiring(t *testing.T) {
	for _, tc := range []struct {
		name string
		env  []string
		want int32
	}{
		{"default", nil, 0},
		{"on", []string{"SOUK_MEDIA_ADVERTISE_CLIENT_PROTOCOL=true"}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := startInProcess(t, tc.env...)
			first := rawJoin(t, n, "rpc", "alice")
			if got := first.GetParticipant().GetClientProtocol(); got != tc.want {
				t.Errorf("alice's own ParticipantInfo.client_protocol = %d, want %d", got, tc.want)
			}
			second := rawJoin(t, n, "rpc", "bob")
			others := second.GetOtherParticipants()
			if len(others) != 1 || others[0].GetIdentity() != "alice" {
				t.Fatalf("bob sees %v, want alice", others)
			}
			if got := others[0].GetClientProtocol(); got != tc.want {
				t.Errorf("alice's client_protocol as bob sees it = %d, want %d", got, tc.want)
			}
		})
	}
}
