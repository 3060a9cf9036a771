package sharedport

import (
	"bytes"
	"fmt"
	"log/slog"
	"net"
	"net/netip"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/pion/transport/v4/stdnet"
	"golang.org/x/net/ipv4"
)

func listenLoopback(t *testing.T) *net.UDPConn {
	t.Helper()
	c, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// receive reads n datagrams from c within a generous deadline.
func receive(t *testing.T, c *net.UDPConn, n int) [][]byte {
	t.Helper()
	var got [][]byte
	buf := make([]byte, 2048)
	_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
	for len(got) < n {
		k, err := c.Read(buf)
		if err != nil {
			t.Fatalf("after %d of %d datagrams: %v", len(got), n, err)
		}
		got = append(got, append([]byte(nil), buf[:k]...))
	}
	return got
}

// datagram is an RTP-looking datagram (version 2, payload type 96) that
// names its peer and index.
func datagram(to, i, size int) []byte {
	b := bytes.Repeat([]byte{byte(i)}, size)
	b[0], b[1] = 0x80, 96
	copy(b[2:], fmt.Sprintf("%d:%d:", to, i))
	return b
}

// rtcpDatagram looks like an RTCP receiver report.
func rtcpDatagram(to, i, size int) []byte {
	b := datagram(to, i, size)
	b[1] = 201
	return b
}

// Datagrams written to several peers arrive complete and in order whether
// the batch is sent by an explicit flush, by filling up, or by the delay
// bound when nobody flushes.
func TestBatchConnDelivers(t *testing.T) {
	cases := []struct {
		name  string
		peers int
		count int  // datagrams per peer
		flush bool // flush explicitly after writing
	}{
		{"flushed after a fan-out", 2, 5, true},
		// Eight peers, so that no receiving socket's buffer overflows
		// while the test has not read it yet.
		{"more than a full queue", 8, batchMaxQueued/8 + 7, true},
		{"a lone write goes out without a flush", 2, 1, false},
		{"a partial queue goes out without a flush", 2, batchChunk/2 - 1, false},
	}
	for _, tc := range cases {
		for _, gso := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/segmentation=%v", tc.name, gso), func(t *testing.T) {
				testBatchConnDelivers(t, tc.peers, tc.count, tc.flush, gso)
			})
		}
	}
}

func testBatchConnDelivers(t *testing.T, npeers, count int, flush, gso bool) {
	c := newSocket(listenLoopback(t))
	c.gso = gso && gsoSupported(c.UDPConn)
	defer c.Close()
	peers := []*net.UDPConn{listenLoopback(t), listenLoopback(t)}
	for i := 0; i < count; i++ {
		for p, peer := range peers {
			b := datagram(p, i, 200+i)
			ap := peer.LocalAddr().(*net.UDPAddr).AddrPort()
			if n, err := c.WriteToAddrPort(b, ap); err != nil || n != len(b) {
				t.Fatalf("write: %d, %v", n, err)
			}
			for j := range b {
				b[j] = 0xee // the caller reuses its buffer at once
			}
		}
	}
	if flush {
		c.Flush()
	}
	for p, peer := range peers {
		for i, got := range receive(t, peer, count) {
			if want := datagram(p, i, 200+i); !bytes.Equal(got, want) {
				t.Fatalf("peer %d datagram %d: %q, want %q", p, i, got[:12], want[:12])
			}
		}
	}
}

