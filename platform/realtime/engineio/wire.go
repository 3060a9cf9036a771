package engineio

import (
	"bufio"
	"encoding/binary"
	"net"
	"net/http"
	"sync"
	"time"
)

// WebSocket opcodes of the data frames a server sends.
const (
	opText   = 0x1
	opBinary = 0x2
	finBit   = 0x80
)

// appendFrame appends one unmasked, unfragmented server frame (RFC 6455
// section 5.2) carrying payload.
func appendFrame(b []byte, binaryFrame bool, payload []byte) []byte {
	op := byte(opText)
	if binaryFrame {
		op = opBinary
	}
	b = append(b, finBit|op)
	switch n := len(payload); {
	case n < 126:
		b = append(b, byte(n))
	case n <= 0xffff:
		b = append(b, 126)
		b = binary.BigEndian.AppendUint16(b, uint16(n))
	default:
		b = append(b, 127)
		b = binary.BigEndian.AppendUint64(b, uint64(n))
	}
	return append(b, payload...)
}

// framePayload reads back what appendFrame wrote: whether the frame is
// binary, and its payload.
func framePayload(frame []byte) (binary bool, payload []byte) {
	binary = frame[0]&0x0f == opBinary
	switch n := frame[1]; n {
	case 126:
		return binary, frame[4:]
	case 127:
		return binary, frame[10:]
	default:
		return binary, frame[2:]
	}
}

// frameHeaderMax is the longest header appendFrame writes.
const frameHeaderMax = 10

// wireConn is the TCP connection below a session's WebSocket. The
// session's writer puts every queued frame on it in one vectored write;
// the WebSocket library's own control frames (the close handshake) go
// through Write. Each is one call on the connection, so they never
// interleave.
type wireConn struct {
	net.Conn

	mu       sync.Mutex
	deadline time.Time // the write deadline last given to the connection
}

// deadlineSlack is how stale a write deadline may get before it is moved:
// moving it costs a timer update, and the writer asks for a new one per
// write.
const deadlineSlack = time.Second

// SetWriteDeadline moves the deadline only when it would move by more
// than deadlineSlack, or earlier.
func (c *wireConn) SetWriteDeadline(t time.Time) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !t.IsZero() && !c.deadline.IsZero() && !t.Before(c.deadline) && t.Sub(c.deadline) < deadlineSlack {
		return nil
	}
	c.deadline = t
	return c.Conn.SetWriteDeadline(t)
}

// copyChunk bounds the buffer used to gather frames for connections that
// cannot take a vectored write (TLS).
const copyChunk = 64 << 10

// writeFrames writes wire-ready frames back to back. frames is consumed.
func (c *wireConn) writeFrames(frames [][]byte, timeout time.Duration, pool *sync.Pool) error {
	if err := c.SetWriteDeadline(time.Now().Add(timeout)); err != nil {
		return err
	}
	switch c.Conn.(type) {
	case *net.TCPConn, *net.UnixConn:
		// writev: the shared broadcast bytes go out without a copy.
		bufs := net.Buffers(frames)
		_, err := bufs.WriteTo(c.Conn)
		return err
	}
	bp := pool.Get().(*[]byte)
	defer func() {
		if cap(*bp) <= 2*copyChunk {
			*bp = (*bp)[:0]
			pool.Put(bp)
		}
	}()
	buf := (*bp)[:0]
	for _, f := range frames {
		if len(buf) > 0 && len(buf)+len(f) > copyChunk {
			if _, err := c.Conn.Write(buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
		buf = append(buf, f...)
	}
	*bp = buf
	if len(buf) == 0 {
		return nil
	}
	_, err := c.Conn.Write(buf)
	return err
}

// hijackingWriter hands the WebSocket upgrader the connection wrapped as
// a wireConn, so the session can write below the WebSocket library.
type hijackingWriter struct {
	http.ResponseWriter
	hijacker http.Hijacker
	conn     *wireConn
}

func (w *hijackingWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	c, brw, err := w.hijacker.Hijack()
	if err != nil {
		return nil, nil, err
	}
	w.conn = &wireConn{Conn: c}
	return w.conn, brw, nil
}
