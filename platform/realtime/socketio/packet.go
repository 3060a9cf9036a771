package socketio

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"souk/platform/realtime/engineio"
)

// PacketType is the first character of an encoded packet.
type PacketType byte

// Socket.IO v5 packet types.
const (
	Connect      PacketType = 0
	Disconnect   PacketType = 1
	Event        PacketType = 2
	Ack          PacketType = 3
	ConnectError PacketType = 4
	BinaryEvent  PacketType = 5
	BinaryAck    PacketType = 6
)

func (t PacketType) String() string {
	switch t {
	case Connect:
		return "CONNECT"
	case Disconnect:
		return "DISCONNECT"
	case Event:
		return "EVENT"
	case Ack:
		return "ACK"
	case ConnectError:
		return "CONNECT_ERROR"
	case BinaryEvent:
		return "BINARY_EVENT"
	case BinaryAck:
		return "BINARY_ACK"
	}
	return "UNKNOWN(" + strconv.Itoa(int(t)) + ")"
}

func (t PacketType) binary() bool { return t == BinaryEvent || t == BinaryAck }

// NoID marks a packet without an acknowledgement id.
const NoID int64 = -1

// maxID is the largest id a JavaScript peer can represent exactly.
const maxID = 1<<53 - 1

// Packet is one decoded Socket.IO packet. Binary attachments stay apart
// from Data: Data keeps the {"_placeholder":true,"num":N} objects that
// point into Attachments, so a packet can be relayed without rebuilding
// its payload.
type Packet struct {
	Type        PacketType
	Namespace   string // "/" when absent on the wire
	ID          int64  // NoID when absent
	Data        json.RawMessage
	Attachments [][]byte
}

// Errors of the decoder. Each is wrapped with detail.
var (
	ErrBadType        = errors.New("unknown packet type")
	ErrBadAttachments = errors.New("illegal attachments")
	ErrBadNamespace   = errors.New("illegal namespace")
	ErrBadID          = errors.New("illegal ack id")
	ErrBadPayload     = errors.New("invalid payload")
	ErrUnexpected     = errors.New("unexpected frame")
)

// reservedEvents cannot be emitted by a peer: the client library uses
// these names for its own lifecycle.
var reservedEvents = map[string]bool{
	"connect": true, "connect_error": true, "disconnect": true,
	"disconnecting": true, "newListener": true, "removeListener": true,
}

// Encode returns the text form of p (without attachments).
func (p *Packet) Encode() []byte {
	b := make([]byte, 0, 16+len(p.Namespace)+len(p.Data))
	b = append(b, byte('0'+p.Type))
	if p.Type.binary() {
		b = strconv.AppendInt(b, int64(len(p.Attachments)), 10)
		b = append(b, '-')
	}
	if p.Namespace != "" && p.Namespace != "/" {
		b = append(b, p.Namespace...)
		b = append(b, ',')
	}
	if p.ID >= 0 {
		b = strconv.AppendInt(b, p.ID, 10)
	}
	return append(b, p.Data...)
}

// Frames returns the Engine.IO frames carrying p: the text packet, then
// each attachment as a binary frame.
func (p *Packet) Frames() []engineio.Frame {
	frames := make([]engineio.Frame, 0, 1+len(p.Attachments))
	frames = append(frames, engineio.TextMessage(p.Encode()))
	for _, a := range p.Attachments {
		frames = append(frames, engineio.BinaryMessage(a))
	}
	return frames
}

// Decoder reassembles packets from Engine.IO messages: a text message,
// followed for binary packets by one binary message per attachment.
type Decoder struct {
	// MaxAttachments caps the attachments one packet may announce.
	MaxAttachments int

	pending *Packet
	want    int
}

