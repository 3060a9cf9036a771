package signal_test

import (
	"net"
	"testing"
	"time"

	"souk/sfu"
	"souk/signal"
)

// freeUDPPort returns a UDP port that was free a moment ago.
func freeUDPPort(t *testing.T) int {
	t.Helper()
	c, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	return c.LocalAddr().(*net.UDPAddr).Port
}

// Subscribers get an RTCP sender report about once a second for every
// track, describing what they received: the SSRC they receive, a packet
// count that tracks the packets that arrived, an NTP time close to now and
// an RTP time that continues the timestamps they receive (the mapping
// browsers use to line audio up with video). On a shared UDP port the
// server batches its sends; media and reports arrive all the same.
func TestSenderReports(t *testing.T) {
	t.Run("ephemeral ports", func(t *testing.T) { testSenderReports(t, 0) })
	t.Run("shared UDP port", func(t *testing.T) { testSenderReports(t, freeUDPPort(t)) })
}

func testSenderReports(t *testing.T, udpPort int) {
	ts := startServer(t, func(c *sfu.Config, _ *signal.Config) { c.WebRTC.UDPPort = udpPort })
	sub := connect(t, ts, "reports", "sub")
	pub := connect(t, ts, "reports", "pub")
	a, v, _ := publishBoth(t, pub)
	ctx := waitCtx(t)
	tracks := []struct {
		sid       string
		clockRate float64
	}{{a.Info.GetSid(), 48000}, {v.Info.GetSid(), 90000}}
	for _, tr := range tracks {
		rt, err := sub.WaitTrack(ctx, tr.sid)
		if err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(20 * time.Second)
		for rt.Stats().SenderReports < 2 {
			if time.Now().After(deadline) {
				t.Fatalf("track %s: %d sender reports after 20 s (%d packets)", tr.sid, rt.Stats().SenderReports, rt.Stats().Packets)
			}
			time.Sleep(50 * time.Millisecond)
		}
		st := rt.Stats()
		// Loopback loses nothing unless a socket buffer overflows on a
		// starved machine; batching must not reorder.
		if st.Gaps > st.Packets/100 || st.Backwards > 0 {
			t.Errorf("track %s: %d packets missing, %d out of order", tr.sid, st.Gaps, st.Backwards)
		}
		sr := st.LastSenderReport
		// The report was built before the newest packets arrived, and
		// counts media the subscriber may not have read yet: allow a
		// second of packets either way.
		if int(sr.PacketCount) > st.Packets+150 || int(sr.PacketCount) < st.Packets-150 || sr.PacketCount == 0 {
			t.Errorf("track %s: report counts %d packets, %d received", tr.sid, sr.PacketCount, st.Packets)
		}
		if sr.OctetCount == 0 {
			t.Errorf("track %s: report counts no octets", tr.sid)
		}
		const ntpEpochOffset = 2208988800
		ntpSecs := int64(sr.NTPTime>>32) - ntpEpochOffset
		if d := time.Since(time.Unix(ntpSecs, 0)); d < -2*time.Second || d > 5*time.Second {
			t.Errorf("track %s: report's NTP time is %v from now", tr.sid, d)
		}
		// RTP time runs with the stream: within a few seconds of the
		// newest timestamp received.
		diff := int32(sr.RTPTime - st.LastTimestamp)
		if got := float64(diff) / tr.clockRate; got < -5 || got > 5 {
			t.Errorf("track %s: report's RTP time %d is %.1f s from the newest timestamp %d", tr.sid, sr.RTPTime, got, st.LastTimestamp)
		}
	}
}
