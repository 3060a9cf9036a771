package engineio

import "sync"

// outbox holds what waits for a session's writer: wire-ready frames in
// order, and at most one close request. Senders append under a short
// lock and wake the writer only when the outbox turns non-empty; the
// writer takes everything at once and puts it on the wire in one write,
// so a peer that receives many messages between two turns of its writer
// costs one system call for all of them.
type outbox struct {
	mu      sync.Mutex
	frames  [][]byte
	batches int // Send calls since the writer last took the frames
	closing *closeRequest
	wake    chan struct{} // capacity 1: a pending wake-up for the writer
}

// closeRequest is the close frame to send after the queued frames.
type closeRequest struct {
	code   int
	reason string
}

func newOutbox() *outbox { return &outbox{wake: make(chan struct{}, 1)} }

// pushResult says what push did with a batch.
type pushResult int

const (
	pushed pushResult = iota
	pushClosed
	pushFull
)

// push appends one batch of frames unless the outbox is closing or
// already holds limit batches.
func (o *outbox) push(frames []Frame, limit int) pushResult {
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
	o.mu.Unlock()
	if wasEmpty {
		o.notify()
	}
	return pushed
}

// close records the close request once; discard drops the frames still
// waiting (a peer too slow to take them would not get them anyway).
func (o *outbox) close(code int, reason string, discard bool) {
	o.mu.Lock()
	if o.closing == nil {
		o.closing = &closeRequest{code: code, reason: reason}
	}
	if discard {
		clear(o.frames)
		o.frames = o.frames[:0]
		o.batches = 0
	}
	o.mu.Unlock()
	o.notify()
}

func (o *outbox) notify() {
	select {
	case o.wake <- struct{}{}:
	default: // a wake-up is already pending
	}
}

// take hands the writer everything queued, swapping in spare (emptied)
// as the new queue so that the two slices are reused turn after turn.
func (o *outbox) take(spare [][]byte) (frames [][]byte, closing *closeRequest) {
	o.mu.Lock()
	frames = o.frames
	o.frames = spare[:0]
	o.batches = 0
	closing = o.closing
	o.mu.Unlock()
	return frames, closing
}

// closeRequested reports whether a close waits: it goes out without
// waiting for the flush interval.
func (o *outbox) closeRequested() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.closing != nil
}
