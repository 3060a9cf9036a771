package twccfeedback

import "encoding/binary"

// TransportSequence reads the transport-wide sequence number that header
// extension id carries in the RTP packet pkt, in either of RFC 8285's
// forms (one-byte and two-byte headers). ok is false when pkt has no such
// element or is cut short; nothing beyond pkt is read.
func TransportSequence(pkt []byte, id uint8) (seq uint16, ok bool) {
	if len(pkt) < 12 || pkt[0]&0x10 == 0 { // no X bit
		return 0, false
	}
	at := 12 + 4*int(pkt[0]&0x0f) // past the CSRCs
	if len(pkt) < at+4 {
		return 0, false
	}
	profile := binary.BigEndian.Uint16(pkt[at:])
	end := at + 4 + 4*int(binary.BigEndian.Uint16(pkt[at+2:]))
	if end > len(pkt) {
		return 0, false
	}
	ext := pkt[at+4 : end]
	var value []byte
	switch {
	case profile == 0xBEDE:
		value = oneByteElement(ext, id)
	case profile&0xFFF0 == 0x1000:
		value = twoByteElement(ext, id)
	}
	if len(value) < 2 {
		return 0, false
	}
	return binary.BigEndian.Uint16(value), true
}

// oneByteElement finds element id in a one-byte-header extension block:
// each element is a byte of ID (4 bits) and length minus one (4 bits),
// then its data; a zero byte is padding and ID 15 ends the block.
func oneByteElement(ext []byte, id uint8) []byte {
	for i := 0; i < len(ext); {
		if ext[i] == 0 {
			i++
			continue
		}
		eid, n := ext[i]>>4, int(ext[i]&0x0f)+1
		if eid == 15 {
			return nil
		}
		i++
		if i+n > len(ext) {
			return nil
		}
		if eid == id {
			return ext[i : i+n]
		}
		i += n
	}
	return nil
}

// twoByteElement finds element id in a two-byte-header extension block:
// a byte of ID and a byte of length, then the data; a zero ID is padding.
func twoByteElement(ext []byte, id uint8) []byte {
	for i := 0; i < len(ext); {
		if ext[i] == 0 {
			i++
			continue
		}
		if i+2 > len(ext) {
			return nil
		}
		eid, n := ext[i], int(ext[i+1])
		i += 2
		if i+n > len(ext) {
			return nil
		}
		if eid == id {
			return ext[i : i+n]
		}
		i += n
	}
	return nil
}
