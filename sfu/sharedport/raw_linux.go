package sharedport

import (
	"encoding/binary"
	"net"
	"net/netip"
	"syscall"
	"unsafe"

	"golang.org/x/net/ipv4"
	"golang.org/x/sys/unix"
)

// rawSocket reads and writes a non-blocking UDP socket with raw system
// calls. Going through the runtime's syscall path wakes the runtime's
// monitor thread whenever the process was idle, and that thread then polls
// every 20 µs for a millisecond or more: for a media server that idles
// between packets, a tenth of its CPU. recvfrom, sendto and sendmmsg on a
// non-blocking socket return at once, so the scheduler need not know about
// them; when the socket is not ready, the runtime's poller parks the
// goroutine as usual.
//
// Reads come from one goroutine at a time (pion's UDP mux); writes are
// made under Socket's lock. Each side keeps its own buffers.
type rawSocket struct {
	rc  syscall.RawConn
	ip6 bool // an AF_INET6 socket: IPv4 peers are written as mapped addresses

	// read side
	// idle, when set, runs whenever a read finds the socket empty, just
	// before the reader waits: what the reader queued while it had
	// datagrams to handle goes out then (Net.ListenUDP).
	idle  func()
	rbuf  []byte
	rn    int
	from  unix.RawSockaddrAny
	flen  uint32
	rerr  syscall.Errno
	readF func(fd uintptr) bool

	// write side
	hdrs   []mmsghdr
	iovs   []unix.Iovec
	names  []unix.RawSockaddrInet6 // large enough for either family
	count  int
	wn     int
	werr   syscall.Errno
	writeF func(fd uintptr) bool
}

// mmsghdr is struct mmsghdr of <sys/socket.h>.
type mmsghdr struct {
	hdr unix.Msghdr
	len uint32
}

func newRawSocket(uc *net.UDPConn) *rawSocket {
	rc, err := uc.SyscallConn()
	if err != nil {
		return nil
	}
	s := &rawSocket{rc: rc}
	var family int
	if err := rc.Control(func(fd uintptr) {
		if sa, err := unix.Getsockname(int(fd)); err == nil {
			if _, ok := sa.(*unix.SockaddrInet6); ok {
				family = unix.AF_INET6
			} else {
				family = unix.AF_INET
			}
		}
	}); err != nil || family == 0 {
		return nil
	}
	s.ip6 = family == unix.AF_INET6
	s.readF = s.recvfrom
	s.writeF = s.sendmmsg
	return s
}

// setIdle makes f run whenever a read finds the socket empty.
func (s *rawSocket) setIdle(f func()) { s.idle = f }

// ReadFromAddrPort reads one datagram into b.
func (s *rawSocket) ReadFromAddrPort(b []byte) (int, netip.AddrPort, error) {
	if len(b) == 0 {
		return 0, netip.AddrPort{}, nil
	}
	s.rbuf = b
	err := s.rc.Read(s.readF)
	s.rbuf = nil
	if err != nil {
		return 0, netip.AddrPort{}, err
	}
	if s.rerr != 0 {
		return 0, netip.AddrPort{}, &net.OpError{Op: "read", Net: "udp", Err: s.rerr}
	}
	return s.rn, sockaddrAddrPort(&s.from), nil
}

func (s *rawSocket) recvfrom(fd uintptr) bool {
	s.flen = unix.SizeofSockaddrAny
	n, _, e := unix.RawSyscall6(unix.SYS_RECVFROM, fd, uintptr(unsafe.Pointer(&s.rbuf[0])), uintptr(len(s.rbuf)), 0,
		uintptr(unsafe.Pointer(&s.from)), uintptr(unsafe.Pointer(&s.flen)))
	if e == unix.EAGAIN || e == unix.EINTR {
		if e == unix.EAGAIN && s.idle != nil {
			s.idle()
		}
		return false // wait until readable, then call again
	}
	s.rn, s.rerr = int(n), e
	return true
}

// WriteTo sends one datagram to addr.
func (s *rawSocket) WriteTo(b []byte, addr netip.AddrPort) (int, error) {
	var iov [1][]byte
	iov[0] = b
	n, err := s.writeMsgs(1, func(i int) ([][]byte, netip.AddrPort, []byte) { return iov[:], addr, nil })
	if err != nil || n == 0 {
		return 0, err
	}
	return len(b), nil
}

