package socketio

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"
)

func TestDecodeText(t *testing.T) {
	cases := []struct {
		in          string
		typ         PacketType
		nsp         string
		id          int64
		data        string
		attachments int
	}{
		{`0`, Connect, "/", NoID, "", 0},
		{`0{"token":"abc"}`, Connect, "/", NoID, `{"token":"abc"}`, 0},
		{`0/admin,{"token":"abc"}`, Connect, "/admin", NoID, `{"token":"abc"}`, 0},
		{`0/admin`, Connect, "/admin", NoID, "", 0},
		{`1`, Disconnect, "/", NoID, "", 0},
		{`1/admin,`, Disconnect, "/admin", NoID, "", 0},
		{`2["hello",1]`, Event, "/", NoID, `["hello",1]`, 0},
		{`212["hello"]`, Event, "/", 12, `["hello"]`, 0},
		{`2/admin,3["hello",{"a":[1,2]}]`, Event, "/admin", 3, `["hello",{"a":[1,2]}]`, 0},
		{`2[7]`, Event, "/", NoID, `[7]`, 0},
		{`34[]`, Ack, "/", 4, `[]`, 0},
		{`3/admin,9007199254740991["x"]`, Ack, "/admin", 9007199254740991, `["x"]`, 0},
		{`4{"message":"no"}`, ConnectError, "/", NoID, `{"message":"no"}`, 0},
		{`4"no"`, ConnectError, "/", NoID, `"no"`, 0},
		{`51-["up",{"_placeholder":true,"num":0}]`, BinaryEvent, "/", NoID, `["up",{"_placeholder":true,"num":0}]`, 1},
		{`52-/admin,8["up",{"_placeholder":true,"num":1},{"x":{"_placeholder":true,"num":0}}]`, BinaryEvent, "/admin", 8, `["up",{"_placeholder":true,"num":1},{"x":{"_placeholder":true,"num":0}}]`, 2},
		{`61-5[{"_placeholder":true,"num":0}]`, BinaryAck, "/", 5, `[{"_placeholder":true,"num":0}]`, 1},
		{`50-["nothing binary after all"]`, BinaryEvent, "/", NoID, `["nothing binary after all"]`, 0},
	}
	for _, tc := range cases {
		t.Run(tc.in, func(t *testing.T) {
			p, n, err := DecodeText([]byte(tc.in), 16)
			if err != nil {
				t.Fatal(err)
			}
			if p.Type != tc.typ || p.Namespace != tc.nsp || p.ID != tc.id || string(p.Data) != tc.data || n != tc.attachments {
				t.Fatalf("got %v %q id=%d %q attachments=%d", p.Type, p.Namespace, p.ID, p.Data, n)
			}
			p.Attachments = make([][]byte, n)
			again, _, err := DecodeText(p.Encode(), 16)
			if err != nil || again.Type != p.Type || again.Namespace != p.Namespace || again.ID != p.ID || string(again.Data) != string(p.Data) {
				t.Fatalf("re-encoded %q decodes to %+v, %v", p.Encode(), again, err)
			}
		})
	}
}

