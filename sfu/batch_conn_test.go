package sfu

import (
	"bytes"
	"fmt"
	"net"
	"net/netip"
	"testing"
	"time"
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

func datagram(to, i, size int) []byte {
	b := bytes.Repeat([]byte{byte(i)}, size)
	copy(b, fmt.Sprintf("%d:%d:", to, i))
	return b
}

// Datagrams written to several peers arrive complete and in order whether
// the batch is sent by an explicit flush, by filling up, or by the delay
// bound when nobody flushes.
func TestBatchConnDelivers(t *testing.T) {
	cases := []struct {
		name  string
		count int  // datagrams per peer
		flush bool // flush explicitly after writing
	}{
		{"flushed after a fan-out", 5, true},
		{"several full batches", 3 * batchSize, true},
		{"a lone write goes out without a flush", 1, false},
		{"a partial batch goes out without a flush", batchSize/2 - 1, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := newBatchConn(listenLoopback(t))
			defer c.Close()
			peers := []*net.UDPConn{listenLoopback(t), listenLoopback(t)}
			for i := 0; i < tc.count; i++ {
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
			if tc.flush {
				c.Flush()
			}
			for p, peer := range peers {
				for i, got := range receive(t, peer, tc.count) {
					if want := datagram(p, i, 200+i); !bytes.Equal(got, want) {
						t.Fatalf("peer %d datagram %d: %q, want %q", p, i, got[:12], want[:12])
					}
				}
			}
		})
	}
}

// The net.Addr path (what pion uses without allocation-free writes), an
// oversized datagram and the datagrams queued at Close all arrive.
func TestBatchConnEdges(t *testing.T) {
	peer := listenLoopback(t)
	c := newBatchConn(listenLoopback(t))
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
