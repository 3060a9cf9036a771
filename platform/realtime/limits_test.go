package realtime_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/gorilla/websocket"

	"souk/config"
	"souk/platform/store/storetest"
)

func TestLimits(t *testing.T) {
	e := newEnv(t, storetest.Open(t, "sqlite"))
	ala, bo := e.user(t, "desks", "ala"), e.user(t, "desks", "bo")
	ctx := context.Background()
	for _, room := range []string{"call-l1", "call-l2"} {
		if _, err := e.calls.InviteToCall(ctx, "desks", room, ala.User.ID, bo.User.ID); err != nil {
			t.Fatal(err)
		}
	}
	cfg := config.DefaultRealtime()
	cfg.MaxConnectionsPerUser = 2
	cfg.MaxRoomsPerSocket = 2
	cfg.MaxMessageBytes = 300
	cfg.MessageRate = 1
	cfg.MessageBurst = 3
	n := e.start(t, nodeOptions{cfg: &cfg})

	t.Run("connections per user", func(t *testing.T) {
		first := dialRaw(t, n, tokenQuery(bo.APIToken))
		first.handshake("")
		second := dialRaw(t, n, tokenQuery(bo.APIToken))
		second.handshake("")
		expectTooManyConnections(t, n, tokenQuery(bo.APIToken))
		first.c.Close()
		first.expectCloseQuietly()
		// The slot is released once the server noticed.
		eventually(t, func() bool { return connectAccepted(t, n, tokenQuery(bo.APIToken)) })
	})

	t.Run("rooms, size and rate", func(t *testing.T) {
		c := dialRaw(t, n, tokenQuery(ala.APIToken))
		c.handshake("")
		c.send(`421["join-room","room_` + ala.User.ID + `"]`)
		c.expect(`431[{"ok":true`)
		c.send(`422["join-room","room_call-l1"]`)
		c.expect(`432[{"ok":true`)
		c.send(`423["join-room","room_call-l2"]`)
		c.expect(`433[{"error":{"code":"rate_limited","message":"too many rooms`)

		// The burst is spent; from now on events are over the rate.
		c.send(`424["AuctionStreamAdapter_BROADCAST",{"SocketIOUniqueChannelName":"call-l1","data":"` + strings.Repeat("x", 400) + `"}]`)
		c.expect(`434[{"error":{"code":"rate_limited"`)
		for i := 5; i < 4+cfg.MessageBurst; i++ { // refusals 2..burst
			c.send(fmt.Sprintf(`42%d["leave-room","room_call-l1"]`, i))
			c.expect(fmt.Sprintf(`43%d[{"error":{"code":"rate_limited"`, i))
		}
		c.send(`42["leave-room","room_call-l1"]`)
		c.expect(`42["disconnect-reason",{"code":"rate_limited","message":"message rate exceeded"}]`)
		c.expect(`41`)
		if reason := c.expectClose(websocket.ClosePolicyViolation); reason != "message rate exceeded" {
			t.Errorf("close reason %q", reason)
		}
	})

	t.Run("message size", func(t *testing.T) {
		c := dialRaw(t, n, tokenQuery(ala.APIToken))
		c.handshake("")
		c.send(`421["AuctionStreamAdapter_BROADCAST",{"SocketIOUniqueChannelName":"call-l1","data":"` + strings.Repeat("x", 400) + `"}]`)
		c.expect(`431[{"error":{"code":"too_large"`)
	})
}
