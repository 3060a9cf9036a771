package realtime

import (
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"souk/platform"
	"souk/platform/realtime/engineio"
	"souk/platform/realtime/socketio"
)

// bucket is a token bucket: rate tokens per second, up to burst.
type bucket struct {
	mu       sync.Mutex
	rate     float64
	burst    float64
	tokens   float64
	last     time.Time
	refusals int
}

func newBucket(rate, burst int) *bucket {
	return &bucket{rate: float64(rate), burst: float64(burst), tokens: float64(burst), last: time.Now()}
}

// take reports whether one more event is allowed, and how many events
// were refused in a row.
func (b *bucket) take(now time.Time) (ok bool, refusals int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.tokens = min(b.burst, b.tokens+now.Sub(b.last).Seconds()*b.rate)
	b.last = now
	if b.tokens < 1 {
		b.refusals++
		return false, b.refusals
	}
	b.tokens--
	b.refusals = 0
	return true, 0
}

// limited applies the message rate and size limits before a handler.
// Over the rate an event gets an error; a socket that keeps going after
// MessageBurst refusals in a row is disconnected with a reason.
func (s *Service) limited(h func(*socketio.Socket, *member, *socketio.EventMessage) error) socketio.EventHandler {
	return func(sock *socketio.Socket, ev *socketio.EventMessage) error {
		s.counts.received.Add(1)
		m := memberOf(sock)
		if m == nil {
			return &engineio.ProtocolError{Code: websocket.ClosePolicyViolation, Reason: "not authenticated"}
		}
		ok, refusals := m.rate.take(time.Now())
		if !ok {
			if refusals > s.cfg.MessageBurst {
				m.log.Warn("realtime socket disconnected: message rate exceeded", "event", ev.Name)
				s.disconnect(sock, platform.ERATELIMIT, "message rate exceeded")
				return nil
			}
			return s.fail(sock, m, ev, "", platform.Errorf(platform.ERATELIMIT, "too many messages: at most %d per second", s.cfg.MessageRate))
		}
		size := 0
		for _, a := range ev.Args {
			size += len(a)
		}
		for _, a := range ev.Attachments {
			size += len(a)
		}
		if size > s.cfg.MaxMessageBytes {
			return s.fail(sock, m, ev, "", platform.Errorf(platform.ETOOLARGE, "message too large: %d bytes, at most %d", size, s.cfg.MaxMessageBytes))
		}
		return h(sock, m, ev)
	}
}

// disconnect tells the client why, then ends its connection. The client
// library does not reconnect after a server-side disconnect.
func (s *Service) disconnect(sock *socketio.Socket, code, message string) {
	sock.Emit(EventDisconnectReason, errorBody(code, message))
	sock.Disconnect(websocket.ClosePolicyViolation, message)
}