// Add feeds one message. It returns a complete packet, or nil while the
// attachments of a binary packet are still arriving.
func (d *Decoder) Add(binary bool, data []byte) (*Packet, error) {
	if binary {
		if d.pending == nil {
			return nil, fmt.Errorf("%w: binary frame without a binary packet", ErrUnexpected)
		}
		d.pending.Attachments = append(d.pending.Attachments, bytes.Clone(data))
		if len(d.pending.Attachments) < d.want {
			return nil, nil
		}
		p := d.pending
		d.pending, d.want = nil, 0
		return p, nil
	}
	if d.pending != nil {
		return nil, fmt.Errorf("%w: text frame while %d attachment(s) are due", ErrUnexpected, d.want-len(d.pending.Attachments))
	}
	p, want, err := DecodeText(data, d.MaxAttachments)
	if err != nil {
		return nil, err
	}
	if want > 0 {
		p.Attachments = make([][]byte, 0, want)
		d.pending, d.want = p, want
		return nil, nil
	}
	return p, nil
}

// Waiting reports whether a binary packet awaits attachments.
func (d *Decoder) Waiting() bool { return d.pending != nil }

// DecodeText parses the text form of a packet and checks its payload
// against its type. For binary packets it also returns how many
// attachments follow.
func DecodeText(s []byte, maxAttachments int) (*Packet, int, error) {
	if len(s) == 0 {
		return nil, 0, fmt.Errorf("%w: empty packet", ErrBadType)
	}
	if s[0] < '0' || s[0] > '6' {
		return nil, 0, fmt.Errorf("%w %q", ErrBadType, s[0])
	}
	p := &Packet{Type: PacketType(s[0] - '0'), Namespace: "/", ID: NoID}
	i := 1
	attachments := 0
	if p.Type.binary() {
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == i || j >= len(s) || s[j] != '-' || j-i > 6 {
			return nil, 0, fmt.Errorf("%w: count missing or malformed", ErrBadAttachments)
		}
		n, err := strconv.Atoi(string(s[i:j]))
		if err != nil || n > maxAttachments {
			return nil, 0, fmt.Errorf("%w: %s announced, at most %d allowed", ErrBadAttachments, s[i:j], maxAttachments)
		}
		attachments = n
		i = j + 1
	}
	if i < len(s) && s[i] == '/' {
		j := bytes.IndexByte(s[i:], ',')
		end := len(s)
		if j >= 0 {
			end = i + j
		}
		nsp := s[i:end]
		if !validNamespace(nsp) {
			return nil, 0, fmt.Errorf("%w %q", ErrBadNamespace, nsp)
		}
		p.Namespace = string(nsp)
		i = end
		if j >= 0 {
			i++
		}
	}
	if i < len(s) && s[i] >= '0' && s[i] <= '9' {
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		id, err := strconv.ParseInt(string(s[i:j]), 10, 64)
		if err != nil || id > maxID {
			return nil, 0, fmt.Errorf("%w %q", ErrBadID, s[i:j])
		}
		p.ID = id
		i = j
	}
	if i < len(s) {
		p.Data = json.RawMessage(bytes.Clone(s[i:]))
		if !json.Valid(p.Data) {
			return nil, 0, fmt.Errorf("%w: not JSON", ErrBadPayload)
		}
	}
	if err := checkPayload(p, attachments); err != nil {
		return nil, 0, err
	}
	return p, attachments, nil
}

func validNamespace(nsp []byte) bool {
	if len(nsp) == 0 || len(nsp) > 128 || nsp[0] != '/' {
		return false
	}
	for _, c := range nsp {
		if c < 0x21 || c > 0x7e {
			return false
		}
	}
	return true
}

// checkPayload applies the per-type rules of the protocol.
func checkPayload(p *Packet, attachments int) error {
	first := firstByte(p.Data)
	switch p.Type {
	case Connect:
		if p.Data != nil && first != '{' {
			return fmt.Errorf("%w: CONNECT carries an object or nothing", ErrBadPayload)
		}
	case Disconnect:
		if p.Data != nil {
			return fmt.Errorf("%w: DISCONNECT carries no payload", ErrBadPayload)
		}
	case ConnectError:
		if first != '{' && first != '"' {
			return fmt.Errorf("%w: CONNECT_ERROR carries an object or a string", ErrBadPayload)
		}
	case Event, BinaryEvent:
		args, err := splitArray(p.Data)
		if err != nil || len(args) == 0 {
			return fmt.Errorf("%w: EVENT carries a non-empty array", ErrBadPayload)
		}
		name, ok := EventName(args[0])
		if !ok {
			return fmt.Errorf("%w: event name must be a string or a number", ErrBadPayload)
		}
		if reservedEvents[name] {
			return fmt.Errorf("%w: %q is a reserved event name", ErrBadPayload, name)
		}
	case Ack, BinaryAck:
		if p.ID == NoID {
			return fmt.Errorf("%w: ACK without an id", ErrBadID)
		}
		if first != '[' {
			return fmt.Errorf("%w: ACK carries an array", ErrBadPayload)
		}
	}
	if p.Type.binary() {
		return checkPlaceholders(p.Data, attachments)
	}
	return nil
}

