package realtime_test

import (
	"context"
	"testing"
	"time"

	"souk/platform"
	"souk/platform/store"
	"souk/platform/store/storetest"
)

// TestCallLife covers what happens to a ringing call besides an answer:
// the caller cancels it, another tab of the callee answers it, or nobody
// does and it expires.
func TestCallLife(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		a, b := e.user(t, "desks", "ala"), e.user(t, "desks", "bo")
		n := e.start(t, nodeOptions{invitationTTL: 2 * time.Second})
		r := scenario(t, "callstate", n.url, a.APIToken, a.User.ID, b.APIToken, b.User.ID)

		expect(t, r, "invite.state", "ringing")
		expect(t, r, "ringsAtB1.type", "callInvitation")
		expect(t, r, "ringsAtB2.type", "callInvitation")
		expect(t, r, "cancel.ok", true)
		expect(t, r, "cancel.state", "ended")
		expect(t, r, "cancelAtB1.type", "cancelcallInvitation")
		expect(t, r, "cancelStateAtB1.state", "ended")
		expect(t, r, "cancelStateAtB1.userId", a.User.ID)
		expect(t, r, "cancelStateAtB2.state", "ended")
		expect(t, r, "acceptCancelled.error.code", "not_found")
		expect(t, r, "cancelAgain.error.code", "not_found")

		expect(t, r, "invite2.ok", true)
		expect(t, r, "cancelByCallee.error.code", "not_found")
		expect(t, r, "accept.state", "accepted")
		expect(t, r, "answeredStateAtB2.state", "accepted")
		expect(t, r, "answeredStateAtB2.userId", b.User.ID)
		expect(t, r, "answeredStateAtA.state", "accepted")

		expect(t, r, "invite3.ok", true)
		expect(t, r, "callerJoins.ok", true)
		expect(t, r, "expiredAtA.state", "expired")
		expect(t, r, "expiredAtA.userId", "")
		expect(t, r, "expiredAtB1.state", "expired")
		expect(t, r, "expiredInRoom.state", "expired")
		expect(t, r, "acceptExpired.error.code", "not_found")
		expect(t, r, "inviteAgain.state", "ringing")
		expect(t, r, "ringsAgainAtB1.messageId", "e2")

		ctx := context.Background()
		for room, want := range map[string]platform.CallState{"call-c": platform.CallEnded, "call-d": platform.CallAccepted, "call-e": platform.CallRinging} {
			call, err := e.calls.FindCall(ctx, "desks", room)
			if err != nil || call.State != want {
				t.Errorf("call %s: %+v %v, want state %s", room, call, err, want)
			}
		}
	})
}
