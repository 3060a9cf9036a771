package forward

import "time"

// Keyframe requests (PLIs) to a publisher are shared by every subscriber of
// a layer: one keyframe starts all the down tracks waiting on it. Two rules
// keep a crowd of joining subscribers from turning into a keyframe storm
// without making any of them wait long:
//
//   - while a request is outstanding (sent, no keyframe seen since), further
//     requests join it instead of sending another; after keyframeRetry
//     without an answer the next request goes out again (lost PLI, encoder
//     that ignored it);
//   - a new request is sent at once when the layer's last keyframe is at
//     least keyframeMinGap old; otherwise it is deferred to that moment, and
//     requests arriving meanwhile join the deferred one.
//
// So under a steady stream of joins the publisher makes at most one
// keyframe per keyframeMinGap plus its response time, and a joiner waits at
// most about that long (a fixed 500 ms limit that drops requests made some
// joiners wait for the next natural keyframe or their own retry).
const (
	keyframeMinGap = 150 * time.Millisecond
	keyframeRetry  = 500 * time.Millisecond
)

// keyframeAction is what to do with one keyframe request.
type keyframeAction int

const (
	keyframeSend  keyframeAction = iota // send a PLI now
	keyframeJoin                        // one is outstanding or scheduled: nothing to do
	keyframeDefer                       // schedule one after the returned delay
)

// keyframeGate is the request state of one layer; the receiver's lock
// guards it.
type keyframeGate struct {
	sentNs    int64 // when the last PLI went out, 0 for never
	scheduled bool  // a deferred PLI is pending
	askedNs   int64 // the latest request that joined the deferred one
}

// decide applies the rules above. lastKeyframeNs is when the layer's latest
// keyframe arrived (0 for none yet).
func (g *keyframeGate) decide(nowNs, lastKeyframeNs int64) (keyframeAction, time.Duration) {
	if g.scheduled {
		g.askedNs = nowNs
		return keyframeJoin, 0
	}
	if g.sentNs > lastKeyframeNs && nowNs-g.sentNs < int64(keyframeRetry) {
		return keyframeJoin, 0
	}
	if lastKeyframeNs > 0 {
		if wait := lastKeyframeNs + int64(keyframeMinGap) - nowNs; wait > 0 {
			g.scheduled, g.askedNs = true, nowNs
			return keyframeDefer, time.Duration(wait)
		}
	}
	g.sentNs = nowNs
	return keyframeSend, 0
}

// fire is called when a deferred request is due: it reports whether to send
// it now (the PLI is then counted as sent). A keyframe that arrived after
// the latest request already served everyone who asked.
func (g *keyframeGate) fire(nowNs, lastKeyframeNs int64) bool {
	if !g.scheduled {
		return false
	}
	g.scheduled = false
	if lastKeyframeNs > g.askedNs {
		return false
	}
	g.sentNs = nowNs
	return true
}

// cancel drops a deferred request (the layer went away).
func (g *keyframeGate) cancel() { g.scheduled = false }
