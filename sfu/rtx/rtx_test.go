package rtx

import (
	"bytes"
	"testing"

	"github.com/pion/rtp"
)

func TestUnwrapRTX(t *testing.T) {
	orig := []byte{1, 2, 3, 4, 5}
	tests := []struct {
		name    string
		payload []byte
		padding byte
		ok      bool
	}{
		{"repair", append([]byte{0x12, 0x34}, orig...), 0, true},
		{"repair with padding", append([]byte{0x12, 0x34}, orig...), 4, true},
		{"padding-only probe", nil, 8, false},
		{"sequence number only", []byte{0x12, 0x34}, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := rtp.Packet{Header: rtp.Header{Version: 2, PayloadType: 97, SequenceNumber: 900, SSRC: 7, Timestamp: 3000, Marker: true}, Payload: tt.payload}
			if tt.padding > 0 {
				p.Header.Padding, p.PaddingSize = true, tt.padding
			}
			if err := p.Header.SetExtension(1, []byte("q")); err != nil {
				t.Fatal(err)
			}
			b, err := p.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			n, ok, err := Unwrap(b, 4242, 96)
			if err != nil || ok != tt.ok {
				t.Fatalf("Unwrap = %d, %v, %v; want ok %v", n, ok, err, tt.ok)
			}
			if !ok {
				return
			}
			var got rtp.Packet
			if err := got.Unmarshal(b[:n]); err != nil {
				t.Fatal(err)
			}
			want := tt.payload[2:]
			if got.SequenceNumber != 0x1234 || got.SSRC != 4242 || got.PayloadType != 96 || !got.Marker || got.Padding ||
				got.Timestamp != 3000 || !bytes.Equal(got.Payload, want) || string(got.GetExtension(1)) != "q" {
				t.Fatalf("unwrapped %+v payload %v, want seq 0x1234 ssrc 4242 pt 96 payload %v", got.Header, got.Payload, want)
			}
		})
	}
}

const rtxOffer = "v=0\r\no=- 1 1 IN IP4 0.0.0.0\r\ns=-\r\nt=0 0\r\n" +
	"m=video 9 UDP/TLS/RTP/SAVPF 96 97 98 99\r\nc=IN IP4 0.0.0.0\r\na=mid:1\r\n" +
	"a=rtpmap:96 VP8/90000\r\na=rtpmap:97 rtx/90000\r\na=fmtp:97 apt=96\r\n" +
	"a=rtpmap:98 VP9/90000\r\na=rtpmap:99 rtx/90000\r\na=fmtp:99 apt=98;rtx-time=3000\r\n" +
	"a=ssrc-group:FID 1111 2222\r\na=ssrc-group:FID 3333 4444\r\n"

func TestOfferRepair(t *testing.T) {
	tests := []struct {
		name     string
		mid      string
		pt       uint8
		ssrc     uint32
		wantPT   uint8
		wantSSRC uint32
	}{
		{"vp8 layer with FID", "1", 96, 3333, 97, 4444},
		{"vp9 with rtx-time, no FID for this ssrc", "1", 98, 5555, 99, 0},
		{"rid simulcast: no ssrc known", "1", 96, 0, 97, 0},
		{"other m-section", "0", 96, 1111, 0, 0},
		{"codec without rtx", "1", 111, 1111, 0, 2222},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pt, ssrc := offerRepair(rtxOffer, tt.mid, tt.pt, tt.ssrc)
			if pt != tt.wantPT || ssrc != tt.wantSSRC {
				t.Fatalf("offerRepair = %d, %d; want %d, %d", pt, ssrc, tt.wantPT, tt.wantSSRC)
			}
		})
	}
}

func TestRepairMatch(t *testing.T) {
	m := Match{MID: "1", RID: "h", PT: 96, RTXPT: 97, RTXSSRC: 2222, MIDID: 1, RIDID: 2, RRIDID: 3}
	hdr := func(pt uint8, ext map[uint8]string) *rtp.Header {
		h := &rtp.Header{Version: 2, PayloadType: pt}
		for id, v := range ext {
			if err := h.SetExtension(id, []byte(v)); err != nil {
				t.Fatal(err)
			}
		}
		return h
	}
	tests := []struct {
		name        string
		h           *rtp.Header
		ssrc        uint32
		match, sure bool
	}{
		{"declared by FID", hdr(97, nil), 2222, true, true},
		{"repaired rid (browsers)", hdr(97, map[uint8]string{1: "1", 3: "h"}), 9, true, true},
		{"layer rid on the repair (pion)", hdr(97, map[uint8]string{1: "1", 2: "h"}), 9, true, true},
		{"rid without mid", hdr(97, map[uint8]string{2: "h"}), 9, true, false},
		{"another track's layer", hdr(97, map[uint8]string{1: "2", 3: "h"}), 9, false, true},
		{"another layer", hdr(97, map[uint8]string{1: "1", 3: "q"}), 9, false, false},
		{"media payload type", hdr(96, map[uint8]string{1: "1", 2: "h"}), 9, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if match, sure := m.Repairs(tt.h, tt.ssrc); match != tt.match || sure != tt.sure {
				t.Fatalf("repairs = %v, %v; want %v, %v", match, sure, tt.match, tt.sure)
			}
		})
	}
}
