package bus

import (
	"context"
	"encoding/json"
	"time"
)

// Message is one broadcast to a room on every node.
type Message struct {
	// Room is the room's key (site and name).
	Room string `json:"room"`
	// Except is a socket id that must not receive it (the sender).
	Except string `json:"except,omitempty"`
	// Data is the Socket.IO event array: the event name, then arguments
	// with placeholders for Attachments.
	Data        json.RawMessage `json:"data"`
	Attachments [][]byte        `json:"attachments,omitempty"`
	// Origin is the node that published it.
	Origin string `json:"origin"`
	// Kind is empty for room broadcasts; other kinds are control messages
	// for the subscriber (Data is then theirs to define, Room is unused).
	Kind string `json:"kind,omitempty"`
}

// Handler delivers a message to the local sockets.
type Handler func(Message)

// Bus publishes broadcasts to every node, this one included.
type Bus interface {
	// Subscribe sets the handler that delivers to this node's sockets.
	// Call it once, before the first Publish.
	Subscribe(h Handler)
	Publish(ctx context.Context, m Message) error
	Close() error
}

// Mailbox holds messages for a while, e.g. invitations for users who are
// offline. A box is a recipient; ids identify messages within it.
type Mailbox interface {
	Hold(ctx context.Context, box, id string, payload []byte, ttl time.Duration) error
	// Get returns a held, unexpired message.
	Get(ctx context.Context, box, id string) (payload []byte, ok bool, err error)
	// Held returns the unexpired messages of box, oldest first.
	Held(ctx context.Context, box string) ([][]byte, error)
	Drop(ctx context.Context, box, id string) error
}

// held is a mailbox entry as stored.
type held struct {
	Payload []byte    `json:"p"`
	Held    time.Time `json:"h"`
	Expires time.Time `json:"e"`
}
