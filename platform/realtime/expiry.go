package realtime

import (
	"context"
	"sync"
	"time"

	"souk/platform"
)

// expiries ends the calls whose invitation nobody answered in time. The
// node that sent an invitation keeps a timer for it; when it fires and
// the call still rings, the call moves to expired and its caller and
// invitees are told (call-state, ALLEMITER_). An answer or a cancel on
// any node changes the call's state first, so a timer that fires late
// finds nothing to do. A timer lost with its node leaves the call to the
// store, which reports an unanswered call past its deadline as expired.
type expiries struct {
	// fire runs when a timer is due; it gets a context that ends when
	// the service closes.
	fire func(ctx context.Context, site, room, callerID string)

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu     sync.Mutex
	timers map[string]*time.Timer // by roomKey(site, room)
	closed bool
}

func newExpiries(fire func(ctx context.Context, site, room, callerID string)) *expiries {
	ctx, cancel := context.WithCancel(context.Background())
	return &expiries{fire: fire, ctx: ctx, cancel: cancel, timers: make(map[string]*time.Timer)}
}

// schedule (re)starts the timer of a call: an invitation sent again to the
// same room restarts the wait.
func (e *expiries) schedule(site, room, callerID string, after time.Duration) {
	key := roomKey(site, room)
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return
	}
	if t, ok := e.timers[key]; ok && t.Stop() {
		e.wg.Done()
	}
	e.wg.Add(1)
	var t *time.Timer
	t = time.AfterFunc(after, func() {
		defer e.wg.Done()
		e.mu.Lock()
		current := e.timers[key] == t
		if current {
			delete(e.timers, key)
		}
		e.mu.Unlock()
		// A timer replaced by a newer invitation to the same room
		// while firing leaves the call to the newer one.
		if current {
			e.fire(e.ctx, site, room, callerID)
		}
	})
	e.timers[key] = t
}

// stop forgets the timer of a call that was answered or cancelled here.
func (e *expiries) stop(site, room string) {
	key := roomKey(site, room)
	e.mu.Lock()
	defer e.mu.Unlock()
	if t, ok := e.timers[key]; ok {
		delete(e.timers, key)
		if t.Stop() {
			e.wg.Done()
		}
	}
}

// close stops every pending timer and waits, until ctx ends, for those
// already firing.
func (e *expiries) close(ctx context.Context) error {
	e.mu.Lock()
	e.closed = true
	for key, t := range e.timers {
		delete(e.timers, key)
		if t.Stop() {
			e.wg.Done()
		}
	}
	e.mu.Unlock()
	e.cancel()
	done := make(chan struct{})
	go func() {
		e.wg.Wait()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// expireCall is the expiries' fire function: a call that still rings
// becomes expired, and its people are told. A call answered, cancelled
// or gone meanwhile is left alone.
func (s *Service) expireCall(ctx context.Context, site, room, callerID string) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	log := s.log.With("site", site, "call", room)
	call, err := s.calls.FindCall(ctx, site, room)
	if err != nil {
		if platform.ErrorCode(err) != platform.ENOTFOUND {
			log.Warn("unanswered call not checked", "err", err)
		}
		return
	}
	if call.State != platform.CallRinging && call.State != platform.CallExpired {
		return
	}
	call, err = s.calls.SetCallState(ctx, site, room, callerID, platform.CallExpired)
	if err != nil {
		if code := platform.ErrorCode(err); code != platform.ECONFLICT && code != platform.ENOTFOUND {
			log.Warn("unanswered call not marked expired", "err", err)
		}
		return
	}
	s.callState(ctx, site, call, "", "")
	log.Info("call invitation expired unanswered")
}
