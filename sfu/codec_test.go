package sfu

import (
	"bytes"
	"testing"

	"github.com/livekit/protocol/livekit"
)

func TestKeyframeDetection(t *testing.T) {
	cases := []struct {
		name    string
		mime    string
		payload []byte
		want    bool
	}{
		{"vp8 key", "video/VP8", []byte{0x10, 0x00, 0x9d}, true},
		{"vp8 delta", "video/VP8", []byte{0x10, 0x01, 0x9d}, false},
		{"vp8 continuation", "video/VP8", []byte{0x00, 0x00}, false},
		{"vp8 key with picture id", "video/VP8", []byte{0x90, 0x80, 0x81, 0x23, 0x00}, true},
		{"vp8 delta with 7-bit picture id and tl0", "video/VP8", []byte{0x90, 0xc0, 0x05, 0x01, 0x01}, false},
		{"vp8 truncated", "video/VP8", []byte{0x90}, false},
		{"h264 idr", "video/H264", []byte{0x65, 0x88}, true},
		{"h264 sps", "video/H264", []byte{0x67, 0x42}, true},
		{"h264 p slice", "video/H264", []byte{0x41, 0x9a}, false},
		{"h264 stap-a with sps", "video/H264", []byte{0x18, 0x00, 0x02, 0x67, 0x42, 0x00, 0x02, 0x68, 0xce}, true},
		{"h264 fu-a idr start", "video/H264", []byte{0x7c, 0x85, 0x00}, true},
		{"h264 fu-a idr middle", "video/H264", []byte{0x7c, 0x05, 0x00}, false},
		{"h264 stap-a truncated", "video/H264", []byte{0x18, 0x00}, false},
		{"vp9 passes", "video/VP9", []byte{0x00}, true},
		{"empty vp8", "video/VP8", nil, false},
	}
	for _, tc := range cases {
		if got := isKeyframe(tc.mime, tc.payload); got != tc.want {
			t.Errorf("%s: got %v want %v", tc.name, got, tc.want)
		}
	}
}

func TestREDPrimary(t *testing.T) {
	redundant := []byte{0xaa, 0xbb, 0xcc}
	primary := []byte{0x01, 0x02, 0x03, 0x04}
	// One redundant block header (F=1, PT 111, offset 960, length 3), then
	// the primary header (F=0, PT 111).
	p := []byte{0x80 | 111, 0x0f, 0x00 | 0x00, 0x03, 111}
	p = append(p, redundant...)
	p = append(p, primary...)
	got, ok := redPrimary(p)
	if !ok || !bytes.Equal(got, primary) {
		t.Fatalf("got %x %v", got, ok)
	}
	if got, ok := redPrimary([]byte{111, 9, 9}); !ok || !bytes.Equal(got, []byte{9, 9}) {
		t.Errorf("primary only: %x %v", got, ok)
	}
	for _, bad := range [][]byte{nil, {0x80}, {0x80 | 111, 0, 0, 0xff, 111}} {
		if _, ok := redPrimary(bad); ok {
			t.Errorf("accepted malformed %x", bad)
		}
	}
}

func TestStampData(t *testing.T) {
	dp := &livekit.DataPacket{
		ParticipantIdentity: "mallory", ParticipantSid: "PA_fake",
		Value: &livekit.DataPacket_User{User: &livekit.UserPacket{ParticipantIdentity: "mallory", DestinationIdentities: []string{"bob"}, Payload: []byte("x")}},
	}
	_, dests, err := stampData(dp, "alice", "PA_alice", livekit.DataPacket_LOSSY)
	if err != nil {
		t.Fatal(err)
	}
	u := dp.GetUser()
	if dp.ParticipantIdentity != "alice" || dp.ParticipantSid != "PA_alice" || u.ParticipantIdentity != "alice" || u.ParticipantSid != "PA_alice" || dp.Kind != livekit.DataPacket_LOSSY {
		t.Errorf("not stamped: %v", dp)
	}
	if len(dests) != 1 || dests[0] != "bob" {
		t.Errorf("user destinations not honoured: %v", dests)
	}
}
