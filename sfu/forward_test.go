package sfu

import (
	"bytes"
	"testing"

	"github.com/livekit/protocol/livekit"
	"github.com/pion/rtp"
)

func TestMunger(t *testing.T) {
	type step struct {
		op      string // "switch", "pkt", "skip"
		seq     uint16
		ts      uint32
		wantSeq uint16
		wantOK  bool
	}
	cases := []struct {
		name  string
		steps []step
	}{
		{"continuous", []step{{"switch", 100, 1000, 0, false}, {"pkt", 100, 1000, 100, true}, {"pkt", 101, 1000, 101, true}, {"pkt", 102, 2000, 102, true}}},
		{"wraparound", []step{{"switch", 65535, 0, 0, false}, {"pkt", 65535, 0, 65535, true}, {"pkt", 0, 0, 0, true}, {"pkt", 1, 0, 1, true}}},
		{"switch continues sequence", []step{{"switch", 10, 0, 0, false}, {"pkt", 10, 0, 10, true}, {"pkt", 11, 0, 11, true}, {"switch", 5000, 0, 0, false}, {"pkt", 5000, 0, 12, true}, {"pkt", 5001, 0, 13, true}}},
		{"older than switch dropped", []step{{"switch", 10, 0, 0, false}, {"pkt", 10, 0, 10, true}, {"switch", 500, 0, 0, false}, {"pkt", 499, 0, 0, false}, {"pkt", 500, 0, 11, true}}},
		{"padding hidden", []step{{"switch", 1, 0, 0, false}, {"pkt", 1, 0, 1, true}, {"skip", 2, 0, 0, false}, {"pkt", 3, 0, 2, true}, {"pkt", 4, 0, 3, true}}},
		{"reordered kept", []step{{"switch", 1, 0, 0, false}, {"pkt", 1, 0, 1, true}, {"pkt", 3, 0, 3, true}, {"pkt", 2, 0, 2, true}, {"pkt", 4, 0, 4, true}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var m munger
			now := int64(0)
			for i, s := range tc.steps {
				now += 20e6
				switch s.op {
				case "switch":
					m.switchTo(s.seq, s.ts, now, 90000)
				case "skip":
					m.skip(s.seq)
				case "pkt":
					seq, _, ok := m.update(s.seq, s.ts, now)
					if ok != s.wantOK || (ok && seq != s.wantSeq) {
						t.Fatalf("step %d: got (%d,%v), want (%d,%v)", i, seq, ok, s.wantSeq, s.wantOK)
					}
				}
			}
		})
	}
}

// A long stream keeps flowing across many sequence wraps.
func TestMungerLongStream(t *testing.T) {
	var m munger
	m.switchTo(100, 0, 0, 90000)
	seq := uint16(100)
	for i := 0; i < 200_000; i++ {
		out, _, ok := m.update(seq, 0, 0)
		if !ok || out != seq {
			t.Fatalf("packet %d (seq %d): got (%d,%v)", i, seq, out, ok)
		}
		seq++
	}
}

func TestMungerTimestampAdvancesOnSwitch(t *testing.T) {
	var m munger
	m.switchTo(1, 1_000_000, 0, 90000)
	_, ts1, _ := m.update(1, 1_000_000, 0)
	m.switchTo(9000, 5, 100e6, 90000) // 100 ms later, unrelated source clock
	_, ts2, _ := m.update(9000, 5, 100e6)
	if d := ts2 - ts1; d != 9000 {
		t.Fatalf("timestamp advanced by %d, want 9000 (100 ms at 90 kHz)", d)
	}
}

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

func TestPacketCache(t *testing.T) {
	c := newPacketCache(8)
	c.Store(10, []byte{1, 2, 3})
	c.Store(18, []byte{4, 5}) // same slot, evicts 10
	buf := make([]byte, maxPacketSize)
	if n := c.Get(10, buf); n != 0 {
		t.Errorf("evicted packet returned")
	}
	if n := c.Get(18, buf); n != 2 || buf[0] != 4 {
		t.Errorf("got %d %x", n, buf[:n])
	}
	c.Store(3, make([]byte, maxPacketSize+1))
	if n := c.Get(3, buf); n != 0 {
		t.Errorf("oversized packet cached")
	}
	if n := c.Get(18, make([]byte, 1)); n != 0 {
		t.Errorf("copied into a short buffer")
	}
}

func TestQualityFor(t *testing.T) {
	w := [numLayers]uint32{320, 640, 1280}
	for _, tc := range []struct {
		want uint32
		q    int
	}{{0, qualityHigh}, {100, qualityLow}, {320, qualityLow}, {321, qualityMedium}, {1000, qualityHigh}, {4000, qualityHigh}} {
		if got := qualityFor(w, tc.want); got != tc.q {
			t.Errorf("qualityFor(%d) = %d, want %d", tc.want, got, tc.q)
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

// fakeWriter marshals like the real writer would, without a socket.
type fakeWriter struct {
	buf     [maxPacketSize]byte
	packets int
	last    rtp.Header
}

func (w *fakeWriter) WriteRTP(h *rtp.Header, payload []byte) (int, error) {
	n, err := h.MarshalTo(w.buf[:])
	if err != nil {
		return 0, err
	}
	n += copy(w.buf[n:], payload)
	w.packets++
	w.last = *h
	return n, nil
}

func (w *fakeWriter) Write(b []byte) (int, error) { return len(b), nil }
