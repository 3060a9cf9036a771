package turn

import (
	"net"
	"testing"
	"time"
)

// BenchmarkRelayWrite compares a relay socket's send path (peer check,
// token bucket, activity stamp) with the bare socket it wraps.
func BenchmarkRelayWrite(b *testing.B) {
	sink, err := net.ListenPacket("udp4", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	defer sink.Close()
	go func() {
		buf := make([]byte, 2048)
		for {
			if _, _, err := sink.ReadFrom(buf); err != nil {
				return
			}
		}
	}()
	payload := make([]byte, 1200)
	for _, tc := range []struct {
		name    string
		wrapped bool
	}{{"bare", false}, {"relay", true}} {
		b.Run(tc.name, func(b *testing.B) {
			pc, err := net.ListenPacket("udp4", "127.0.0.1:0")
			if err != nil {
				b.Fatal(err)
			}
			var conn net.PacketConn = pc
			if tc.wrapped {
				r := newRelays(net.IPv4(127, 0, 0, 1), net.IPv4(127, 0, 0, 1),
					newPeerPolicy(nil, []net.IP{net.IPv4(203, 0, 113, 1)}, nil), nil, Config{BytesPerSecond: 1 << 40}.withDefaults())
				rc := &relayConn{PacketConn: pc, relays: r, in: newBucket(1 << 40), out: newBucket(1 << 40)}
				rc.touch()
				conn = rc
			}
			defer conn.Close()
			to := sink.LocalAddr()
			b.SetBytes(int64(len(payload)))
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				if _, err := conn.WriteTo(payload, to); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkBucket is the per-packet cost of the byte rate limit alone.
func BenchmarkBucket(b *testing.B) {
	bk := newBucket(1 << 40)
	now := time.Now()
	b.ReportAllocs()
	for i := range b.N {
		bk.take(1200, now.Add(time.Duration(i)))
	}
}

// BenchmarkListenerEcho is the TURN UDP socket's per-datagram path (read
// a client's datagram, send one back to it) on a wildcard socket, plain
// and answering from the address reached (replySourceConn).
func BenchmarkListenerEcho(b *testing.B) {
	for _, tc := range []struct {
		name  string
		reply bool
	}{{"plain", false}, {"reply-source", true}} {
		b.Run(tc.name, func(b *testing.B) {
			uc, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4zero})
			if err != nil {
				b.Fatal(err)
			}
			var conn net.PacketConn = uc
			if tc.reply {
				if conn, err = newReplySourceConn(uc, false); err != nil {
					b.Skip(err)
				}
			}
			defer conn.Close()
			client, err := net.DialUDP("udp4", nil, &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1), Port: uc.LocalAddr().(*net.UDPAddr).Port})
			if err != nil {
				b.Fatal(err)
			}
			defer client.Close()
			payload := make([]byte, 1200)
			buf := make([]byte, 2048)
			b.SetBytes(int64(len(payload)))
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				if _, err := client.Write(payload); err != nil {
					b.Fatal(err)
				}
				n, from, err := conn.ReadFrom(buf)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := conn.WriteTo(buf[:n], from); err != nil {
					b.Fatal(err)
				}
				if _, err := client.Read(buf); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
