package sfu

import (
	"bytes"
	"testing"

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
