package forward

import (
	"testing"
	"time"

	"github.com/pion/rtp"
	"github.com/pion/webrtc/v4"
)

func TestSenderStatsReport(t *testing.T) {
	base := time.Date(2026, 11, 24, 20, 0, 0, 0, time.UTC)
	at := func(ms int) int64 { return base.Add(time.Duration(ms) * time.Millisecond).UnixNano() }
	type pkt struct {
		ts  uint32
		ms  int
		len int
	}
	cases := []struct {
		name      string
		sent      []pkt
		reportMs  int
		clockRate uint32
		wantOK    bool
		want      uint32 // RTP time
		packets   uint32
		octets    uint32
	}{
		{"nothing sent", nil, 100, 90000, false, 0, 0, 0},
		{"one packet, report at its arrival", []pkt{{1000, 0, 100}}, 0, 90000, true, 1000, 1, 100},
		{"advances at the clock rate", []pkt{{1000, 0, 100}}, 500, 90000, true, 1000 + 45000, 1, 100},
		{"later packets of a frame keep the frame's arrival",
			[]pkt{{3000, 0, 1200}, {3000, 40, 1200}, {3000, 80, 300}}, 100, 90000, true, 3000 + 9000, 3, 2700},
		{"a new frame moves the mapping", []pkt{{3000, 0, 10}, {6000, 33, 10}}, 53, 90000, true, 6000 + 1800, 2, 20},
		{"audio clock", []pkt{{960, 0, 80}, {1920, 20, 80}}, 1020, 48000, true, 1920 + 48000, 2, 160},
		{"timestamp wraps", []pkt{{0xffffff00, 0, 1}}, 10, 90000, true, 900 - 0x100, 1, 1},
		{"report before the arrival clock (clock step) does not go back", []pkt{{500, 100, 1}}, 50, 90000, true, 500, 1, 1},
		{"unknown clock rate", []pkt{{500, 0, 1}}, 10, 0, false, 0, 0, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var s senderStats
			for _, p := range tc.sent {
				s.sent(p.ts, at(p.ms), p.len)
			}
			now := base.Add(time.Duration(tc.reportMs) * time.Millisecond)
			sr, ok := s.report(0x1234, tc.clockRate, now, now.UnixNano())
			if ok != tc.wantOK {
				t.Fatalf("ok = %v, want %v", ok, tc.wantOK)
			}
			if !ok {
				return
			}
			if sr.SSRC != 0x1234 || sr.RTPTime != tc.want || sr.PacketCount != tc.packets || sr.OctetCount != tc.octets {
				t.Errorf("got ssrc %#x rtp %d packets %d octets %d, want rtp %d packets %d octets %d",
					sr.SSRC, sr.RTPTime, sr.PacketCount, sr.OctetCount, tc.want, tc.packets, tc.octets)
			}
			if got := sr.NTPTime; got != ntpTime(now) {
				t.Errorf("ntp %#x, want %#x", got, ntpTime(now))
			}
		})
	}
}

func TestNTPTime(t *testing.T) {
	// 1 January 1970 is 2208988800 s after the NTP epoch; half a second is
	// half of the 32-bit fraction.
	got := ntpTime(time.Unix(0, int64(500*time.Millisecond)))
	if got>>32 != 2208988800 || uint32(got) != 1<<31 {
		t.Errorf("ntpTime = %#x", got)
	}
}

// A bound down track reports what it forwarded: the forwarded media
// packets, their payload octets and its own (rewritten) timestamps.
func TestDownTrackSenderReport(t *testing.T) {
	r, layers := testReceiver(t, &Counters{}, nil, QualityHigh)
	d, w := bindDown(r, "sub")
	if _, ok := d.SenderReport(time.Now()); ok {
		t.Fatal("sender report before any media")
	}
	var hdr rtp.Header
	const size = 1000
	frames := []struct {
		seq uint16
		ts  uint32
		key bool
	}{{10, 90000, true}, {11, 90000, true}, {12, 93000, false}}
	for _, f := range frames {
		r.handlePacket(layers[QualityHigh], webrtc.MimeTypeVP8, &hdr, vp8RTP(t, 102, f.seq, f.ts, 1, f.key, size))
	}
	if w.count() != len(frames) {
		t.Fatalf("forwarded %d of %d", w.count(), len(frames))
	}
	sentAt := time.Now()
	w.mu.Lock()
	lastTS, lastPayload := w.last.Timestamp, len(w.payload)
	w.mu.Unlock()
	time.Sleep(20 * time.Millisecond)
	now := time.Now()
	sr, ok := d.SenderReport(now)
	if !ok {
		t.Fatal("no sender report after media")
	}
	if sr.SSRC != 5000 || sr.PacketCount != 3 || sr.OctetCount != uint32(3*lastPayload) {
		t.Errorf("report %+v, want ssrc 5000, 3 packets, %d octets", sr, 3*lastPayload)
	}
	// RTP time runs on from the last frame sent, at 90 kHz, by at most the
	// time since it was forwarded.
	ahead := sr.RTPTime - lastTS
	if maxAhead := uint32(now.Sub(sentAt.Add(-50*time.Millisecond)).Seconds() * 90000); ahead < 20*90 || ahead > maxAhead {
		t.Errorf("rtp time %d is %d ticks after the last frame's %d, want between %d and %d", sr.RTPTime, ahead, lastTS, 20*90, maxAhead)
	}
	d.Close()
	if _, ok := d.SenderReport(now); ok {
		t.Error("sender report from a closed down track")
	}
}
