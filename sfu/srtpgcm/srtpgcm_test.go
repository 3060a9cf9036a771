package srtpgcm

import (
	"bytes"
	"crypto/rand"
	"testing"

	"github.com/pion/rtp"
	"github.com/pion/srtp/v3"
)

// TestSealMatchesPion seals a stream whose sequence numbers wrap, with a
// retransmission of a packet from before the wrap sent after it, and
// compares every packet with what pion/srtp makes of it; pion's receiving
// side must also open them.
func TestSealMatchesPion(t *testing.T) {
	for _, tc := range []struct {
		name    string
		keyLen  int
		profile srtp.ProtectionProfile
	}{
		{"AEAD_AES_128_GCM", 16, srtp.ProtectionProfileAeadAes128Gcm},
		{"AEAD_AES_256_GCM", 32, srtp.ProtectionProfileAeadAes256Gcm},
	} {
		t.Run(tc.name, func(t *testing.T) {
			key, salt := make([]byte, tc.keyLen), make([]byte, SaltLen)
			if _, err := rand.Read(key); err != nil {
				t.Fatal(err)
			}
			if _, err := rand.Read(salt); err != nil {
				t.Fatal(err)
			}
			sealer, err := NewSealer(key, salt)
			if err != nil {
				t.Fatal(err)
			}
			pionOut, err := srtp.CreateContext(key, salt, tc.profile)
			if err != nil {
				t.Fatal(err)
			}
			pionIn, err := srtp.CreateContext(key, salt, tc.profile)
			if err != nil {
				t.Fatal(err)
			}
			var seqs []uint16
			for s := 65500; s < 65500+120; s++ {
				seqs = append(seqs, uint16(s))
			}
			seqs = append(seqs, 65530, 40, 41) // a late retransmission, then on
			var st Stream
			for i, seq := range seqs {
				hdr := rtp.Header{Version: 2, PayloadType: 96, SequenceNumber: seq, Timestamp: uint32(i) * 3000,
					SSRC: 0xdeadbeef, Marker: i%3 == 2, CSRC: []uint32{7}}
				if i%2 == 0 {
					if err := hdr.SetExtension(5, []byte{byte(i), 1}); err != nil {
						t.Fatal(err)
					}
				}
				payload := bytes.Repeat([]byte{byte(i)}, 100+i)
				plain, err := (&rtp.Packet{Header: hdr, Payload: payload}).Marshal()
				if err != nil {
					t.Fatal(err)
				}
				want, err := pionOut.EncryptRTP(nil, plain, nil)
				if err != nil {
					t.Fatal(err)
				}
				buf := make([]byte, len(plain)+TagLen)
				copy(buf, plain)
				got, err := sealer.Seal(&st, buf, len(plain), hdr.MarshalSize())
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, want) {
					t.Fatalf("packet %d (seq %d) differs from pion's", i, seq)
				}
				opened, err := pionIn.DecryptRTP(nil, got, nil)
				if err != nil {
					t.Fatalf("packet %d (seq %d): pion cannot open it: %v", i, seq, err)
				}
				if !bytes.Equal(opened, plain) {
					t.Fatalf("packet %d (seq %d) opens to other bytes", i, seq)
				}
			}
		})
	}
}

func TestSealDoesNotAllocate(t *testing.T) {
	s, err := NewSealer(make([]byte, 16), make([]byte, SaltLen))
	if err != nil {
		t.Fatal(err)
	}
	var st Stream
	buf := make([]byte, 1200+TagLen)
	buf[0] = 0x80
	seq := uint16(0)
	if allocs := testing.AllocsPerRun(100, func() {
		seq++
		buf[2], buf[3] = byte(seq>>8), byte(seq)
		if _, err := s.Seal(&st, buf, 1200, 12); err != nil {
			t.Fatal(err)
		}
	}); allocs != 0 {
		t.Fatalf("%v allocations per packet", allocs)
	}
}

func TestSealRefusesBadInput(t *testing.T) {
	if _, err := NewSealer(make([]byte, 16), make([]byte, 14)); err == nil {
		t.Error("a 14-byte salt was accepted")
	}
	if _, err := NewSealer(make([]byte, 15), make([]byte, SaltLen)); err == nil {
		t.Error("a 15-byte key was accepted")
	}
	s, err := NewSealer(make([]byte, 16), make([]byte, SaltLen))
	if err != nil {
		t.Fatal(err)
	}
	var st Stream
	for _, tc := range []struct {
		name         string
		buf          int
		n, headerLen int
	}{
		{"no room for the tag", 40, 40, 12},
		{"header longer than the packet", 100, 20, 24},
		{"header shorter than RTP's", 100, 20, 8},
	} {
		if _, err := s.Seal(&st, make([]byte, tc.buf), tc.n, tc.headerLen); err != ErrShort {
			t.Errorf("%s: %v, want ErrShort", tc.name, err)
		}
	}
}
