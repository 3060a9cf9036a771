// Package srtpgcm protects outgoing RTP with the SRTP AEAD-AES-GCM
// profiles (RFC 7714), the ones Souk prefers and every browser offers.
//
// It does for one direction what pion/srtp's Context does, with less
// around each packet: the session key and salt are derived once (the
// AES-CM key derivation of RFC 3711 4.3.1, which RFC 7714 section 11
// keeps), each stream's rollover counter is held by the caller instead
// of looked up in a map, and the packet is sealed in place. The forward
// path calls it for every packet to every subscriber.
//
// Imports allowed: the standard library (the tests compare with
// pion/srtp).
//
// Imports (checked by internal/importrules):
//
//	souk:   none
//	others: none
package srtpgcm

import (
	"crypto/aes"
	"crypto/cipher"
	"encoding/binary"
	"errors"
	"fmt"
)

// TagLen is what sealing adds to a packet.
const TagLen = 16

// SaltLen is the master and session salt length of both GCM profiles.
const SaltLen = 12

// Key derivation labels (RFC 3711 4.3.2).
const (
	labelEncryption = 0x00
	labelSalt       = 0x02
)

// Sealer holds one direction's session key and salt. It never changes
// after NewSealer, so goroutines may share it.
type Sealer struct {
	aead cipher.AEAD
	salt [SaltLen]byte
}

// NewSealer derives the session keys from an SRTP master key (16 bytes
// for AEAD_AES_128_GCM, 32 for AEAD_AES_256_GCM) and master salt.
func NewSealer(masterKey, masterSalt []byte) (*Sealer, error) {
	if len(masterSalt) != SaltLen {
		return nil, fmt.Errorf("srtpgcm: master salt of %d bytes, want %d", len(masterSalt), SaltLen)
	}
	master, err := aes.NewCipher(masterKey)
	if err != nil {
		return nil, fmt.Errorf("srtpgcm: master key: %w", err)
	}
	key := derive(master, masterSalt, labelEncryption, len(masterKey))
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, fmt.Errorf("srtpgcm: session key: %w", err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("srtpgcm: %w", err)
	}
	s := &Sealer{aead: aead}
	copy(s.salt[:], derive(master, masterSalt, labelSalt, SaltLen))
	return s, nil
}

// derive is the AES-CM key derivation function with a key derivation
// rate of zero: the master salt, with the label XORed in at byte 7 (the
// label's place in the 7-byte key id aligned to the salt's end), followed
// by a 16-bit block counter, encrypted block after block.
func derive(master cipher.Block, masterSalt []byte, label byte, n int) []byte {
	var in [aes.BlockSize]byte
	copy(in[:], masterSalt)
	in[7] ^= label
	out := make([]byte, (n+aes.BlockSize-1)/aes.BlockSize*aes.BlockSize)
	for i := 0; i*aes.BlockSize < n; i++ {
		binary.BigEndian.PutUint16(in[aes.BlockSize-2:], uint16(i))
		master.Encrypt(out[i*aes.BlockSize:], in[:])
	}
	return out[:n]
}

// Stream is one SSRC's sending state: the highest packet index sent,
// from which the rollover counter of each new packet follows. The zero
// value is a stream that has sent nothing. Not safe for concurrent use.
type Stream struct {
	started bool
	highest uint64 // 48-bit packet index: rollover counter << 16 | sequence number
	// iv is Seal's scratch: a local array would escape to the heap
	// through the cipher.AEAD interface, one allocation per packet.
	iv [SaltLen]byte
}

// index returns the packet index of seq (RFC 3711 3.3.1, appendix A):
// the one nearest the highest sent, which advances when seq is newer. A
// retransmission of an older packet keeps the index it was first sent
// with.
func (s *Stream) index(seq uint16) uint64 {
	if !s.started {
		s.started, s.highest = true, uint64(seq)
		return s.highest
	}
	delta := int64(int16(seq - uint16(s.highest)))
	idx := int64(s.highest) + delta
	if idx < 0 {
		// Older than the stream's first packet, across a wrap: such an
		// index does not exist; the receiver would estimate ROC 0.
		idx = int64(seq)
	}
	if uint64(idx) > s.highest {
		s.highest = uint64(idx)
	}
	return uint64(idx)
}

// ErrShort means the buffer does not hold the packet and its tag.
var ErrShort = errors.New("srtpgcm: packet shorter than its header, or no room for the tag")

// Seal encrypts the RTP packet in buf[:n], whose header (fixed part,
// CSRCs and extensions) is headerLen bytes, in place, and returns
// buf[:n+TagLen]. The header is authenticated, not encrypted (RFC 7714
// section 8.1); the IV comes from the SSRC, the rollover counter and the
// sequence number XOR the session salt.
func (s *Sealer) Seal(st *Stream, buf []byte, n, headerLen int) ([]byte, error) {
	if headerLen < 12 || headerLen > n || n+TagLen > len(buf) {
		return nil, ErrShort
	}
	seq := binary.BigEndian.Uint16(buf[2:4])
	idx := st.index(seq)
	iv := &st.iv
	iv[0], iv[1] = 0, 0
	copy(iv[2:6], buf[8:12]) // SSRC
	binary.BigEndian.PutUint32(iv[6:10], uint32(idx>>16))
	binary.BigEndian.PutUint16(iv[10:12], seq)
	for i := range iv {
		iv[i] ^= s.salt[i]
	}
	s.aead.Seal(buf[headerLen:headerLen], iv[:], buf[headerLen:n], buf[:headerLen])
	return buf[:n+TagLen], nil
}
