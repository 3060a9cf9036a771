package forward

import "testing"

// vp8Packet builds a payload with a 15-bit picture id and TL0PICIDX.
func vp8Packet(pid uint16, tl0 uint8, start bool) []byte {
	b0 := byte(0x80)
	if start {
		b0 |= 0x10
	}
	return []byte{b0, 0xc0, 0x80 | byte(pid>>8), byte(pid), tl0, 0x00, 0xaa}
}

func TestParseVP8(t *testing.T) {
	cases := []struct {
		name    string
		p       []byte
		ok      bool
		pid     uint16
		pidLong bool
		tl0     uint8
		tl0At   int
	}{
		{"long picture id and tl0", vp8Packet(0x1234, 7, true), true, 0x1234, true, 7, 4},
		{"short picture id", []byte{0x90, 0x80, 0x05, 0x00}, true, 5, false, 0, -1},
		{"no extension", []byte{0x10, 0x00}, true, 0, false, 0, -1},
		{"truncated picture id", []byte{0x90, 0x80, 0x80}, false, 0, false, 0, -1},
		{"truncated extension", []byte{0x90}, false, 0, false, 0, -1},
		{"empty", nil, false, 0, false, 0, -1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d, ok := parseVP8(tc.p)
			if ok != tc.ok {
				t.Fatalf("ok = %v, want %v", ok, tc.ok)
			}
			if ok && (d.pid != tc.pid || d.pidLong != tc.pidLong || d.tl0 != tc.tl0 || d.tl0At != tc.tl0At) {
				t.Fatalf("got %+v", d)
			}
		})
	}
}

func TestVP8MungerContinuesAcrossSwitch(t *testing.T) {
	var m VP8Munger
	scratch := make([]byte, 1500)
	first := vp8Packet(100, 10, true)
	m.SwitchTo(first)
	if out := m.Rewrite(first, scratch); &out[0] != &first[0] {
		t.Fatal("first source should pass through without a copy")
	}
	m.Rewrite(vp8Packet(101, 11, true), scratch)

	// Another layer with unrelated counters takes over.
	next := vp8Packet(30000, 200, true)
	m.SwitchTo(next)
	out := m.Rewrite(next, scratch)
	d, _ := parseVP8(out)
	if d.pid != 102 || d.tl0 != 12 {
		t.Fatalf("after switch: pid %d tl0 %d, want 102 and 12", d.pid, d.tl0)
	}
	if next[3] != byte(30000&0xff) {
		t.Fatal("the shared source payload was modified")
	}
	out = m.Rewrite(vp8Packet(30001, 201, true), scratch)
	if d, _ := parseVP8(out); d.pid != 103 || d.tl0 != 13 {
		t.Fatalf("next picture: pid %d tl0 %d, want 103 and 13", d.pid, d.tl0)
	}
}

func TestVP8MungerWrapsPictureID(t *testing.T) {
	var m VP8Munger
	scratch := make([]byte, 1500)
	m.SwitchTo(vp8Packet(0x7ffe, 0, true))
	m.Rewrite(vp8Packet(0x7ffe, 0, true), scratch)
	m.Rewrite(vp8Packet(0x7fff, 0, true), scratch)
	next := vp8Packet(5, 9, true)
	m.SwitchTo(next)
	if d, _ := parseVP8(m.Rewrite(next, scratch)); d.pid != 0 {
		t.Fatalf("pid %d, want 0 after wrapping", d.pid)
	}
}
