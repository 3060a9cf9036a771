package sfu

import (
	"fmt"
	"net"
	"net/netip"
	"syscall"
	"testing"
	"time"
)

// processCPU is the CPU time (user + system) of the whole process so far.
func processCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkSendPath is the server's whole send path as deployed: one
// received VP8 packet fanned out to each subscriber's peer connection on
// the shared UDP port (our interceptor set, SRTP, the UDP mux and its
// batched socket), then flushed as the receivers do at the end of each
// frame: through pion with segmentation off and on, and directly
// (sfu/direct). The subscribers'
// peer connections run in the same process and decrypt what arrives, so
// ns/fwd (wall) and cpu-ns/fwd (the process's CPU) include their receive
// work too; compare runs, not absolutes.
func BenchmarkSendPath(b *testing.B) {
	probe, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		b.Fatal(err)
	}
	port := probe.LocalAddr().(*net.UDPAddr).Port
	probe.Close()
	modes := []struct {
		name                   string
		segmentation, directly bool
	}{
		{"path=pion/gso=false", false, false},
		{"path=pion/gso=true", true, false},
		{"path=direct/gso=true", true, true},
	}
	for _, mode := range modes {
		api, closer, err := newAPI(WebRTCConfig{UDPPort: port, IncludeLoopback: true, IPs: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")},
			NoSegmentation: !mode.segmentation, NoDirectSRTP: !mode.directly})
		if err != nil {
			b.Fatal(err)
		}
		link := downLink{sockets: closer}
		for _, subs := range []int{1, 16} {
			b.Run(fmt.Sprintf("%s/subscribers=%d", mode.name, subs), func(b *testing.B) {
				run, downs := forwardingBench(b, api, subs, closer.AfterFanout, link)
				direct0 := closer.udpStats().Direct
				b.ReportAllocs()
				b.ResetTimer()
				cpu0 := processCPU(b)
				run()
				b.StopTimer()
				cpu := processCPU(b) - cpu0
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*subs), "ns/fwd")
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N*subs), "cpu-ns/fwd")
				if got := downs[0].Stats().PacketsForwarded; got < uint64(b.N)*9/10 {
					b.Fatalf("only %d of %d packets written", got, b.N)
				}
				// The path the mode names is the one taken.
				if direct := closer.udpStats().Direct - direct0; (direct > 0) != mode.directly {
					b.Fatalf("%d packets sent directly in mode %s", direct, mode.name)
				}
			})
		}
		if err := closer.Close(); err != nil {
			b.Fatal(err)
		}
	}
}
