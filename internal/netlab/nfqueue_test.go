package netlab

import (
	"encoding/binary"
	"testing"

	"golang.org/x/sys/unix"
)

// The queue's message framing: what nfqMessage builds, splitNetlink cuts
// back apart, and packetID finds the id among attributes of odd lengths.
func TestNetlinkFraming(t *testing.T) {
	// A packet message as the kernel sends it: an attribute of 5 bytes
	// (padded to 8) before the packet header.
	hdr := binary.BigEndian.AppendUint32(nil, 0xdeadbeef)
	hdr = append(hdr, 0x08, 0x00, 3) // hw protocol, hook
	pkt := nfqMessage(nfqMsgPacket, 0, 7, 42, nlAttr(99, []byte{1}), nlAttr(nfqaPacketHdr|0x8000, hdr))
	verdict := nfqMessage(nfqMsgVerdict, unix.NLM_F_REQUEST, 8, 42, nlAttr(nfqaVerdictHdr, make([]byte, 8)))
	msgs := splitNetlink(append(pkt, verdict...))
	if len(msgs) != 2 {
		t.Fatalf("split into %d messages, want 2", len(msgs))
	}
	if msgs[0].typ != unix.NFNL_SUBSYS_QUEUE<<8|nfqMsgPacket || msgs[0].seq != 7 || msgs[1].seq != 8 {
		t.Errorf("headers: %+v", msgs)
	}
	if q := binary.BigEndian.Uint16(msgs[0].data[2:]); q != 42 {
		t.Errorf("queue number %d, want 42", q)
	}
	id, ok := packetID(msgs[0].data[4:])
	if !ok || id != 0xdeadbeef {
		t.Errorf("packet id %#x %v, want 0xdeadbeef", id, ok)
	}
	if _, ok := packetID(msgs[1].data[4:]); ok {
		t.Error("found a packet id in a verdict")
	}
	// Truncated input yields nothing rather than a panic.
	if got := splitNetlink(pkt[:len(pkt)-3]); len(got) != 0 {
		t.Errorf("truncated message split into %d", len(got))
	}
	if _, ok := packetID([]byte{200, 0, 1, 0}); ok {
		t.Error("an attribute longer than its buffer gave an id")
	}
}

// The address plan puts link k at .k. of each block and skips blocks the
// machine uses.
func TestAddressPlan(t *testing.T) {
	p, err := choosePlan()
	if err != nil {
		t.Fatal(err)
	}
	used, _ := machinePrefixes()
	for _, u := range used {
		for _, b := range []struct {
			name   string
			prefix interface{ String() string }
			over   bool
		}{
			{"private", p.private, u.Overlaps(p.private)},
			{"public", p.public, u.Overlaps(p.public)},
			{"ula", p.ula, u.Overlaps(p.ula)},
		} {
			if b.over {
				t.Errorf("%s block %s overlaps the machine's %v", b.name, b.prefix, u)
			}
		}
	}
	if got := v4(p.private, 7, 3); !p.private.Contains(got) || got.As4()[2] != 7 || got.As4()[3] != 3 {
		t.Errorf("v4(link 7, host 3) = %v", got)
	}
	if got := v6(p.ula, 7, 3); !p.ula.Contains(got) || got.As16()[7] != 7 || got.As16()[15] != 3 {
		t.Errorf("v6(link 7, host 3) = %v", got)
	}
}
