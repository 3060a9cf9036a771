package realtime

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"souk/platform"
	"souk/platform/realtime/socketio"
)

// joinRoom admits a socket to its user's personal room, or to a call room
// whose caller or invitee the user is.
func (s *Service) joinRoom(sock *socketio.Socket, m *member, ev *socketio.EventMessage) error {
	room, err := roomArg(ev)
	if err != nil {
		return s.fail(sock, m, ev, "", err)
	}
	channel := channelOf(room)
	ctx := sock.Context()
	if err := s.stillSignedIn(ctx, sock, m); err != nil {
		return s.fail(sock, m, ev, channel, err)
	}
	if err := s.mayJoin(ctx, m, room); err != nil {
		return s.fail(sock, m, ev, channel, err)
	}
	key := roomKey(m.site.Project, room)
	if !sock.InRoom(key) && len(sock.Rooms()) >= s.cfg.MaxRoomsPerSocket {
		return s.fail(sock, m, ev, channel, platform.Errorf(platform.ERATELIMIT,
			"too many rooms: at most %d per connection", s.cfg.MaxRoomsPerSocket))
	}
	if sock.Join(key) {
		s.announce(sock, m, key, PrefixJoin, "join")
		m.log.Debug("realtime socket joined a room", "room", room)
	}
	if err := ev.Ack(okAck(map[string]any{"room": room})); err != nil {
		return err
	}
	if room == PersonalRoom(m.user.ID) {
		s.replayInvitations(ctx, sock, m)
	}
	return nil
}

func (s *Service) leaveRoom(sock *socketio.Socket, m *member, ev *socketio.EventMessage) error {
	room, err := roomArg(ev)
	if err != nil {
		return s.fail(sock, m, ev, "", err)
	}
	key := roomKey(m.site.Project, room)
	if sock.InRoom(key) {
		s.announce(sock, m, key, PrefixLeave, "leave")
		sock.Leave(key)
	}
	return ev.Ack(okAck(map[string]any{"room": room}))
}

// mayJoin decides whether the member may be in room.
func (s *Service) mayJoin(ctx context.Context, m *member, room string) error {
	if room == PersonalRoom(m.user.ID) {
		return nil
	}
	denied := platform.Errorf(platform.EFORBIDDEN, "you may join only your personal room and calls you are part of")
	// Another user's personal room stays theirs, even if a call was
	// given its name.
	if other, ok := strings.CutPrefix(room, "room_"); ok {
		_, err := s.users.FindUserByID(ctx, m.site.Project, other)
		switch platform.ErrorCode(err) {
		case "":
			return denied
		case platform.ENOTFOUND:
		default:
			return fmt.Errorf("find user %q: %w", other, err)
		}
	}
	for _, name := range callRoomCandidates(room) {
		call, err := s.calls.FindCall(ctx, m.site.Project, name)
		if platform.ErrorCode(err) == platform.ENOTFOUND {
			continue
		}
		if err != nil {
			return fmt.Errorf("find call %q: %w", name, err)
		}
		if call.Participant(m.user.ID) && call.State != platform.CallEnded {
			return nil
		}
		return denied
	}
	return denied
}

// callRoomCandidates are the call room names a socket room may stand for:
// the client prefixes room_ to a call's room name, unless the name itself
// starts with "room".
func callRoomCandidates(room string) []string {
	if rest, ok := strings.CutPrefix(room, "room_"); ok && rest != "" {
		return []string{rest, room}
	}
	return []string{room}
}

// roomArg reads the room name argument of join-room and leave-room: a
// string, or an object {room}.
func roomArg(ev *socketio.EventMessage) (string, error) {
	invalid := platform.Invalid(platform.FieldError{Field: "room", Message: "must be a room name of letters, digits and . _ : - (at most 128 characters)"})
	if len(ev.Args) == 0 {
		return "", invalid
	}
	var name string
	if err := json.Unmarshal(ev.Args[0], &name); err != nil {
		var obj struct {
			Room string `json:"room"`
		}
		if err := json.Unmarshal(ev.Args[0], &obj); err != nil {
			return "", invalid
		}
		name = obj.Room
	}
	name = strings.TrimSpace(name)
	if name == "" {
		return "", invalid
	}
	room := RoomName(name)
	if !validRoom(room) {
		return "", invalid
	}
	return room, nil
}

// presence is the payload of BEMITER_ and REMITER_.
type presence struct {
	Event  string `json:"event"`
	Room   string `json:"room"`
	UserID string `json:"userId"`
}

// announce tells the other members of a room that sock joined or left.
func (s *Service) announce(sock *socketio.Socket, m *member, key, prefix, kind string) {
	room := roomOfKey(key)
	err := s.publish(context.WithoutCancel(sock.Context()), key, sock.ID(), prefix+channelOf(room),
		presence{Event: kind, Room: room, UserID: m.user.ID})
	if err != nil {
		m.log.Warn("realtime presence not published", "room", room, "err", err)
	}
}
