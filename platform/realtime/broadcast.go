package realtime

import (
	"fmt"

	"souk/platform"
	"souk/platform/realtime/bus"
	"souk/platform/realtime/socketio"
)

// broadcast relays an envelope to the other members of its room as
// room-message; call invitations take their own path.
func (s *Service) broadcast(sock *socketio.Socket, m *member, ev *socketio.EventMessage) error {
	env, err := parseEnvelope(ev)
	if err != nil {
		return s.fail(sock, m, ev, "", err)
	}
	channel := channelOf(env.room)
	if inv, ok := invitationIn(env.data); ok {
		return s.invitation(sock, m, ev, env, inv)
	}
	key := roomKey(m.site.Project, env.room)
	if !sock.InRoom(key) {
		return s.fail(sock, m, ev, channel, platform.Errorf(platform.EFORBIDDEN, "join the room before broadcasting to it"))
	}
	payload := s.wrap(m, env, env.room)
	if err := s.publish(sock.Context(), key, sock.ID(), EventRoomMessage, payload); err != nil {
		return s.fail(sock, m, ev, channel, fmt.Errorf("publish: %w", err))
	}
	s.confirm(sock, channel, payload)
	return ev.Ack(okAck(map[string]any{"wrapperId": env.WrapperID}))
}

// chatMessage relays [envelope, ...more] to the other members of the
// envelope's room as chatMessage [wrapped envelope, ...more]; further
// arguments may carry binary attachments.
func (s *Service) chatMessage(sock *socketio.Socket, m *member, ev *socketio.EventMessage) error {
	env, err := parseEnvelope(ev)
	if err != nil {
		return s.fail(sock, m, ev, "", err)
	}
	channel := channelOf(env.room)
	key := roomKey(m.site.Project, env.room)
	if !sock.InRoom(key) {
		return s.fail(sock, m, ev, channel, platform.Errorf(platform.EFORBIDDEN, "join the room before sending to it"))
	}
	payload := s.wrap(m, env, env.room)
	args := make([]any, 0, len(ev.Args))
	args = append(args, payload)
	for _, a := range ev.Args[1:] {
		args = append(args, a)
	}
	p, err := socketio.NewEvent("/", EventChatMessage, args...)
	if err != nil {
		return s.fail(sock, m, ev, channel, err)
	}
	err = s.bus.Publish(sock.Context(), bus.Message{Room: key, Except: sock.ID(), Data: p.Data, Attachments: ev.Attachments, Origin: s.node})
	if err != nil {
		return s.fail(sock, m, ev, channel, fmt.Errorf("publish: %w", err))
	}
	return ev.Ack(okAck(map[string]any{"wrapperId": env.WrapperID}))
}
