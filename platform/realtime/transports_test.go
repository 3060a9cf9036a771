package realtime_test

import (
	"fmt"
	"testing"

	"souk/platform/store/storetest"
)

// socket.io-client with its default options (long-polling first, then
// the upgrade to WebSocket) and with long-polling alone goes through the
// whole invitation flow: connect, join, broadcast, acknowledgements,
// held invitations.
func TestInvitationFlowOverEveryTransport(t *testing.T) {
	for _, tc := range []struct {
		name, transports string
		upgradedTo       string // what every engine upgraded to
	}{
		{"client defaults", "default", "websocket"},
		{"polling only", "polling", "<nil>"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t, storetest.Open(t, "sqlite"))
			a, b := e.user(t, "desks", "ala"), e.user(t, "desks", "bo")
			other := e.user(t, "tutoring", "ola")
			offline := e.user(t, "desks", "ed")
			n := e.start(t, nodeOptions{})
			r := scenarioWith(t, []string{"SOUK_TRANSPORTS=" + tc.transports}, "invitations",
				n.url, a.APIToken, a.User.ID, b.APIToken, b.User.ID, other.User.ID, offline.APIToken, offline.User.ID)

			expect(t, r, "invite.ok", true)
			expect(t, r, "invitationAtB.msg.type", "callInvitation")
			expect(t, r, "invitationAtB.msg.roomName", "call-x")
			expect(t, r, "invitationAtB.env.senderId", a.User.ID)
			expect(t, r, "callerJoins.ok", true)
			expect(t, r, "calleeJoins.ok", true)
			expect(t, r, "accept.state", "accepted")
			expect(t, r, "acceptAtA.msg.type", "acceptcallInvitation")
			expect(t, r, "acceptAgain.error.code", "not_found")
			expect(t, r, "reject.state", "rejected")
			expect(t, r, "rejectAtA.msg.type", "rejectcallInvitation")
			expect(t, r, "forged.error.code", "forbidden")
			expect(t, r, "offlineAtE.msg.roomName", "call-z")
			expect(t, r, "offlineAcceptAtA.msg.from", offline.User.ID)
			engines, _ := get(r, "engines").([]any)
			if len(engines) != 3 {
				t.Fatalf("engines %v, want three sockets", get(r, "engines"))
			}
			for i := range engines {
				expect(t, r, fmt.Sprintf("engines.%d.opened", i), "polling")
				if tc.upgradedTo != "<nil>" {
					expect(t, r, fmt.Sprintf("engines.%d.upgradedTo", i), tc.upgradedTo)
				} else {
					expect(t, r, fmt.Sprintf("engines.%d.upgradedTo", i), nil)
				}
			}
		})
	}
}
