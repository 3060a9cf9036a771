package realtime

import (
	"context"
	"encoding/json"
	"fmt"

	"souk/platform"
	"souk/platform/realtime/socketio"
)

// Invitation message types.
const (
	TypeInvitation = "callInvitation"
	TypeAccept     = "acceptcallInvitation"
	TypeReject     = "rejectcallInvitation"
	// TypeCancel is sent by the caller to the invitee while the call
	// still rings: the invitation is withdrawn.
	TypeCancel = "cancelcallInvitation"
)

// Invitation is the call invitation message carried in an envelope's
// data.
type Invitation struct {
	Type      string `json:"type"`
	From      string `json:"from"`
	RoomName  string `json:"roomName"`
	MessageID string `json:"messageId"`
}

// invitationIn finds an invitation message in an envelope's data: the
// message itself, or a wrapper {room, sourcesrv, wrapperId, data} whose
// data (stringified or not) is the message.
func invitationIn(data string) (*Invitation, bool) {
	if data == "" {
		return nil, false
	}
	var outer struct {
		Invitation
		Data json.RawMessage `json:"data"`
	}
	if json.Unmarshal([]byte(data), &outer) != nil {
		return nil, false
	}
	if isInvitationType(outer.Type) {
		inv := outer.Invitation
		return &inv, true
	}
	inner := []byte(outer.Data)
	var s string
	if json.Unmarshal(inner, &s) == nil {
		inner = []byte(s)
	}
	var inv Invitation
	if len(inner) > 0 && json.Unmarshal(inner, &inv) == nil && isInvitationType(inv.Type) {
		return &inv, true
	}
	return nil, false
}

func isInvitationType(t string) bool {
	return t == TypeInvitation || t == TypeAccept || t == TypeReject || t == TypeCancel
}

func (inv *Invitation) validate() error {
	var fields []platform.FieldError
	if inv.From == "" {
		fields = append(fields, platform.FieldError{Field: "from", Message: "is required"})
	}
	if !platform.ValidRoomName(inv.RoomName) {
		fields = append(fields, platform.FieldError{Field: "roomName", Message: "must be 1-128 letters, digits and . _ : -"})
	}
	if inv.MessageID == "" || len(inv.MessageID) > 128 {
		fields = append(fields, platform.FieldError{Field: "messageId", Message: "is required, at most 128 characters"})
	}
	if len(fields) > 0 {
		return platform.Invalid(fields...)
	}
	return nil
}

func mailbox(site, userID string) string { return site + "|" + userID }

// invitation handles callInvitation, acceptcallInvitation,
// rejectcallInvitation and cancelcallInvitation sent to another user's
// personal channel: the
// sender must be the signed-in user, the recipient a user of the same
// site, and the call is recorded so the token service can authorize
// joins.
func (s *Service) invitation(sock *socketio.Socket, m *member, ev *socketio.EventMessage, env *envelope, inv *Invitation) error {
	channel := channelOf(env.room)
	if err := inv.validate(); err != nil {
		return s.fail(sock, m, ev, channel, err)
	}
	if inv.From != m.user.ID {
		return s.fail(sock, m, ev, channel, platform.Errorf(platform.EFORBIDDEN, "from must be your own user id"))
	}
	ctx := sock.Context()
	site := m.site.Project
	target, err := s.users.FindUserByID(ctx, site, channel)
	if platform.ErrorCode(err) == platform.ENOTFOUND {
		return s.fail(sock, m, ev, channel, platform.Errorf(platform.ENOTFOUND, "no user %q on this site", channel))
	}
	if err != nil {
		return s.fail(sock, m, ev, channel, fmt.Errorf("find user: %w", err))
	}
	var call *platform.Call
	switch inv.Type {
	case TypeInvitation:
		call, err = s.invite(ctx, m, env, inv, target)
	case TypeCancel:
		call, err = s.cancel(ctx, m, inv, target)
	default:
		call, err = s.answer(ctx, m, inv, target)
	}
	if err != nil {
		return s.fail(sock, m, ev, channel, err)
	}
	payload := s.wrap(m, env, env.room)
	if err := s.sendRoomMessage(ctx, roomKey(site, PersonalRoom(target.ID)), sock.ID(), payload); err != nil {
		return s.fail(sock, m, ev, channel, fmt.Errorf("publish: %w", err))
	}
	s.callState(ctx, site, call, m.user.ID, sock.ID())
	s.confirm(sock, channel, payload)
	m.log.Info("realtime call message", "type", inv.Type, "to", target.ID, "call", inv.RoomName)
	return ev.Ack(okAck(map[string]any{"wrapperId": env.WrapperID, "roomName": call.RoomName, "state": call.State}))
}

// invite records the invitation and holds it for the invitee until it
// is answered or expires, so an invitee who connects later still gets it.
func (s *Service) invite(ctx context.Context, m *member, env *envelope, inv *Invitation, target *platform.User) (*platform.Call, error) {
	if inv.RoomName == m.user.ID || inv.RoomName == target.ID {
		return nil, platform.Errorf(platform.EFORBIDDEN, "a call room cannot take the name of a personal room")
	}
	call, err := s.calls.InviteToCall(ctx, m.site.Project, inv.RoomName, m.user.ID, target.ID)
	if err != nil {
		return nil, fmt.Errorf("invite to call: %w", err)
	}
	payload := s.wrap(m, env, env.room)
	if err := s.mailbox.Hold(ctx, mailbox(m.site.Project, target.ID), inv.RoomName, []byte(payload), s.invitationTTL); err != nil {
		return nil, fmt.Errorf("hold invitation: %w", err)
	}
	s.expiries.schedule(m.site.Project, inv.RoomName, m.user.ID, s.invitationTTL)
	return call, nil
}