// WriteBatch sends msgs with one sendmmsg and reports how many were sent;
// like x/net's, it fails only when the first message is refused.
func (s *rawSocket) WriteBatch(msgs []ipv4.Message) (int, error) {
	return s.writeMsgs(len(msgs), func(i int) ([][]byte, netip.AddrPort, []byte) {
		m := &msgs[i]
		return m.Buffers, m.Addr.(*net.UDPAddr).AddrPort(), m.OOB
	})
}

func (s *rawSocket) writeMsgs(count int, msg func(i int) ([][]byte, netip.AddrPort, []byte)) (int, error) {
	count = min(count, 1024) // UIO_MAXIOV; the caller sends the rest next
	s.hdrs = grow(s.hdrs, count)
	s.names = grow(s.names, count)
	s.iovs = s.iovs[:0]
	for i := range count {
		bufs, to, oob := msg(i)
		for _, b := range bufs {
			var v unix.Iovec
			if len(b) > 0 {
				v.Base = &b[0]
			}
			v.SetLen(len(b))
			s.iovs = append(s.iovs, v)
		}
		// len is the kernel's answer; until the call it holds the
		// message's iovec count for the pass below.
		s.hdrs[i].len = uint32(len(bufs))
		h := &s.hdrs[i].hdr
		*h = unix.Msghdr{}
		h.Name = (*byte)(unsafe.Pointer(&s.names[i]))
		h.Namelen = s.putName(&s.names[i], to)
		if len(oob) > 0 {
			h.Control = &oob[0]
			h.SetControllen(len(oob))
		}
	}
	// The iovecs are placed once appending can no longer move them.
	k := 0
	for i := range count {
		n := int(s.hdrs[i].len)
		if n > 0 {
			s.hdrs[i].hdr.Iov = &s.iovs[k]
			s.hdrs[i].hdr.SetIovlen(n)
		}
		k += n
	}
	s.count = count
	err := s.rc.Write(s.writeF)
	if err != nil {
		return 0, err
	}
	if s.werr != 0 {
		return 0, &net.OpError{Op: "write", Net: "udp", Err: s.werr}
	}
	return s.wn, nil
}

func (s *rawSocket) sendmmsg(fd uintptr) bool {
	n, _, e := unix.RawSyscall6(unix.SYS_SENDMMSG, fd, uintptr(unsafe.Pointer(&s.hdrs[0])), uintptr(s.count), 0, 0, 0)
	if e == unix.EAGAIN || e == unix.EINTR {
		return false // wait until writable, then call again
	}
	s.wn, s.werr = int(n), e
	return true
}

// putName writes addr as the socket's family wants it and returns its
// length.
func (s *rawSocket) putName(dst *unix.RawSockaddrInet6, addr netip.AddrPort) uint32 {
	ip := addr.Addr()
	var port [2]byte
	binary.BigEndian.PutUint16(port[:], addr.Port())
	if !s.ip6 {
		sa := (*unix.RawSockaddrInet4)(unsafe.Pointer(dst))
		*sa = unix.RawSockaddrInet4{Family: unix.AF_INET, Addr: ip.Unmap().As4()}
		sa.Port = *(*uint16)(unsafe.Pointer(&port[0]))
		return unix.SizeofSockaddrInet4
	}
	*dst = unix.RawSockaddrInet6{Family: unix.AF_INET6, Addr: ip.As16()}
	dst.Port = *(*uint16)(unsafe.Pointer(&port[0]))
	return unix.SizeofSockaddrInet6
}

func sockaddrAddrPort(sa *unix.RawSockaddrAny) netip.AddrPort {
	switch sa.Addr.Family {
	case unix.AF_INET:
		sa4 := (*unix.RawSockaddrInet4)(unsafe.Pointer(sa))
		port := binary.BigEndian.Uint16((*[2]byte)(unsafe.Pointer(&sa4.Port))[:])
		return netip.AddrPortFrom(netip.AddrFrom4(sa4.Addr), port)
	case unix.AF_INET6:
		sa6 := (*unix.RawSockaddrInet6)(unsafe.Pointer(sa))
		port := binary.BigEndian.Uint16((*[2]byte)(unsafe.Pointer(&sa6.Port))[:])
		return netip.AddrPortFrom(netip.AddrFrom16(sa6.Addr).Unmap(), port)
	}
	return netip.AddrPort{}
}
