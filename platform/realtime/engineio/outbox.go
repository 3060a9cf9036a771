package engineio

import "sync"

// outbox holds what waits for a session's writer: wire-ready WebSocket
// frames in order (a long-polling GET reads their payloads back out of
// them, see framePayload), and at most one close request. Senders append under a short lock and wake
// the writer only when the outbox turns non-empty; the writer (the
// WebSocket writer goroutine, or the pending long-polling GET) takes
// everything at once and puts it on the wire in one write, so a peer
// that receives many messages between two turns of its writer costs one
// system call, or one HTTP response, for all of them.
type outbox struct {
	mu      sync.Mutex
	frames  [][]byte
	batches int // Send calls since the writer last took the frames
	closing *closeRequest
	urgent  bool          // a reply waits: the writer must not hold it back
	wake    chan struct{} // capacity 1: a pending wake-up for the writer
	hurry   chan struct{} // capacity 1: a reply or close arrived while the writer waits
}

// closeRequest is the close frame to send after the queued frames.
type closeRequest struct {
	code   int
	reason string
	// byPeer: the client asked to close. Over long-polling the pending
	// GET then ends with a noop rather than a close packet, as the
	// reference server does.
	byPeer bool
}

func newOutbox() *outbox {
	return &outbox{wake: make(chan struct{}, 1), hurry: make(chan struct{}, 1)}
}

// pushResult says what push did with a batch.
type pushResult int

const (
	pushed pushResult = iota
	pushClosed
	pushFull
)

// push appends one batch of frames unless the outbox is closing or
// already holds limit batches. An urgent batch (a reply to the peer)
// also cuts short the writer's wait for the flush interval.
func (o *outbox) push(frames []Frame, limit int, urgent bool) pushResult {
	o.mu.Lock()
	switch {
	case o.closing != nil:
		o.mu.Unlock()
		return pushClosed
	case o.batches >= limit:
		o.mu.Unlock()
		return pushFull
	}
	wasEmpty := len(o.frames) == 0
	for i := range frames {
		o.frames = append(o.frames, frames[i].wireBytes())
	}
	o.batches++
	o.urgent = o.urgent || urgent
	o.mu.Unlock()
	if wasEmpty {
		o.notify()
	}
	if urgent {
		signal(o.hurry)
	}
	return pushed
}

// close records the close request once; discard drops the frames still
// waiting (a peer too slow to take them would not get them anyway).
func (o *outbox) close(code int, reason string, discard, byPeer bool) {
	o.mu.Lock()
	if o.closing == nil {
		o.closing = &closeRequest{code: code, reason: reason, byPeer: byPeer}
	}
	if discard {
		clear(o.frames)
		o.frames = o.frames[:0]
		o.batches = 0
	}
	o.mu.Unlock()
	o.notify()
	signal(o.hurry)
}

func (o *outbox) notify() { signal(o.wake) }

// signal leaves a token in a channel of capacity 1 unless one is pending.
func signal(c chan struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}

// take hands the writer everything queued, swapping in spare (emptied)
// as the new queue so that the two slices are reused turn after turn.
func (o *outbox) take(spare [][]byte) (frames [][]byte, closing *closeRequest) {
	o.mu.Lock()
	frames = o.frames
	o.frames = spare[:0]
	o.batches = 0
	o.urgent = false
	closing = o.closing
	o.mu.Unlock()
	return frames, closing
}

// inHurry reports whether a close or a reply waits: they, and what is
// queued before them, go out without waiting for the flush interval.
func (o *outbox) inHurry() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.closing != nil || o.urgent
}

// empty reports whether no frame waits.
func (o *outbox) empty() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return len(o.frames) == 0
}
