package netlab

import (
	"context"
	"io"
	"net/netip"
	"slices"
	"testing"
	"time"
)

// Each backend does what an Impairment says, on the direction it names
// only: loss measured over 2000 datagrams lands in a wide band around the
// setting, an uplink and a downlink on one path add up, delay and jitter
// show in round trips, and a rate limit caps a TCP transfer.
func TestImpairments(t *testing.T) {
	t.Parallel()
	for _, backend := range []ImpairBackend{Netem, Netfilter} {
		t.Run(string(backend), func(t *testing.T) {
			t.Parallel()
			lab := New(t)
			if backend == Netem {
				ok, err := lab.NetemAvailable(t.Context())
				if err != nil {
					t.Fatal(err)
				}
				if !ok {
					t.Skip("this kernel has no netem (sch_netem); the netfilter backend stands in for it")
				}
			}
			if err := lab.SetImpairBackend(t.Context(), backend); err != nil {
				t.Fatal(err)
			}
			a := addHost(t, lab, "a", HostOptions{})
			b := addHost(t, lab, "b", HostOptions{NAT: true})

			t.Run("loss", func(t *testing.T) { testLoss(t, a, b) })
			t.Run("delay", func(t *testing.T) { testDelay(t, a, b) })
			t.Run("rate", func(t *testing.T) { testRate(t, a, b) })
		})
	}
}

const datagrams = 2000

func inBand(t *testing.T, what string, got, lo, hi float64) {
	t.Helper()
	if got < lo || got > hi {
		t.Errorf("%s: %.2f%%, want %.1f%% to %.1f%%", what, 100*got, 100*lo, 100*hi)
	} else {
		t.Logf("%s: %.2f%%", what, 100*got)
	}
}

func testLoss(t *testing.T, a, b *Host) {
	// 5 % of 2000 is 100 ± 10 (one standard deviation); the bands are
	// wide enough never to fail by chance, narrow enough to tell 0, 5 and
	// 10 % apart.
	impair(t, a, Uplink, Impairment{Loss: 0.05})
	inBand(t, "a→b, a's uplink at 5%", udpLoss(t, a, b, datagrams, 8, 4*time.Millisecond), 0.025, 0.08)
	inBand(t, "b→a, a's uplink at 5%", udpLoss(t, b, a, datagrams, 8, 4*time.Millisecond), 0, 0.01)

	impair(t, a, Uplink, Impairment{})
	impair(t, a, Downlink, Impairment{Loss: 0.05})
	inBand(t, "a→b, a's downlink at 5%", udpLoss(t, a, b, datagrams, 8, 4*time.Millisecond), 0, 0.01)
	inBand(t, "b→a, a's downlink at 5%", udpLoss(t, b, a, datagrams, 8, 4*time.Millisecond), 0.025, 0.08)

	// Both ends of one path: 1 - 0.9² = 19 %.
	impair(t, a, Downlink, Impairment{})
	impair(t, a, Uplink, Impairment{Loss: 0.10})
	impair(t, b, Downlink, Impairment{Loss: 0.10})
	inBand(t, "a→b, 10% on a's uplink and b's downlink", udpLoss(t, a, b, datagrams, 8, 4*time.Millisecond), 0.14, 0.24)
	impair(t, a, Uplink, Impairment{})
	impair(t, b, Downlink, Impairment{})
	inBand(t, "a→b, clean again", udpLoss(t, a, b, datagrams, 8, 4*time.Millisecond), 0, 0.01)
}

// roundTrips measures n sequential UDP round trips from a to an echo in b.
func roundTrips(t *testing.T, a, b *Host, echo netip.AddrPort, n int) []time.Duration {
	t.Helper()
	var rtts []time.Duration
	for range n {
		rtt, err := udpRoundTrip(a, echo, 5*time.Second)
		if err != nil {
			t.Fatalf("round trip: %v", err)
		}
		rtts = append(rtts, rtt)
	}
	slices.Sort(rtts)
	return rtts
}

