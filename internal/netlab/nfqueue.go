package netlab

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"sync"
	"time"

	"golang.org/x/sys/unix"
)

// The parts of the nfnetlink_queue protocol (linux/netfilter/
// nfnetlink_queue.h) the delay queue speaks: bind a queue, ask for packet
// metadata only, and give each packet its verdict.
const (
	nfqMsgPacket  = 0
	nfqMsgVerdict = 1
	nfqMsgConfig  = 2

	nfqaCfgCmd      = 1
	nfqaCfgParams   = 2
	nfqaCfgQueueMax = 3
	nfqaPacketHdr   = 1
	nfqaVerdictHdr  = 2

	nfqCmdBind  = 1
	nfqCopyMeta = 1

	nfAccept = 1

	nlaTypeMask = 0x3fff
)

// delayQueueLen is how many packets the kernel holds for one queue
// before it drops new ones: several seconds of a video call.
const delayQueueLen = 16384

// delayQueue holds the packets an NFQUEUE rule hands to this process for
// a delay (plus jitter) and then lets them go on, in the order they came:
// the netfilter stand-in for netem's delay on kernels without sch_netem.
type delayQueue struct {
	f    *os.File // netlink socket in the router's namespace
	num  uint16
	logf func(format string, args ...any)

	mu      sync.Mutex
	delay   time.Duration
	jitter  time.Duration
	lastDue time.Time

	pending chan heldPacket
	done    chan struct{}
	wg      sync.WaitGroup
	seq     uint32
}

type heldPacket struct {
	id  uint32
	due time.Time
}