func firstByte(b []byte) byte {
	b = bytes.TrimLeft(b, " \t\r\n")
	if len(b) == 0 {
		return 0
	}
	return b[0]
}

func splitArray(data json.RawMessage) ([]json.RawMessage, error) {
	if firstByte(data) != '[' {
		return nil, ErrBadPayload
	}
	var args []json.RawMessage
	if err := json.Unmarshal(data, &args); err != nil {
		return nil, err
	}
	return args, nil
}

// EventName reads an event name: a JSON string, or a number that the
// client library allows as a name.
func EventName(raw json.RawMessage) (string, bool) {
	switch c := firstByte(raw); {
	case c == '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", false
		}
		return s, true
	case c == '-' || (c >= '0' && c <= '9'):
		var n json.Number
		if err := json.Unmarshal(raw, &n); err != nil {
			return "", false
		}
		return n.String(), true
	}
	return "", false
}

// checkPlaceholders verifies that every placeholder points at an
// attachment that will arrive, so relaying never hands a peer a dangling
// reference.
func checkPlaceholders(data json.RawMessage, attachments int) error {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return fmt.Errorf("%w: %v", ErrBadPayload, err)
	}
	var walk func(v any, depth int) error
	walk = func(v any, depth int) error {
		if depth > 64 {
			return fmt.Errorf("%w: nested too deeply", ErrBadPayload)
		}
		switch x := v.(type) {
		case []any:
			for _, e := range x {
				if err := walk(e, depth+1); err != nil {
					return err
				}
			}
		case map[string]any:
			if ph, _ := x["_placeholder"].(bool); ph {
				num, ok := x["num"].(float64)
				if !ok || num != float64(int(num)) || num < 0 || int(num) >= attachments {
					return fmt.Errorf("%w: placeholder %v of %d attachment(s)", ErrBadAttachments, x["num"], attachments)
				}
				return nil
			}
			for _, e := range x {
				if err := walk(e, depth+1); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return walk(v, 0)
}

// Placeholder is how an attachment is referenced inside Data.
type Placeholder struct {
	Placeholder bool `json:"_placeholder"`
	Num         int  `json:"num"`
}

// NewEvent builds an EVENT (or BINARY_EVENT) packet. Arguments are
// marshalled to JSON, except []byte, which becomes an attachment, and
// json.RawMessage, which is used as is.
func NewEvent(nsp, event string, args ...any) (*Packet, error) {
	all := make([]any, 0, len(args)+1)
	all = append(all, event)
	all = append(all, args...)
	return newWithArgs(Event, nsp, NoID, all)
}

// NewAck builds the ACK (or BINARY_ACK) answering id.
func NewAck(nsp string, id int64, args ...any) (*Packet, error) {
	return newWithArgs(Ack, nsp, id, args)
}

func newWithArgs(t PacketType, nsp string, id int64, args []any) (*Packet, error) {
	p := &Packet{Type: t, Namespace: nsp, ID: id}
	encoded := make([]json.RawMessage, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case []byte:
			a = Placeholder{Placeholder: true, Num: len(p.Attachments)}
			p.Attachments = append(p.Attachments, v)
		case json.RawMessage:
			encoded[i] = v
			continue
		}
		raw, err := json.Marshal(a)
		if err != nil {
			return nil, fmt.Errorf("encode argument %d: %w", i, err)
		}
		encoded[i] = raw
	}
	data, err := json.Marshal(encoded)
	if err != nil {
		return nil, fmt.Errorf("encode arguments: %w", err)
	}
	p.Data = data
	if len(p.Attachments) > 0 {
		p.Type += BinaryEvent - Event // EVENT→BINARY_EVENT, ACK→BINARY_ACK
	}
	return p, nil
}
