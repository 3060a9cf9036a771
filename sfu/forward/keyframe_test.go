package forward

import (
	"testing"
	"time"
)

func TestKeyframeGateDecisions(t *testing.T) {
	ms := func(n int64) int64 { return n * int64(time.Millisecond) }
	type step struct {
		atMs, lastKFMs int64
		want           keyframeAction
		wantWait       time.Duration
	}
	for _, tc := range []struct {
		name  string
		steps []step
	}{
		{"first request goes out at once", []step{{1000, 0, keyframeSend, 0}}},
		{"requests while one is outstanding join it", []step{
			{1000, 0, keyframeSend, 0}, {1020, 0, keyframeJoin, 0}, {1400, 0, keyframeJoin, 0},
		}},
		{"an unanswered request is retried after the retry interval", []step{
			{1000, 0, keyframeSend, 0}, {1000 + keyframeRetry.Milliseconds(), 0, keyframeSend, 0},
		}},
		{"answered request: the next one goes out once the keyframe is old enough", []step{
			{1000, 0, keyframeSend, 0}, {1300, 1040, keyframeSend, 0},
		}},
		{"right after a keyframe the request is deferred to the minimum gap", []step{
			{1000, 0, keyframeSend, 0}, {1050, 1040, keyframeDefer, keyframeMinGap - 10*time.Millisecond},
			{1060, 1040, keyframeJoin, 0},
		}},
		{"a natural keyframe just passed defers the first request too", []step{
			{2000, 1950, keyframeDefer, keyframeMinGap - 50*time.Millisecond},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var g keyframeGate
			for i, s := range tc.steps {
				got, wait := g.decide(ms(s.atMs), ms(s.lastKFMs))
				if got != s.want || wait != s.wantWait {
					t.Fatalf("step %d: got %d after %v, want %d after %v", i, got, wait, s.want, s.wantWait)
				}
			}
		})
	}
}

func TestKeyframeGateDeferredFires(t *testing.T) {
	ms := func(n int64) int64 { return n * int64(time.Millisecond) }
	var g keyframeGate
	if a, _ := g.decide(ms(1050), ms(1000)); a != keyframeDefer {
		t.Fatalf("not deferred: %d", a)
	}
	if !g.fire(ms(1150), ms(1000)) {
		t.Fatal("deferred request not sent")
	}
	if a, _ := g.decide(ms(1160), ms(1000)); a != keyframeJoin {
		t.Fatalf("request right after the deferred one was sent: %d, want join", a)
	}

	// A keyframe that arrived after everyone asked makes the deferred
	// request unnecessary; one asked after it keeps the request alive.
	g = keyframeGate{}
	g.decide(ms(1050), ms(1000))
	if g.fire(ms(1150), ms(1100)) {
		t.Fatal("sent although a newer keyframe already served the request")
	}
	g = keyframeGate{}
	g.decide(ms(1050), ms(1000))
	g.decide(ms(1120), ms(1100))
	if !g.fire(ms(1150), ms(1100)) {
		t.Fatal("dropped a request made after the last keyframe")
	}
}

// Subscribers joining one after another each get a keyframe soon, while
// the publisher is asked far less often than once per subscriber.
func TestReceiverSharesKeyframeRequestsBetweenJoiners(t *testing.T) {
	sent := &plis{}
	r, layers := testReceiver(t, &Counters{}, sent, QualityHigh)
	f := newFeeder(t, r, layers)
	count := func() int {
		sent.mu.Lock()
		defer sent.mu.Unlock()
		return len(sent.ssrc)
	}
	f.send(QualityHigh, true) // a keyframe just passed
	d, w := bindDown(r, "first")
	r.RequestKeyframe(QualityHigh)
	for i := 0; i < 5; i++ {
		r.RequestKeyframe(QualityHigh)
	}
	if n := count(); n != 0 {
		t.Fatalf("%d PLIs right after a keyframe, want the request deferred", n)
	}
	deadline := time.Now().Add(10 * time.Second)
	for count() == 0 {
		if time.Now().After(deadline) {
			t.Fatal("deferred keyframe request never sent")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if n := count(); n != 1 {
		t.Fatalf("%d PLIs for six requests, want one", n)
	}
	// The publisher answers; the waiting subscriber starts on it.
	f.send(QualityHigh, true)
	if w.count() == 0 || d.Stats().Layer != QualityHigh {
		t.Fatal("subscriber did not start on the requested keyframe")
	}
	if r.cfg.Totals.PLIsSent.Load() != 1 {
		t.Fatalf("PLIs counted %d, want 1", r.cfg.Totals.PLIsSent.Load())
	}
}

func TestReceiverDropsDeferredRequestAfterClose(t *testing.T) {
	sent := &plis{}
	r, layers := testReceiver(t, &Counters{}, sent, QualityHigh)
	f := newFeeder(t, r, layers)
	f.send(QualityHigh, true)
	r.RequestKeyframe(QualityHigh)
	r.Close()
	// The deferred request clears its schedule when it comes due.
	deadline := time.Now().Add(10 * time.Second)
	for {
		r.mu.Lock()
		pending := r.kfGates[QualityHigh].scheduled
		r.mu.Unlock()
		if !pending {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("deferred request never came due")
		}
		time.Sleep(5 * time.Millisecond)
	}
	sent.mu.Lock()
	defer sent.mu.Unlock()
	if len(sent.ssrc) != 0 {
		t.Fatalf("PLI %v sent for a closed receiver", sent.ssrc)
	}
}
