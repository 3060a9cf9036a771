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
// frame, with segmentation on and off. The subscribers'
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
	for _, segmentation := range []bool{false, true} {
		api, closer, err := newAPI(WebRTCConfig{UDPPort: port, IncludeLoopback: true, IPs: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}, NoSegmentation: !segmentation})
		if err != nil {
			b.Fatal(err)
		}
		for _, subs := range []int{1, 16} {
			b.Run(fmt.Sprintf("segmentation=%v/subscribers=%d", segmentation, subs), func(b *testing.B) {
				run, downs := forwardingBench(b, api, subs, closer.AfterFanout)
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
			})
		}
		if err := closer.Close(); err != nil {
			b.Fatal(err)
		}
	}
}
