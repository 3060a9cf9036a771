package socketio

import (
	"bytes"
	"testing"
)

// FuzzDecoder feeds a text frame and, for binary packets, attachment
// frames. The decoder must never panic; whatever it accepts must survive
// a round trip through the encoder.
func FuzzDecoder(f *testing.F) {
	for _, seed := range []string{
		`0`, `0{"token":"t"}`, `0/admin,{"token":"t"}`, `1`, `1/admin,`,
		`2["join-room","room_1"]`, `21["join-room","room_1"]`, `2/admin,3["a",{"b":[1,2,3]}]`,
		`34[]`, `3/x,9007199254740991["x"]`, `4{"message":"no"}`,
		`51-["up",{"_placeholder":true,"num":0}]`, `62-7[{"_placeholder":true,"num":1},{"_placeholder":true,"num":0}]`,
		`9`, `2["a"`, `5x-[]`, `299999999999999999999["a"]`, `2/`, `2/,`, `51-["a",{"_placeholder":true,"num":"0"}]`,
		`2["connect"]`, `2[{"_placeholder":true,"num":0}]`, "2[\"\xff\"]",
	} {
		f.Add([]byte(seed), []byte{1, 2, 3})
	}
	f.Fuzz(func(t *testing.T, text, attachment []byte) {
		d := Decoder{MaxAttachments: 4}
		p, err := d.Add(false, text)
		if err != nil {
			return
		}
		for p == nil {
			if !d.Waiting() {
				t.Fatal("no packet, no error and nothing pending")
			}
			if p, err = d.Add(true, attachment); err != nil {
				t.Fatalf("attachment refused: %v", err)
			}
		}
		encoded := p.Encode()
		again, n, err := DecodeText(encoded, 4)
		if err != nil {
			t.Fatalf("%q decoded, but its encoding %q does not: %v", text, encoded, err)
		}
		if again.Type != p.Type || again.Namespace != p.Namespace || again.ID != p.ID ||
			!bytes.Equal(again.Data, p.Data) || n != len(p.Attachments) {
			t.Fatalf("round trip of %q changed %+v into %+v", text, p, again)
		}
	})
}
