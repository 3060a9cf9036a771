package sfu

import (
	"bytes"
	"testing"
	"time"

	"github.com/pion/webrtc/v4"
)

func TestDataQueueHoldsUntilOpenInOrder(t *testing.T) {
	const (
		connecting = webrtc.DataChannelStateConnecting
		open       = webrtc.DataChannelStateOpen
		closed     = webrtc.DataChannelStateClosed
	)
	for _, tc := range []struct {
		name  string
		state webrtc.DataChannelState
		queue *dataQueue
		want  bool
	}{
		{"opening channel: held", connecting, &dataQueue{}, true},
		{"open channel, nothing waiting: sent directly", open, &dataQueue{}, false},
		{"open channel, older packets waiting: held behind them", open, &dataQueue{msgs: [][]byte{{1}}, bytes: 1}, true},
		{"open channel being drained: held", open, &dataQueue{draining: true}, true},
		{"closed channel: not held", closed, &dataQueue{}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.queue.hold(tc.state, []byte{9}); got != tc.want {
				t.Fatalf("hold = %v, want %v", got, tc.want)
			}
		})
	}

	var q dataQueue
	for i := range 3 {
		q.hold(connecting, []byte{byte(i)})
	}
	msgs := q.take()
	if len(msgs) != 3 || !bytes.Equal(bytes.Join(msgs, nil), []byte{0, 1, 2}) {
		t.Fatalf("took %v, want packets 0, 1, 2 in order", msgs)
	}
	if !q.draining {
		t.Fatal("not draining after taking packets: a new packet could overtake them")
	}
	if len(q.take()) != 0 || q.draining {
		t.Fatal("empty queue still draining")
	}
	if q.hold(open, []byte{1}) {
		t.Fatal("held a packet for an open channel with nothing waiting")
	}
}

func TestDataQueueIsBounded(t *testing.T) {
	var q dataQueue
	for range dataWaitMaxPackets + 10 {
		if !q.hold(webrtc.DataChannelStateConnecting, []byte{1}) {
			t.Fatal("packet for an opening channel not taken")
		}
	}
	if len(q.msgs) != dataWaitMaxPackets || q.dropped != 10 {
		t.Fatalf("%d queued, %d dropped; want %d and 10", len(q.msgs), q.dropped, dataWaitMaxPackets)
	}
	q = dataQueue{}
	q.hold(webrtc.DataChannelStateConnecting, make([]byte, dataWaitMaxBytes))
	q.hold(webrtc.DataChannelStateConnecting, []byte{1})
	if len(q.msgs) != 1 || q.dropped != 1 {
		t.Fatalf("byte limit: %d queued, %d dropped", len(q.msgs), q.dropped)
	}
}

// On one connection the server learns of the client's reliable channel
// only once the client's SCTP association is up, a moment after the join:
// what is sent to the participant before that waits for the channel, for
// a while.
func TestReliableDataWaitsForASingleConnectionClientsChannel(t *testing.T) {
	for _, tc := range []struct {
		name     string
		singlePC bool
		joined   time.Duration // ago
		want     bool
	}{
		{"one connection, just joined: held", true, time.Second, true},
		{"one connection, no channel long after the join: dropped", true, dataWaitWindow + time.Second, false},
		{"two connections without a channel: dropped", false, time.Second, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := &Participant{singlePC: tc.singlePC, joinedAt: time.Now().Add(-tc.joined)}
			if got := p.holdReliable(nil, []byte{1}); got != tc.want {
				t.Fatalf("holdReliable = %v, want %v", got, tc.want)
			}
		})
	}

	p := &Participant{singlePC: true, joinedAt: time.Now().Add(-time.Second)}
	p.holdReliable(nil, []byte{1})
	p.holdReliable(nil, []byte{2})
	p.joinedAt = time.Now().Add(-2 * dataWaitWindow)
	if p.holdReliable(nil, []byte{3}) {
		t.Fatal("held a packet after the wait window")
	}
	if len(p.dataWait.msgs) != 0 || p.dataWait.dropped != 2 {
		t.Fatalf("after the window %d packets still queued, %d counted dropped; want 0 and 2", len(p.dataWait.msgs), p.dataWait.dropped)
	}
}