// openDelayQueue binds queue num in the router's namespace and starts
// releasing what arrives on it.
func openDelayQueue(router *Host, num uint16, logf func(string, ...any)) (*delayQueue, error) {
	var fd int
	err := router.Do(func() error {
		var err error
		fd, err = unix.Socket(unix.AF_NETLINK, unix.SOCK_RAW|unix.SOCK_CLOEXEC|unix.SOCK_NONBLOCK, unix.NETLINK_NETFILTER)
		if err != nil {
			return fmt.Errorf("netlink socket: %w", err)
		}
		if err := unix.Bind(fd, &unix.SockaddrNetlink{Family: unix.AF_NETLINK}); err != nil {
			unix.Close(fd)
			return fmt.Errorf("bind netlink socket: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	// A large buffer, and no ENOBUFS errors should it overflow anyway
	// (the kernel then drops packets, which a lossy link may do).
	_ = unix.SetsockoptInt(fd, unix.SOL_SOCKET, unix.SO_RCVBUFFORCE, 8<<20)
	_ = unix.SetsockoptInt(fd, unix.SOL_NETLINK, unix.NETLINK_NO_ENOBUFS, 1)
	q := &delayQueue{
		f: os.NewFile(uintptr(fd), "nfqueue"), num: num, logf: logf,
		pending: make(chan heldPacket, delayQueueLen), done: make(chan struct{}),
	}
	cmd := []byte{nfqCmdBind, 0, 0, 0} // command, pad, protocol family (unused since Linux 3.8)
	params := binary.BigEndian.AppendUint32(nil, 0xffff)
	params = append(params, nfqCopyMeta)
	steps := [][]byte{
		nlAttr(nfqaCfgCmd, cmd),
		nlAttr(nfqaCfgParams, params),
		nlAttr(nfqaCfgQueueMax, binary.BigEndian.AppendUint32(nil, delayQueueLen)),
	}
	for _, attr := range steps {
		if err := q.request(nfqMsgConfig, attr); err != nil {
			q.f.Close()
			return nil, fmt.Errorf("configure NFQUEUE %d: %w", num, err)
		}
	}
	q.wg.Add(2)
	go q.read()
	go q.release()
	return q, nil
}

// set changes the delay and jitter of what arrives from now on.
func (q *delayQueue) set(delay, jitter time.Duration) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.delay, q.jitter = delay, jitter
}

// close stops the queue. The kernel drops the packets it still holds
// and, the queue being unbound, lets later ones pass untouched (the rules
// use --queue-bypass).
func (q *delayQueue) close() {
	close(q.done)
	_ = q.f.Close()
	q.wg.Wait()
}

// request sends one message and waits for the kernel's acknowledgement.
func (q *delayQueue) request(msgType uint16, attrs ...[]byte) error {
	q.seq++
	seq := q.seq
	msg := nfqMessage(msgType, unix.NLM_F_REQUEST|unix.NLM_F_ACK, seq, q.num, attrs...)
	if _, err := q.f.Write(msg); err != nil {
		return err
	}
	_ = q.f.SetReadDeadline(time.Now().Add(10 * time.Second))
	defer q.f.SetReadDeadline(time.Time{})
	buf := make([]byte, 8192)
	for {
		n, err := q.f.Read(buf)
		if err != nil {
			return err
		}
		for _, m := range splitNetlink(buf[:n]) {
			if m.seq != seq || m.typ != unix.NLMSG_ERROR || len(m.data) < 4 {
				continue
			}
			if code := int32(binary.NativeEndian.Uint32(m.data)); code != 0 {
				return unix.Errno(-code)
			}
			return nil
		}
	}
}

// read takes packets from the kernel and schedules their release.
func (q *delayQueue) read() {
	defer q.wg.Done()
	defer close(q.pending)
	buf := make([]byte, 1<<17)
	for {
		n, err := q.f.Read(buf)
		if err != nil {
			select {
			case <-q.done:
			default:
				if !errors.Is(err, os.ErrClosed) {
					q.logf("netlab: NFQUEUE %d stopped: %v", q.num, err)
				}
			}
			return
		}
		now := time.Now()
		for _, m := range splitNetlink(buf[:n]) {
			if m.typ != unix.NFNL_SUBSYS_QUEUE<<8|nfqMsgPacket || len(m.data) < 4 {
				continue
			}
			id, ok := packetID(m.data[4:]) // after the nfgenmsg header
			if !ok {
				continue
			}
			select {
			case q.pending <- heldPacket{id: id, due: q.due(now)}:
			case <-q.done:
				return
			}
		}
	}
}

// due is when a packet that arrived at now leaves: now plus the delay and
// a uniform jitter, never before the packet ahead of it.
func (q *delayQueue) due(now time.Time) time.Time {
	q.mu.Lock()
	defer q.mu.Unlock()
	d := q.delay
	if q.jitter > 0 {
		d += time.Duration(rand.Int64N(int64(2*q.jitter)+1)) - q.jitter
	}
	due := now.Add(max(d, 0))
	if due.Before(q.lastDue) {
		due = q.lastDue
	}
	q.lastDue = due
	return due
}

// release gives each held packet its verdict when it is due.
func (q *delayQueue) release() {
	defer q.wg.Done()
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	for p := range q.pending {
		if wait := time.Until(p.due); wait > 0 {
			timer.Reset(wait)
			select {
			case <-timer.C:
			case <-q.done:
				return
			}
		}
		verdict := binary.BigEndian.AppendUint32(nil, nfAccept)
		verdict = binary.BigEndian.AppendUint32(verdict, p.id)
		if _, err := q.f.Write(nfqMessage(nfqMsgVerdict, unix.NLM_F_REQUEST, 0, q.num, nlAttr(nfqaVerdictHdr, verdict))); err != nil {
			select {
			case <-q.done:
			default:
				q.logf("netlab: NFQUEUE %d verdict: %v", q.num, err)
			}
			return
		}
	}
}

// packetID finds the packet id in a packet message's attributes.
func packetID(attrs []byte) (uint32, bool) {
	for len(attrs) >= 4 {
		l := int(binary.NativeEndian.Uint16(attrs))
		typ := binary.NativeEndian.Uint16(attrs[2:]) & nlaTypeMask
		if l < 4 || l > len(attrs) {
			return 0, false
		}
		if typ == nfqaPacketHdr && l >= 8 {
			return binary.BigEndian.Uint32(attrs[4:]), true
		}
		attrs = attrs[min(align4(l), len(attrs)):]
	}
	return 0, false
}

type netlinkMsg struct {
	typ  uint16
	seq  uint32
	data []byte
}

// splitNetlink cuts a read into its netlink messages.
func splitNetlink(b []byte) []netlinkMsg {
	var out []netlinkMsg
	for len(b) >= unix.SizeofNlMsghdr {
		l := int(binary.NativeEndian.Uint32(b))
		if l < unix.SizeofNlMsghdr || l > len(b) {
			break
		}
		out = append(out, netlinkMsg{
			typ:  binary.NativeEndian.Uint16(b[4:]),
			seq:  binary.NativeEndian.Uint32(b[8:]),
			data: b[unix.SizeofNlMsghdr:l],
		})
		b = b[min(align4(l), len(b)):]
	}
	return out
}

// nfqMessage builds a queue message: netlink header, nfgenmsg naming the
// queue, attributes.
func nfqMessage(msgType, flags uint16, seq uint32, queue uint16, attrs ...[]byte) []byte {
	body := []byte{unix.AF_UNSPEC, unix.NFNETLINK_V0, byte(queue >> 8), byte(queue)}
	for _, a := range attrs {
		body = append(body, a...)
	}
	msg := binary.NativeEndian.AppendUint32(nil, uint32(unix.SizeofNlMsghdr+len(body)))
	msg = binary.NativeEndian.AppendUint16(msg, unix.NFNL_SUBSYS_QUEUE<<8|msgType)
	msg = binary.NativeEndian.AppendUint16(msg, flags)
	msg = binary.NativeEndian.AppendUint32(msg, seq)
	msg = binary.NativeEndian.AppendUint32(msg, 0)
	return append(msg, body...)
}

// nlAttr builds one netlink attribute, padded to four bytes.
func nlAttr(typ uint16, data []byte) []byte {
	a := binary.NativeEndian.AppendUint16(nil, uint16(4+len(data)))
	a = binary.NativeEndian.AppendUint16(a, typ)
	a = append(a, data...)
	for len(a)%4 != 0 {
		a = append(a, 0)
	}
	return a
}

func align4(n int) int { return (n + 3) &^ 3 }