func TestDecodeTextRefusesMalformed(t *testing.T) {
	cases := []struct {
		in   string
		want error
	}{
		{``, ErrBadType},
		{`7`, ErrBadType},
		{`x["a"]`, ErrBadType},
		{`5["a"]`, ErrBadAttachments},
		{`5x-["a"]`, ErrBadAttachments},
		{`517-["a"]`, ErrBadAttachments}, // over the cap of 16
		{`51-["a",{"_placeholder":true,"num":1}]`, ErrBadAttachments},
		{`51-["a",{"_placeholder":true,"num":-1}]`, ErrBadAttachments},
		{`51-["a",{"_placeholder":true,"num":0.5}]`, ErrBadAttachments},
		{`51-["a",{"_placeholder":true}]`, ErrBadAttachments},
		{`2/ad min,["a"]`, ErrBadNamespace},
		{`2/,["a"]`, nil}, // "/" spelled out is the main namespace
		{`299999999999999999999["a"]`, ErrBadID},
		{`29007199254740992["a"]`, ErrBadID},
		{`3[]`, ErrBadID},
		{`31{}`, ErrBadPayload},
		{`2["a"`, ErrBadPayload},
		{`2{"a":1}`, ErrBadPayload},
		{`2[]`, ErrBadPayload},
		{`2[null]`, ErrBadPayload},
		{`2["connect"]`, ErrBadPayload},
		{`2["disconnect",1]`, ErrBadPayload},
		{`0"token"`, ErrBadPayload},
		{`0[1]`, ErrBadPayload},
		{`1{}`, ErrBadPayload},
		{`4[1]`, ErrBadPayload},
		{`4`, ErrBadPayload},
		{"2[\"a\"]\x00", ErrBadPayload},
	}
	for _, tc := range cases {
		t.Run(tc.in, func(t *testing.T) {
			_, _, err := DecodeText([]byte(tc.in), 16)
			if tc.want == nil {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if !errors.Is(err, tc.want) {
				t.Fatalf("error %v, want %v", err, tc.want)
			}
		})
	}
}

func TestDecoderReassemblesAttachments(t *testing.T) {
	d := Decoder{MaxAttachments: 4}
	p, err := d.Add(false, []byte(`52-["up",{"_placeholder":true,"num":0},{"_placeholder":true,"num":1}]`))
	if p != nil || err != nil || !d.Waiting() {
		t.Fatalf("first frame: %v %v", p, err)
	}
	if p, err = d.Add(true, []byte{1, 2}); p != nil || err != nil {
		t.Fatalf("second frame: %v %v", p, err)
	}
	buf := []byte{3}
	p, err = d.Add(true, buf)
	if err != nil || p == nil || len(p.Attachments) != 2 || !bytes.Equal(p.Attachments[1], []byte{3}) {
		t.Fatalf("third frame: %+v %v", p, err)
	}
	buf[0] = 9 // the transport may reuse its buffer
	if p.Attachments[1][0] != 3 {
		t.Fatal("attachment aliases the frame buffer")
	}
	if _, err := d.Add(true, []byte{4}); !errors.Is(err, ErrUnexpected) {
		t.Fatalf("stray binary frame: %v", err)
	}
	d.Add(false, []byte(`51-["up",{"_placeholder":true,"num":0}]`))
	if _, err := d.Add(false, []byte(`2["x"]`)); !errors.Is(err, ErrUnexpected) {
		t.Fatalf("text frame while attachments are due: %v", err)
	}
}

func TestNewEventPutsBytesInAttachments(t *testing.T) {
	p, err := NewEvent("/", "file", "name.png", []byte{0xff, 0}, json.RawMessage(`{"k":1}`), map[string]int{"n": 2})
	if err != nil {
		t.Fatal(err)
	}
	want := `51-["file","name.png",{"_placeholder":true,"num":0},{"k":1},{"n":2}]`
	if got := string(p.Encode()); got != want {
		t.Fatalf("encoded %s, want %s", got, want)
	}
	frames := p.Frames()
	if len(frames) != 2 || string(frames[0].Data) != "4"+want || !frames[1].Binary || !bytes.Equal(frames[1].Data, []byte{0xff, 0}) {
		t.Fatalf("frames %+v", frames)
	}
	ack, err := NewAck("/admin", 7, map[string]bool{"ok": true})
	if err != nil || string(ack.Encode()) != `3/admin,7[{"ok":true}]` {
		t.Fatalf("ack %s %v", ack.Encode(), err)
	}
	bin, _ := NewAck("/", 8, []byte("x"))
	if string(bin.Encode()) != `61-8[{"_placeholder":true,"num":0}]` {
		t.Fatalf("binary ack %s", bin.Encode())
	}
	if _, err := NewEvent("/", "bad", func() {}); err == nil {
		t.Fatal("unencodable argument accepted")
	}
}
