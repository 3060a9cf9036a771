package engineio

import (
	"bufio"
	"net"
	"net/http"
	"sync"
	"time"
)

// corkConn lets a session's writer gather the frames that are waiting and
// hand them to the kernel in one write: a burst to a busy socket costs
// one system call instead of one per frame.
type corkConn struct {
	net.Conn
	pool *sync.Pool

	mu       sync.Mutex
	corked   bool
	buf      *[]byte
	deadline time.Time // the write deadline last given to the connection
}

// deadlineSlack is how stale a write deadline may get before it is moved:
// moving it costs a timer update, and writers ask for a new one per
// frame.
const deadlineSlack = time.Second

// SetWriteDeadline moves the deadline only when it would move by more
// than deadlineSlack, or earlier.
func (c *corkConn) SetWriteDeadline(t time.Time) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !t.IsZero() && !c.deadline.IsZero() && !t.Before(c.deadline) && t.Sub(c.deadline) < deadlineSlack {
		return nil
	}
	c.deadline = t
	return c.Conn.SetWriteDeadline(t)
}

// flushAt bounds what a corked connection gathers before writing anyway.
const flushAt = 256 << 10

func (c *corkConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.corked {
		return c.Conn.Write(p)
	}
	if c.buf == nil {
		c.buf = c.pool.Get().(*[]byte)
	}
	*c.buf = append(*c.buf, p...)
	if len(*c.buf) >= flushAt {
		if err := c.flushLocked(); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

func (c *corkConn) cork() {
	c.mu.Lock()
	c.corked = true
	c.mu.Unlock()
}

// uncork writes what was gathered.
func (c *corkConn) uncork() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.corked = false
	return c.flushLocked()
}

func (c *corkConn) flushLocked() error {
	if c.buf == nil {
		return nil
	}
	_, err := c.Conn.Write(*c.buf)
	if cap(*c.buf) <= flushAt*2 {
		*c.buf = (*c.buf)[:0]
		c.pool.Put(c.buf)
	}
	c.buf = nil
	return err
}

// corkingWriter hands the WebSocket upgrader a corkable connection.
type corkingWriter struct {
	http.ResponseWriter
	hijacker http.Hijacker
	pool     *sync.Pool
	conn     *corkConn
}

func (w *corkingWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	c, brw, err := w.hijacker.Hijack()
	if err != nil {
		return nil, nil, err
	}
	w.conn = &corkConn{Conn: c, pool: w.pool}
	return w.conn, brw, nil
}
