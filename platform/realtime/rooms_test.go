package realtime_test

import (
	"context"
	"testing"

	"souk/platform/store"
	"souk/platform/store/storetest"
)

func TestRoomsBroadcastsAndAcks(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		a, b, c := e.user(t, "desks", "ala"), e.user(t, "desks", "bo"), e.user(t, "desks", "cy")
		call, err := e.calls.InviteToCall(context.Background(), "desks", "call-rooms-1", a.User.ID, b.User.ID)
		if err != nil {
			t.Fatal(err)
		}
		n := e.start(t, nodeOptions{})
		r := scenario(t, "rooms", n.url, a.APIToken, a.User.ID, b.APIToken, b.User.ID, c.APIToken, c.User.ID, call.RoomName)
		if st := n.svc.Stats(); st.MessagesReceived == 0 || st.MessagesDelivered == 0 {
			t.Errorf("operator counters did not move: %+v", st)
		}

		expect(t, r, "ownRoom.ok", true)
		expect(t, r, "ownRoom.room", "room_"+a.User.ID)
		expect(t, r, "otherUsersRoom.ok", false)
		expect(t, r, "otherUsersRoom.error.code", "forbidden")
		expect(t, r, "refusedWithoutAck.code", "forbidden")
		expect(t, r, "refusedWithoutAck.event", "join-room")
		expect(t, r, "garbageRoom.error.code", "invalid")

		expect(t, r, "callJoinA.ok", true)
		expect(t, r, "callJoinB.ok", true)
		expect(t, r, "callJoinC.ok", false)
		expect(t, r, "callJoinC.error.code", "forbidden")

		expect(t, r, "broadcast.ok", true)
		expect(t, r, "broadcast.wrapperId", "w1")
		expect(t, r, "outsiderBroadcast.error.code", "forbidden")
		expect(t, r, "atB.0.wrapperId", "w1")
		expect(t, r, "atB.0.data", `{"text":"hello"}`)
		expect(t, r, "atB.0.SocketIOUniqueChannelName", call.RoomName)
		expect(t, r, "atB.0.room", "room_"+call.RoomName)
		expect(t, r, "atB.0.senderId", a.User.ID)
		expect(t, r, "atB.1", nil)
		expect(t, r, "atC.roomMessages", 0)
		expect(t, r, "atC.chat", 0)
		expect(t, r, "atA.roomMessages", 0)
		expect(t, r, "atA.log.0.wrapperId", "w1")
		expect(t, r, "atA.emiter.0.wrapperId", "w1")
		expect(t, r, "atA.joins.0.userId", b.User.ID)
		expect(t, r, "atA.joins.0.event", "join")
		expect(t, r, "atA.leaves.0.userId", b.User.ID)

		expect(t, r, "chat.ok", true)
		expect(t, r, "chatAtB.envelope.wrapperId", "w2")
		expect(t, r, "chatAtB.bytes", []int{1, 2, 3, 255})
		expect(t, r, "chatAtB.tail", "tail")
		expect(t, r, "leave.ok", true)
		expect(t, r, "unknownEvent.error.code", "not_found")
	})
}