func testDelay(t *testing.T, a, b *Host) {
	local := udpEcho(t, b, "0.0.0.0:0")
	echo := netip.AddrPortFrom(b.Addr(), local.Port())
	base := roundTrips(t, a, b, echo, 10)

	impair(t, a, Uplink, Impairment{Delay: 40 * time.Millisecond})
	rtts := roundTrips(t, a, b, echo, 10)
	t.Logf("round trips: clean min %v; a's uplink +40ms: min %v median %v", base[0], rtts[0], rtts[len(rtts)/2])
	if rtts[0] < 40*time.Millisecond {
		t.Errorf("a round trip took %v with 40 ms on a's uplink", rtts[0])
	}
	// Generous: the machine may be busy, but not by a second.
	if rtts[len(rtts)/2] > 40*time.Millisecond+time.Second {
		t.Errorf("median round trip %v with 40 ms on a's uplink", rtts[len(rtts)/2])
	}

	impair(t, b, Downlink, Impairment{Delay: 30 * time.Millisecond})
	rtts = roundTrips(t, a, b, echo, 10)
	t.Logf("a's uplink +40ms and b's downlink +30ms: min %v", rtts[0])
	if rtts[0] < 70*time.Millisecond {
		t.Errorf("a round trip took %v with 40 ms on a's uplink and 30 ms on b's downlink", rtts[0])
	}
	impair(t, b, Downlink, Impairment{})

	impair(t, a, Uplink, Impairment{Delay: 50 * time.Millisecond, Jitter: 20 * time.Millisecond})
	rtts = roundTrips(t, a, b, echo, 40)
	spread := rtts[len(rtts)-1] - rtts[0]
	t.Logf("50 ms ± 20 ms on a's uplink: min %v, max %v", rtts[0], rtts[len(rtts)-1])
	if rtts[0] < 29*time.Millisecond {
		t.Errorf("a round trip took %v with 50 ± 20 ms on a's uplink", rtts[0])
	}
	if spread < 10*time.Millisecond {
		t.Errorf("round trips spread over %v only with ± 20 ms jitter", spread)
	}
	impair(t, a, Uplink, Impairment{})
	if rtts := roundTrips(t, a, b, echo, 5); rtts[0] > 20*time.Millisecond {
		t.Errorf("clean again, yet the fastest round trip took %v", rtts[0])
	}
}

// transferRate sends size bytes over TCP from a to b and returns bits/s
// as the receiver saw them.
func transferRate(t *testing.T, a, b *Host, size int) float64 {
	t.Helper()
	ln, err := b.Listen("tcp", "0.0.0.0:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	type result struct {
		n   int64
		dur time.Duration
		err error
	}
	res := make(chan result, 1)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			res <- result{err: err}
			return
		}
		defer c.Close()
		start := time.Now()
		n, err := io.Copy(io.Discard, c)
		res <- result{n, time.Since(start), err}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	port := ln.Addr().(interface{ AddrPort() netip.AddrPort }).AddrPort().Port()
	c, err := a.DialContext(ctx, "tcp", netip.AddrPortFrom(b.Addr(), port).String())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Write(make([]byte, size)); err != nil {
		t.Fatal(err)
	}
	c.Close()
	r := <-res
	if r.err != nil || r.n != int64(size) {
		t.Fatalf("received %d of %d bytes: %v", r.n, size, r.err)
	}
	return float64(8*size) / r.dur.Seconds()
}

func testRate(t *testing.T, a, b *Host) {
	const limit = 2_000_000
	for _, dir := range []Direction{Uplink, Downlink} {
		from, to := a, b
		if dir == Downlink {
			from, to = b, a
		}
		impair(t, a, dir, Impairment{Rate: limit})
		// 600 kB is 2.4 s at 2 Mbit/s. The receiver's clock starts at
		// the first byte, so the first burst counts; the cap is loose.
		rate := transferRate(t, from, to, 600_000)
		t.Logf("%s limited to 2 Mbit/s: %.2f Mbit/s", dir, rate/1e6)
		if rate > 1.25*limit || rate < 0.4*limit {
			t.Errorf("%s limited to 2 Mbit/s carried %.2f Mbit/s", dir, rate/1e6)
		}
		impair(t, a, dir, Impairment{})
	}
	if rate := transferRate(t, a, b, 600_000); rate < 4*limit {
		t.Errorf("without a limit the transfer ran at %.2f Mbit/s only", rate/1e6)
	}
}
