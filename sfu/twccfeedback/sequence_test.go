package twccfeedback

import (
	"testing"

	"github.com/pion/rtp"
)

// pionSequence is the reference: pion's header parse.
func pionSequence(pkt []byte, id uint8) (uint16, bool) {
	var h rtp.Header
	if _, err := h.Unmarshal(pkt); err != nil {
		return 0, false
	}
	ext := h.GetExtension(id)
	var tcc rtp.TransportCCExtension
	if len(ext) < 2 || tcc.Unmarshal(ext) != nil {
		return 0, false
	}
	return tcc.TransportSequence, true
}

type ext struct {
	id   uint8
	data []byte
}

func header(t testing.TB, profile uint16, csrc int, exts ...ext) rtp.Header {
	t.Helper()
	h := rtp.Header{Version: 2, SequenceNumber: 9, Timestamp: 90000, SSRC: 7, CSRC: make([]uint32, csrc)}
	if len(exts) > 0 {
		h.Extension, h.ExtensionProfile = true, profile
	}
	for _, e := range exts {
		if err := h.SetExtension(e.id, e.data); err != nil {
			t.Fatal(err)
		}
	}
	return h
}

func marshal(t testing.TB, h rtp.Header, payload int) []byte {
	t.Helper()
	b, err := (&rtp.Packet{Header: h, Payload: make([]byte, payload)}).Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestTransportSequence(t *testing.T) {
	seq := func(v uint16) []byte { return []byte{byte(v >> 8), byte(v)} }
	withExt := func(profile uint16, csrc int, exts ...ext) rtp.Header {
		return header(t, profile, csrc, exts...)
	}
	cases := []struct {
		name   string
		pkt    []byte
		id     uint8
		want   uint16
		wantOK bool
	}{
		{"one-byte, alone", marshal(t, withExt(0xBEDE, 0, ext{3, seq(513)}), 20), 3, 513, true},
		{"one-byte, after others", marshal(t, withExt(0xBEDE, 0,
			ext{1, []byte{0x80}}, ext{2, []byte{1, 2, 3, 4, 5}},
			ext{5, seq(65535)}), 20), 5, 65535, true},
		{"one-byte, with CSRCs", marshal(t, withExt(0xBEDE, 3, ext{4, seq(77)}), 0), 4, 77, true},
		{"one-byte, other id only", marshal(t, withExt(0xBEDE, 0, ext{1, seq(77)}), 20), 4, 0, false},
		{"two-byte", marshal(t, withExt(0x1000, 0,
			ext{20, make([]byte, 17)}, ext{3, seq(4242)}), 20), 3, 4242, true},
		{"no extension", marshal(t, withExt(0xBEDE, 0), 20), 3, 0, false},
		{"short element", marshal(t, withExt(0xBEDE, 0, ext{3, []byte{9}}), 20), 3, 0, false},
		{"padding between elements", []byte{0x90, 96, 0, 1, 0, 0, 0, 1, 0, 0, 0, 7,
			0xBE, 0xDE, 0, 2, 0x10, 0xAA, 0, 0, 0x31, 0x12, 0x34, 0}, 3, 0x1234, true},
		{"stop marker", []byte{0x90, 96, 0, 1, 0, 0, 0, 1, 0, 0, 0, 7,
			0xBE, 0xDE, 0, 2, 0xF0, 0, 0, 0, 0x31, 0x12, 0x34, 0}, 3, 0, false},
		{"block longer than the packet", []byte{0x90, 96, 0, 1, 0, 0, 0, 1, 0, 0, 0, 7,
			0xBE, 0xDE, 0, 9, 0x31, 0x12, 0x34, 0}, 3, 0, false},
		{"element longer than the block", []byte{0x90, 96, 0, 1, 0, 0, 0, 1, 0, 0, 0, 7,
			0xBE, 0xDE, 0, 1, 0x00, 0x00, 0x00, 0x3F}, 3, 0, false},
		{"header cut short", []byte{0x90, 96, 0, 1, 0, 0, 0, 1, 0, 0, 0, 7, 0xBE}, 3, 0, false},
		{"no X bit", []byte{0x80, 96, 0, 1, 0, 0, 0, 1, 0, 0, 0, 7,
			0xBE, 0xDE, 0, 1, 0x31, 0x12, 0x34, 0}, 3, 0, false},
		{"empty", nil, 3, 0, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := TransportSequence(c.pkt, c.id)
			if ok != c.wantOK || got != c.want {
				t.Fatalf("TransportSequence = %d, %v; want %d, %v", got, ok, c.want, c.wantOK)
			}
			if ref, refOK := pionSequence(c.pkt, c.id); refOK && (!ok || ref != got) {
				t.Fatalf("pion reads %d from the same packet, we read %d, %v", ref, got, ok)
			}
		})
	}
}

// FuzzTransportSequence: never reads past the packet, and agrees with
// pion whenever pion finds the element.
func FuzzTransportSequence(f *testing.F) {
	f.Add(marshal(f, header(f, 0xBEDE, 0, ext{3, []byte{1, 2}}), 4), uint8(3))
	f.Add(marshal(f, header(f, 0x1000, 1, ext{1, []byte{0}}, ext{3, []byte{1, 2}}), 4), uint8(3))
	f.Fuzz(func(t *testing.T, pkt []byte, id uint8) {
		if id == 0 {
			return // 0 is no element ID (pion reads an RFC 3550 extension there)
		}
		got, ok := TransportSequence(pkt, id)
		if ref, refOK := pionSequence(pkt, id); refOK && (!ok || ref != got) {
			t.Fatalf("pion reads %d, we read %d, %v", ref, got, ok)
		}
	})
}

func BenchmarkTransportSequence(b *testing.B) {
	pkt := marshal(b, header(b, 0xBEDE, 0, ext{1, []byte{0x80}}, ext{3, []byte{1, 2}}, ext{4, []byte{1, 2, 3}}), 1000)
	b.Run("impl=ours", func(b *testing.B) {
		for b.Loop() {
			TransportSequence(pkt, 3)
		}
	})
	b.Run("impl=pion", func(b *testing.B) {
		for b.Loop() {
			pionSequence(pkt, 3)
		}
	})
}
