package buffer

import (
	"bytes"
	"testing"
)

func TestCache(t *testing.T) {
	c := NewCache(8)
	pkt := func(b byte) []byte { return bytes.Repeat([]byte{b}, 100) }
	c.Store(1, pkt(1))
	c.Store(2, pkt(2))
	c.Store(9, pkt(9)) // same slot as 1: evicts it
	c.Store(3, make([]byte, MaxPacketSize+1))

	cases := []struct {
		name string
		seq  uint16
		dst  int
		want []byte
	}{
		{"stored", 2, MaxPacketSize, pkt(2)},
		{"evicted by a later seq in the same slot", 1, MaxPacketSize, nil},
		{"the later seq", 9, MaxPacketSize, pkt(9)},
		{"never stored", 4, MaxPacketSize, nil},
		{"oversized not cached", 3, MaxPacketSize, nil},
		{"destination too small", 2, 10, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dst := make([]byte, tc.dst)
			n := c.Get(tc.seq, dst)
			if !bytes.Equal(dst[:n], tc.want) {
				t.Fatalf("Get(%d) = %d bytes, want %d", tc.seq, n, len(tc.want))
			}
		})
	}
}

func TestCacheWrapsSequenceNumbers(t *testing.T) {
	c := NewCache(16)
	for seq := uint16(65530); seq != 6; seq++ {
		c.Store(seq, []byte{byte(seq)})
	}
	dst := make([]byte, MaxPacketSize)
	for _, seq := range []uint16{65530, 65535, 0, 5} {
		if n := c.Get(seq, dst); n != 1 || dst[0] != byte(seq) {
			t.Fatalf("seq %d: got %d bytes %v", seq, n, dst[:n])
		}
	}
}

func TestNewCacheRejectsBadSizes(t *testing.T) {
	for _, size := range []int{0, 3, 65536} {
		func() {
			defer func() {
				if recover() == nil {
					t.Fatalf("NewCache(%d) did not panic", size)
				}
			}()
			NewCache(size)
		}()
	}
}

func BenchmarkCacheStore(b *testing.B) {
	c := NewCache(512)
	pkt := make([]byte, 1200)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		c.Store(uint16(i), pkt)
	}
}
