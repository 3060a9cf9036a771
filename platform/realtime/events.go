package realtime

import (
	"regexp"
	"strings"

	"souk/platform"
	"souk/platform/realtime/socketio"
)

// Events a client emits.
const (
	EventJoinRoom    = "join-room"
	EventLeaveRoom   = "leave-room"
	EventBroadcast   = "AuctionStreamAdapter_BROADCAST"
	EventChatMessage = "chatMessage"
)

// Events the server emits. The per-channel family is a prefix followed
// by the channel name (the room name without "room_"); PROTOCOL.md says
// who receives each.
const (
	EventRoomMessage      = "room-message"
	EventRoomMessageLog   = "room-message-log"
	EventDisconnectReason = "disconnect-reason"
	// EventCallState goes to the personal rooms of a call's caller and
	// invitees whenever the call changes state.
	EventCallState = "call-state"

	PrefixDispatched = "EMITER_"    // to the sender: its broadcast went out
	PrefixJoin       = "BEMITER_"   // to the room: a socket joined
	PrefixLeave      = "REMITER_"   // to the room: a socket left
	PrefixCallState  = "ALLEMITER_" // to the call room: the call changed state
	PrefixError      = "EEMITER_"   // to the sender: its request was refused
)

// RoomName applies the client's rule: a channel becomes room_<channel>
// unless it already starts with "room".
func RoomName(channel string) string {
	if strings.HasPrefix(channel, "room") {
		return channel
	}
	return "room_" + channel
}

// PersonalRoom is the room of a user's personal channel.
func PersonalRoom(userID string) string { return "room_" + userID }

// channelOf is the channel name a room's events carry.
func channelOf(room string) string { return strings.TrimPrefix(room, "room_") }

var roomPattern = regexp.MustCompile(`^room[A-Za-z0-9_.:-]{0,129}$`)

func validRoom(room string) bool { return roomPattern.MatchString(room) }

// roomKey scopes a room to its site: users of different sites never
// share a room, whatever its name.
func roomKey(site, room string) string { return site + "|" + room }

func roomOfKey(key string) string {
	_, room, _ := strings.Cut(key, "|")
	return room
}

// errorBody is how refusals look on the wire.
func errorBody(code, message string) map[string]string {
	return map[string]string{"code": code, "message": message}
}

// okAck is the acknowledgement of a request that succeeded.
func okAck(fields map[string]any) map[string]any {
	out := map[string]any{"ok": true}
	for k, v := range fields {
		out[k] = v
	}
	return out
}

// fail answers a refused request: with an error acknowledgement when the
// client asked for one, otherwise with EEMITER_<channel>. Internal errors
// are logged with detail and reported without it.
func (s *Service) fail(sock *socketio.Socket, m *member, ev *socketio.EventMessage, channel string, err error) error {
	code, message := platform.ErrorCode(err), platform.ErrorMessage(err)
	if code == platform.EINTERNAL {
		m.log.Error("realtime request failed", "event", ev.Name, "channel", channel, "err", err)
	} else {
		m.log.Info("realtime request refused", "event", ev.Name, "channel", channel, "code", code, "reason", message)
	}
	if ev.WantsAck() {
		return ev.Ack(map[string]any{"ok": false, "error": errorBody(code, message)})
	}
	return sock.Emit(PrefixError+channel, map[string]string{"event": ev.Name, "code": code, "message": message})
}
