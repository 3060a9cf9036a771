package forward

import (
	"github.com/pion/rtp"
	"github.com/pion/sdp/v3"
	"github.com/pion/webrtc/v4"
)

// TransportSequencer numbers the packets of one subscriber's peer
// connection for transport-wide congestion control: one counter shared by
// all its down tracks, remembering each packet's size and send time.
// Stamp is called on the forwarding path: it must be safe for concurrent
// use and must not allocate.
type TransportSequencer interface {
	Stamp(size int, nowNs int64) uint16
}

// transportCC adds the transport-wide sequence number extension to a down
// track's packets when the subscriber negotiated it.
type transportCC struct {
	seq  TransportSequencer
	id   uint8 // negotiated extension id, 0 when not negotiated
	ext  [1]rtp.Extension
	body [2]byte
}

// bind looks for the negotiated extension.
func (c *transportCC) bind(seq TransportSequencer, exts []webrtc.RTPHeaderExtensionParameter) {
	c.seq, c.id = seq, 0
	if seq == nil {
		return
	}
	for _, e := range exts {
		if e.URI == sdp.TransportCCURI && e.ID > 0 && e.ID < 15 {
			c.id = uint8(e.ID)
		}
	}
}

// stamp numbers one outgoing packet sent at nowNs (Unix ns). The
// extension list reuses a fixed backing array, so this does not allocate.
func (c *transportCC) stamp(hdr *rtp.Header, payloadLen int, nowNs int64) {
	if c.id == 0 {
		return
	}
	hdr.Extensions = c.ext[:0]
	// One-byte header extension: 4 bytes of header, 1 of id and length, 2
	// of sequence number, padded to 8.
	size := hdr.MarshalSize() + 8 + payloadLen + int(hdr.PaddingSize)
	seq := c.seq.Stamp(size, nowNs)
	c.body[0], c.body[1] = byte(seq>>8), byte(seq)
	_ = hdr.SetExtension(c.id, c.body[:])
}
