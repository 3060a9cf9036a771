package realtime_test

import (
	"context"
	"testing"

	"souk/platform"
	"souk/platform/store"
	"souk/platform/store/storetest"
)

func TestCallInvitations(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		a, b := e.user(t, "desks", "ala"), e.user(t, "desks", "bo")
		other := e.user(t, "tutoring", "ola")
		offline := e.user(t, "desks", "ed")
		n := e.start(t, nodeOptions{})
		r := scenario(t, "invitations", n.url, a.APIToken, a.User.ID, b.APIToken, b.User.ID, other.User.ID, offline.APIToken, offline.User.ID)

		expect(t, r, "invite.ok", true)
		expect(t, r, "invite.state", "ringing")
		expect(t, r, "invitationAtB.msg.type", "callInvitation")
		expect(t, r, "invitationAtB.msg.from", a.User.ID)
		expect(t, r, "invitationAtB.msg.roomName", "call-x")
		expect(t, r, "invitationAtB.env.senderId", a.User.ID)
		expect(t, r, "invitationAtB.env.senderName", a.User.DisplayName)
		expect(t, r, "invitationAtB.env.room", "room_"+b.User.ID)
		expect(t, r, "callerJoins.ok", true)
		expect(t, r, "calleeJoins.ok", true)

		expect(t, r, "accept.ok", true)
		expect(t, r, "accept.state", "accepted")
		expect(t, r, "acceptAtA.msg.type", "acceptcallInvitation")
		expect(t, r, "acceptAtA.msg.from", b.User.ID)
		expect(t, r, "acceptAgain.error.code", "not_found")

		expect(t, r, "invite2.ok", true)
		expect(t, r, "invitation2AtB.msg.roomName", "call-y")
		expect(t, r, "reject.state", "rejected")
		expect(t, r, "rejectAtA.msg.type", "rejectcallInvitation")

		expect(t, r, "forged.error.code", "forbidden")
		expect(t, r, "personalRoomAsCall.error.code", "forbidden")
		expect(t, r, "otherSite.ok", false)
		expect(t, r, "otherSite.error.code", "not_found")
		expect(t, r, "answerUnknown.error.code", "not_found")

		expect(t, r, "offlineInvite.ok", true)
		expect(t, r, "offlineJoin.ok", true)
		expect(t, r, "offlineAtE.msg.type", "callInvitation")
		expect(t, r, "offlineAtE.msg.roomName", "call-z")
		expect(t, r, "offlineAccept.state", "accepted")
		expect(t, r, "offlineAcceptAtA.msg.from", offline.User.ID)

		ctx := context.Background()
		for room, want := range map[string]platform.CallState{"call-x": platform.CallAccepted, "call-y": platform.CallRejected, "call-z": platform.CallAccepted} {
			call, err := e.calls.FindCall(ctx, "desks", room)
			if err != nil || call.State != want {
				t.Errorf("call %s: %+v %v, want state %s", room, call, err, want)
			}
		}
		for _, room := range []string{"call-f", "call-o"} {
			if _, err := e.calls.FindCall(ctx, "desks", room); platform.ErrorCode(err) != platform.ENOTFOUND {
				t.Errorf("refused invitation recorded call %s: %v", room, err)
			}
		}
	})
}
