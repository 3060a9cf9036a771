package engineio

import (
	"bytes"
	"encoding/base64"
	"fmt"

	"github.com/gorilla/websocket"
)

// PacketType is the first byte of a text frame.
type PacketType byte

// Engine.IO v4 packet types, as ASCII digits on the wire.
const (
	PacketOpen    PacketType = '0'
	PacketClose   PacketType = '1'
	PacketPing    PacketType = '2'
	PacketPong    PacketType = '3'
	PacketMessage PacketType = '4'
	PacketUpgrade PacketType = '5'
	PacketNoop    PacketType = '6'
)

// Frame is one WebSocket frame as it goes on the wire. Frames are shared
// between the sessions of a broadcast, so they must not be modified once
// handed to Session.Send.
type Frame struct {
	Binary bool
	Data   []byte

	wire []byte // the whole WebSocket frame, when prepared
}

// Prepare frames the messages once for many sessions: a broadcast then
// costs one framing and no copy per recipient, as every session's writer
// hands the same bytes to the kernel.
func Prepare(frames []Frame) []Frame {
	out := make([]Frame, len(frames))
	for i, f := range frames {
		out[i] = f
		out[i].wire = f.wireBytes()
	}
	return out
}

// wireBytes is the frame as the WebSocket carries it.
func (f *Frame) wireBytes() []byte {
	if f.wire != nil {
		return f.wire
	}
	return appendFrame(make([]byte, 0, frameHeaderMax+len(f.Data)), f.Binary, f.Data)
}

// TextMessage returns the frame carrying a text message packet.
func TextMessage(payload []byte) Frame {
	b := make([]byte, 0, len(payload)+1)
	b = append(b, byte(PacketMessage))
	return Frame{Data: append(b, payload...)}
}

// BinaryMessage returns the frame carrying a binary message packet. Over
// WebSocket, Engine.IO v4 sends binary data as a bare binary frame.
func BinaryMessage(payload []byte) Frame { return Frame{Binary: true, Data: payload} }

// Message is a message packet received from a client.
type Message struct {
	Binary bool
	Data   []byte
}

// ProtocolError is a violation of the wire protocol by the peer. The
// session closes with Code and Reason in the WebSocket close frame.
type ProtocolError struct {
	Code   int
	Reason string
}

func (e *ProtocolError) Error() string { return fmt.Sprintf("protocol error %d: %s", e.Code, e.Reason) }

// recordSeparator joins the packets of one long-polling payload.
const recordSeparator = 0x1e

// appendPollPayload appends queued WebSocket frames as one long-polling
// payload: each frame's payload is a packet, a text one as it is, a
// binary message as "b" and its base64, joined by the record separator.
func appendPollPayload(b []byte, frames [][]byte) []byte {
	for i, f := range frames {
		if i > 0 {
			b = append(b, recordSeparator)
		}
		binary, payload := framePayload(f)
		if !binary {
			b = append(b, payload...)
			continue
		}
		b = append(b, 'b')
		b = base64.StdEncoding.AppendEncode(b, payload)
	}
	return b
}

// pollPayloadSize is the length appendPollPayload writes.
func pollPayloadSize(frames [][]byte) int {
	n := max(len(frames)-1, 0)
	for _, f := range frames {
		binary, payload := framePayload(f)
		if binary {
			n += 1 + base64.StdEncoding.EncodedLen(len(payload))
		} else {
			n += len(payload)
		}
	}
	return n
}

// decodePollPayload splits a long-polling POST body into its packets and
// hands each to fn in order, stopping at fn's first error: binary
// messages ("b" and base64) with binary set and the bytes decoded, every
// other packet as it came (its type digit first).
func decodePollPayload(body []byte, fn func(binary bool, data []byte) error) error {
	for {
		packet, rest, more := bytes.Cut(body, []byte{recordSeparator})
		if len(packet) == 0 {
			return &ProtocolError{Code: websocket.CloseProtocolError, Reason: "empty packet in polling payload"}
		}
		var err error
		if packet[0] == 'b' {
			data := make([]byte, base64.StdEncoding.DecodedLen(len(packet)-1))
			n, derr := base64.StdEncoding.Decode(data, packet[1:])
			if derr != nil {
				return &ProtocolError{Code: websocket.CloseProtocolError, Reason: "binary packet is not valid base64"}
			}
			err = fn(true, data[:n])
		} else {
			err = fn(false, packet)
		}
		if err != nil {
			return err
		}
		if !more {
			return nil
		}
		body = rest
	}
}
