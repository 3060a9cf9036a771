package realtime

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"

	"souk/platform"
	"souk/platform/realtime/socketio"
)

// envelope is what a client broadcasts: a channel, a stringified payload
// and an id the receivers use to remove the message.
type envelope struct {
	room      string
	Channel   string          `json:"SocketIOUniqueChannelName"`
	RawData   json.RawMessage `json:"data"`
	WrapperID string          `json:"wrapperId"`
	data      string
}

// delivered is the envelope as members receive it, stringified, in
// room-message, room-message-log, chatMessage and EMITER_. The server
// wraps the client's fields with the room, the relaying node and the
// authenticated sender.
type delivered struct {
	Channel   string `json:"SocketIOUniqueChannelName"`
	Room      string `json:"room"`
	Data      string `json:"data,omitempty"`
	WrapperID string `json:"wrapperId"`
	SourceSrv string `json:"sourcesrv"`
	SenderID  string `json:"senderId"`
	// SenderName is the sender's display name from their account, so a
	// recipient never has to trust a name written by the sender's browser.
	SenderName string `json:"senderName,omitempty"`
}

func invalidEnvelope(msg string) error {
	return platform.Invalid(platform.FieldError{Field: "SocketIOUniqueChannelName", Message: msg})
}

// parseEnvelope reads the first argument: the envelope object, or the
// same object stringified.
func parseEnvelope(ev *socketio.EventMessage) (*envelope, error) {
	if len(ev.Args) == 0 {
		return nil, invalidEnvelope("the envelope {SocketIOUniqueChannelName, data, wrapperId} is missing")
	}
	raw := []byte(ev.Args[0])
	var asString string
	if json.Unmarshal(raw, &asString) == nil {
		raw = []byte(asString)
	}
	var env envelope
	if err := json.Unmarshal(raw, &env); err != nil {
		return nil, invalidEnvelope("the envelope must be an object {SocketIOUniqueChannelName, data, wrapperId}")
	}
	if env.Channel == "" {
		return nil, invalidEnvelope("is required")
	}
	env.room = RoomName(env.Channel)
	if !validRoom(env.room) {
		return nil, invalidEnvelope("must be letters, digits and . _ : - (at most 128 characters)")
	}
	switch {
	case len(env.RawData) == 0 || string(env.RawData) == "null":
	case json.Unmarshal(env.RawData, &env.data) == nil:
	default:
		env.data = string(env.RawData) // an object sent unstringified
	}
	if env.WrapperID == "" {
		env.WrapperID = newID()
	} else if len(env.WrapperID) > 128 {
		return nil, platform.Invalid(platform.FieldError{Field: "wrapperId", Message: "must be at most 128 characters"})
	}
	return &env, nil
}

func newID() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func (s *Service) wrap(m *member, env *envelope, room string) string {
	raw, _ := json.Marshal(delivered{
		Channel:    env.Channel,
		Room:       room,
		Data:       env.data,
		WrapperID:  env.WrapperID,
		SourceSrv:  s.node,
		SenderID:   m.user.ID,
		SenderName: m.user.DisplayName,
	})
	return string(raw)
}

// confirm tells the sender its message went out.
func (s *Service) confirm(sock *socketio.Socket, channel, payload string) {
	sock.Emit(EventRoomMessageLog, payload)
	sock.Emit(PrefixDispatched+channel, payload)
}

// sendRoomMessage delivers a payload to a room on every node.
func (s *Service) sendRoomMessage(ctx context.Context, key, except, payload string) error {
	return s.publish(ctx, key, except, EventRoomMessage, payload)
}
