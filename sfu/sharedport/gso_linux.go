package sharedport

import (
	"net"
	"unsafe"

	"golang.org/x/sys/unix"
)

// gsoControlSize holds one control message with a 16-bit value on every
// Linux architecture.
const gsoControlSize = 32

// gsoSupported reports whether the kernel can segment writes on this
// socket (Linux 4.18 and later know UDP_SEGMENT).
func gsoSupported(uc *net.UDPConn) bool {
	rc, err := uc.SyscallConn()
	if err != nil {
		return false
	}
	var serr error
	if err := rc.Control(func(fd uintptr) {
		_, serr = unix.GetsockoptInt(int(fd), unix.IPPROTO_UDP, unix.UDP_SEGMENT)
	}); err != nil {
		return false
	}
	return serr == nil
}

// putSegmentSize writes into dst the control message that asks the kernel
// to cut the message's payload into datagrams of size bytes, and returns
// the part of dst it used.
func putSegmentSize(dst []byte, size int) []byte {
	const valueLen = 2
	b := dst[:unix.CmsgSpace(valueLen)]
	clear(b)
	h := (*unix.Cmsghdr)(unsafe.Pointer(&b[0]))
	h.Level = unix.IPPROTO_UDP
	h.Type = unix.UDP_SEGMENT
	h.SetLen(unix.CmsgLen(valueLen))
	*(*uint16)(unsafe.Pointer(&b[unix.CmsgLen(0)])) = uint16(size)
	return b
}