// The net.Addr path (what pion uses without allocation-free writes), an
// oversized datagram and the datagrams queued at Close all arrive.
func TestBatchConnEdges(t *testing.T) {
	peer := listenLoopback(t)
	c := newSocket(listenLoopback(t))
	big := datagram(0, 1, batchSlotSize+100)
	if _, err := c.WriteTo(datagram(0, 0, 100), peer.LocalAddr()); err != nil {
		t.Fatal(err)
	}
	if _, err := c.WriteTo(big, peer.LocalAddr()); err != nil {
		t.Fatal(err)
	}
	mapped := netip.AddrPortFrom(netip.AddrFrom16(netip.MustParseAddr("::ffff:127.0.0.1").As16()), peer.LocalAddr().(*net.UDPAddr).AddrPort().Port())
	if _, err := c.WriteToAddrPort(datagram(0, 2, 100), mapped); err != nil {
		t.Fatal(err)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	got := receive(t, peer, 3)
	// The oversized datagram bypasses the queue, so it may come first.
	sizes := map[int]bool{}
	for _, g := range got {
		sizes[len(g)] = true
	}
	if !sizes[100] || !sizes[len(big)] || len(got) != 3 {
		t.Errorf("received sizes %v", sizes)
	}
	if _, err := c.WriteToAddrPort(datagram(0, 3, 10), peer.LocalAddr().(*net.UDPAddr).AddrPort()); err == nil {
		t.Error("write after close succeeded")
	}
}

// A frame fanned out to several peers leaves as one segmented message per
// peer, and each peer receives the frame's datagrams whole and in order,
// the RTCP packet queued in between included.
func TestBatchConnSegments(t *testing.T) {
	c := newSocket(listenLoopback(t))
	c.delay = time.Hour // each frame is sent by its Flush, however slow the writes
	defer c.Close()
	if c.gso = gsoSupported(c.UDPConn); !c.gso {
		t.Skip("the kernel has no UDP segmentation offload")
	}
	peers := []*net.UDPConn{listenLoopback(t), listenLoopback(t), listenLoopback(t), listenLoopback(t)}
	sizes := []int{1100, 1100, 80, 1100, 700} // the 80-byte one stands for RTCP
	const frames = 5
	for f := 0; f < frames; f++ {
		for i, size := range sizes {
			for p, peer := range peers {
				b := datagram(p, f*len(sizes)+i, size)
				if size == 80 {
					b = rtcpDatagram(p, f*len(sizes)+i, size)
				}
				if _, err := c.WriteToAddrPort(b, peer.LocalAddr().(*net.UDPAddr).AddrPort()); err != nil {
					t.Fatal(err)
				}
			}
		}
		c.Flush() // the frame's last packet
	}
	for p, peer := range peers {
		for i, got := range receive(t, peer, frames*len(sizes)) {
			want := datagram(p, i, sizes[i%len(sizes)])
			if len(want) == 80 {
				want = rtcpDatagram(p, i, 80)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("peer %d datagram %d: %d bytes %q, want %d bytes %q", p, i, len(got), got[:8], len(want), want[:8])
			}
		}
	}
	// Per frame and peer: [1100 1100 80] and [1100 700].
	st := c.Stats()
	if want := uint64(frames * len(sizes) * len(peers)); st.Datagrams != want {
		t.Errorf("%d datagrams counted, want %d", st.Datagrams, want)
	}
	if want := uint64(frames * 2 * len(peers)); st.Messages != want {
		t.Errorf("%d messages sent, want %d", st.Messages, want)
	}
}

// A message the kernel refuses to segment is sent datagram by datagram,
// and the socket stops segmenting.
func TestBatchConnSendApart(t *testing.T) {
	peer := listenLoopback(t)
	c := newSocket(listenLoopback(t))
	defer c.Close()
	c.gso = true
	to := peer.LocalAddr().(*net.UDPAddr)
	m := ipv4.Message{Buffers: [][]byte{datagram(0, 0, 300), datagram(0, 1, 300), datagram(0, 2, 100)}, Addr: to}
	c.mu.Lock()
	c.sendApart(&m, &os.SyscallError{Syscall: "sendmmsg", Err: syscall.EIO})
	c.mu.Unlock()
	for i, got := range receive(t, peer, 3) {
		if !bytes.Equal(got, m.Buffers[i]) {
			t.Fatalf("datagram %d: %q", i, got[:8])
		}
	}
	if c.gso {
		t.Error("segmentation still on after EIO")
	}
}

// RTCP, STUN or DTLS written with nothing queued goes at once; written
// behind queued RTP it waits its turn, so a peer's datagrams keep their
// order.
func TestBatchConnSendsNonMediaAtOnce(t *testing.T) {
	peer := listenLoopback(t)
	to := peer.LocalAddr().(*net.UDPAddr).AddrPort()
	c := newSocket(listenLoopback(t))
	c.delay = time.Hour // only Flush sends the queue
	defer c.Close()
	stun := make([]byte, 20) // a binding request starts with 0x00 0x01
	stun[1] = 1
	for _, b := range [][]byte{rtcpDatagram(0, 0, 60), stun, {22, 0xfe, 0xfd, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}} {
		if _, err := c.WriteToAddrPort(b, to); err != nil {
			t.Fatal(err)
		}
		if c.queued() != 0 {
			t.Fatalf("a lone %#x datagram was queued", b[:2])
		}
	}
	receive(t, peer, 3)
	if _, err := c.WriteToAddrPort(datagram(0, 1, 300), to); err != nil {
		t.Fatal(err)
	}
	if _, err := c.WriteToAddrPort(rtcpDatagram(0, 2, 60), to); err != nil {
		t.Fatal(err)
	}
	if n := c.queued(); n != 2 {
		t.Fatalf("%d queued, want the RTP packet and the RTCP behind it", n)
	}
	c.Flush()
	got := receive(t, peer, 2)
	if len(got[0]) != 300 || len(got[1]) != 60 {
		t.Errorf("received %d then %d bytes", len(got[0]), len(got[1]))
	}
	if st := c.Stats(); st.Datagrams != 5 {
		t.Errorf("%d datagrams counted, want 5", st.Datagrams)
	}
}

// The delay starts again while a fan-out keeps adding to the queue, so a
// subscriber's frame is not cut in two, but only batchMaxExtensions times.
func TestBatchConnWaitsForAGrowingQueue(t *testing.T) {
	peer := listenLoopback(t)
	to := peer.LocalAddr().(*net.UDPAddr).AddrPort()
	c := newSocket(listenLoopback(t))
	c.delay = time.Hour // the test fires the timer itself
	defer c.Close()
	write := func(i int) {
		t.Helper()
		if _, err := c.WriteToAddrPort(datagram(0, i, 300), to); err != nil {
			t.Fatal(err)
		}
	}
	write(0)
	write(1)
	c.onTimer()
	if n := c.queued(); n != 2 {
		t.Fatalf("the timer sent a growing queue (%d left)", n)
	}
	c.onTimer() // nothing was added since
	if n := c.queued(); n != 0 {
		t.Fatalf("%d datagrams still queued after the queue stood still", n)
	}
	receive(t, peer, 2)

	write(2)
	for i := 0; i < batchMaxExtensions; i++ {
		write(3 + i)
		c.onTimer()
		if c.queued() == 0 {
			t.Fatalf("sent after %d extensions, want %d", i, batchMaxExtensions)
		}
	}
	write(99)
	c.onTimer()
	if n := c.queued(); n != 0 {
		t.Fatalf("still %d queued after %d extensions", n, batchMaxExtensions)
	}
	receive(t, peer, batchMaxExtensions+2)
}

// Reads report the sender, and writes reach IPv4 and IPv6 peers, from an
// IPv4 socket, an IPv6 one, and a dual-stack one writing to an IPv4 peer.
func TestBatchConnAddressFamilies(t *testing.T) {
	listen := func(t *testing.T, network, ip string) *net.UDPConn {
		t.Helper()
		c, err := net.ListenUDP(network, &net.UDPAddr{IP: net.ParseIP(ip)})
		if err != nil {
			t.Skipf("no %s socket on %s: %v", network, ip, err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	cases := []struct{ name, network, ip, peerNetwork, peerIP string }{
		{"IPv4", "udp4", "127.0.0.1", "udp4", "127.0.0.1"},
		{"IPv6", "udp6", "::1", "udp6", "::1"},
		{"dual stack to IPv4", "udp", "::", "udp4", "127.0.0.1"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := newSocket(listen(t, tc.network, tc.ip))
			defer c.Close()
			peer := listen(t, tc.peerNetwork, tc.peerIP)
			to := peer.LocalAddr().(*net.UDPAddr).AddrPort()
			// Queued and sent by a flush, then one sent at once.
			if _, err := c.WriteToAddrPort(datagram(0, 0, 500), to); err != nil {
				t.Fatal(err)
			}
			c.Flush()
			if _, err := c.WriteToAddrPort(rtcpDatagram(0, 1, 60), to); err != nil {
				t.Fatal(err)
			}
			got := receive(t, peer, 2)
			if len(got[0]) != 500 || len(got[1]) != 60 {
				t.Fatalf("received %d and %d bytes", len(got[0]), len(got[1]))
			}
			// The peer answers; the read reports who sent it.
			port := c.LocalAddr().(*net.UDPAddr).Port
			back := netip.AddrPortFrom(to.Addr(), uint16(port))
			if _, err := peer.WriteToUDPAddrPort([]byte("answer"), back); err != nil {
				t.Fatal(err)
			}
			_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
			buf := make([]byte, 1500)
			n, from, err := c.ReadFromAddrPort(buf)
			if err != nil {
				t.Fatal(err)
			}
			if string(buf[:n]) != "answer" || from != to {
				t.Fatalf("read %q from %v, want \"answer\" from %v", buf[:n], from, to)
			}
		})
	}
}

// What the socket's reader queued while handling a datagram goes out as
// soon as it finds nothing more to read, without waiting for the timer.
func TestBatchConnFlushesWhenItsReaderIdles(t *testing.T) {
	base, err := stdnet.NewNet()
	if err != nil {
		t.Fatal(err)
	}
	bn := New(base, Options{Log: slog.Default()})
	uc, err := bn.ListenUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	c, ok := uc.(*Socket)
	if !ok || c.raw == nil {
		t.Skip("raw socket calls are not available here")
	}
	c.delay = time.Hour // only the reader's idle flush can send the queue
	defer c.Close()
	viewer := listenLoopback(t)
	to := viewer.LocalAddr().(*net.UDPAddr).AddrPort()

	// The reader queues one media packet (not the end of a frame, so no
	// fan-out flush) for each datagram it reads.
	done := make(chan struct{})
	go func() {
		defer close(done)
		buf := make([]byte, 1500)
		for i := 0; ; i++ {
			if _, _, err := c.ReadFromAddrPort(buf); err != nil {
				return
			}
			if _, err := c.WriteDirect(datagram(0, i, 300), to); err != nil {
				return
			}
		}
	}()
	publisher := listenLoopback(t)
	for i := range 3 {
		if _, err := publisher.WriteTo(datagram(9, i, 100), c.LocalAddr()); err != nil {
			t.Fatal(err)
		}
		got := receive(t, viewer, 1)
		if want := datagram(0, i, 300); !bytes.Equal(got[0], want) {
			t.Fatalf("datagram %d: %q, want %q", i, got[0][:12], want[:12])
		}
	}
	c.Close()
	<-done
}