// cancel withdraws an invitation the sender made that still rings for
// target: the call ends and the held invitation is dropped.
func (s *Service) cancel(ctx context.Context, m *member, inv *Invitation, target *platform.User) (*platform.Call, error) {
	site := m.site.Project
	box := mailbox(site, target.ID)
	_, pending, err := s.mailbox.Get(ctx, box, inv.RoomName)
	if err != nil {
		return nil, fmt.Errorf("look up invitation: %w", err)
	}
	if !pending {
		return nil, platform.Errorf(platform.ENOTFOUND, "no pending invitation to call %q: it expired or was answered", inv.RoomName)
	}
	call, err := s.calls.FindCall(ctx, site, inv.RoomName)
	if err != nil {
		return nil, fmt.Errorf("find call: %w", err)
	}
	if call.CallerID != m.user.ID {
		return nil, platform.Errorf(platform.EFORBIDDEN, "only the caller may cancel the call %q", inv.RoomName)
	}
	call, err = s.calls.SetCallState(ctx, site, inv.RoomName, m.user.ID, platform.CallEnded)
	if err != nil {
		return nil, fmt.Errorf("set call state: %w", err)
	}
	s.expiries.stop(site, inv.RoomName)
	if err := s.mailbox.Drop(ctx, box, inv.RoomName); err != nil {
		m.log.Warn("cancelled invitation not dropped; it will expire", "call", inv.RoomName, "err", err)
	}
	return call, nil
}

// answer checks that the invitation is still pending for the answering
// user and came from target, then records the answer.
func (s *Service) answer(ctx context.Context, m *member, inv *Invitation, target *platform.User) (*platform.Call, error) {
	site := m.site.Project
	box := mailbox(site, m.user.ID)
	_, pending, err := s.mailbox.Get(ctx, box, inv.RoomName)
	if err != nil {
		return nil, fmt.Errorf("look up invitation: %w", err)
	}
	if !pending {
		return nil, platform.Errorf(platform.ENOTFOUND, "no pending invitation to call %q: it expired or was answered", inv.RoomName)
	}
	call, err := s.calls.FindCall(ctx, site, inv.RoomName)
	if err != nil {
		return nil, fmt.Errorf("find call: %w", err)
	}
	if call.CallerID != target.ID {
		return nil, platform.Errorf(platform.EFORBIDDEN, "the invitation to call %q came from another user", inv.RoomName)
	}
	state := platform.CallAccepted
	if inv.Type == TypeReject {
		state = platform.CallRejected
	}
	call, err = s.calls.SetCallState(ctx, site, inv.RoomName, m.user.ID, state)
	if err != nil {
		return nil, fmt.Errorf("set call state: %w", err)
	}
	s.expiries.stop(site, inv.RoomName)
	if err := s.mailbox.Drop(ctx, box, inv.RoomName); err != nil {
		m.log.Warn("answered invitation not dropped; it will expire", "call", inv.RoomName, "err", err)
	}
	return call, nil
}

// callStateNotice is the payload of ALLEMITER_<call room> and of
// call-state.
type callStateNotice struct {
	Type     string             `json:"type"`
	RoomName string             `json:"roomName"`
	State    platform.CallState `json:"state"`
	// UserID is who acted; empty when the server did (an invitation
	// that expired unanswered).
	UserID string `json:"userId"`
}

// callState tells how the call stands to everyone in the call's room
// (ALLEMITER_<room>) and to every socket of its caller and invitees in
// their personal rooms (call-state), so that all of a user's tabs and
// devices follow the call: a callee's other tabs stop ringing once one
// answered. except is the acting socket, which has its ack.
func (s *Service) callState(ctx context.Context, site string, call *platform.Call, actor, except string) {
	notice := callStateNotice{Type: "callState", RoomName: call.RoomName, State: call.State, UserID: actor}
	log := s.log.With("site", site, "call", call.RoomName)
	if room := RoomName(call.RoomName); validRoom(room) {
		if err := s.publish(ctx, roomKey(site, room), "", PrefixCallState+channelOf(room), notice); err != nil {
			log.Warn("call state notice not published", "err", err)
		}
	}
	for _, user := range append([]string{call.CallerID}, call.InviteeIDs...) {
		if err := s.publish(ctx, roomKey(site, PersonalRoom(user)), except, EventCallState, notice); err != nil {
			log.Warn("call state not published to a participant", "user", user, "err", err)
		}
	}
}

// replayInvitations hands a user who joined their personal room the
// invitations still pending for them.
func (s *Service) replayInvitations(ctx context.Context, sock *socketio.Socket, m *member) {
	held, err := s.mailbox.Held(ctx, mailbox(m.site.Project, m.user.ID))
	if err != nil {
		m.log.Warn("pending invitations not replayed", "err", err)
		return
	}
	for _, payload := range held {
		sock.Emit(EventRoomMessage, string(payload))
	}
}
