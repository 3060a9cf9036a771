package engineio

import (
	"bytes"
	"testing"
)

func TestOutboxQueuesInOrderAndWakesOnce(t *testing.T) {
	o := newOutbox()
	shared := Prepare([]Frame{TextMessage([]byte("2[\"ev\"]"))})
	for i := range 3 {
		if got := o.push(shared, 10, false); got != pushed {
			t.Fatalf("push %d: %v", i, got)
		}
	}
	if got := o.push([]Frame{TextMessage([]byte("x")), BinaryMessage([]byte{1, 2})}, 10, false); got != pushed {
		t.Fatalf("push of two frames: %v", got)
	}
	if n := len(o.wake); n != 1 {
		t.Fatalf("%d wake-ups pending, want exactly 1 for four pushes", n)
	}
	<-o.wake
	frames, closing := o.take(nil)
	if closing != nil {
		t.Fatalf("close request %+v without Close", closing)
	}
	want := [][]byte{
		[]byte("\x81\x084" + "2[\"ev\"]"), []byte("\x81\x084" + "2[\"ev\"]"), []byte("\x81\x084" + "2[\"ev\"]"),
		[]byte("\x81\x024x"), {0x82, 0x02, 1, 2},
	}
	if len(frames) != len(want) {
		t.Fatalf("took %d frames, want %d", len(frames), len(want))
	}
	for i := range want {
		if !bytes.Equal(frames[i], want[i]) {
			t.Errorf("frame %d = %q, want %q", i, frames[i], want[i])
		}
	}
	if &frames[0][0] != &frames[1][0] {
		t.Error("a prepared frame was copied per push; it should be shared")
	}
	// Taking the queue re-arms the wake-up.
	if o.push(shared, 10, false) != pushed || len(o.wake) != 1 {
		t.Fatal("a push after take must wake the writer again")
	}
}

func TestOutboxRefusesBeyondTheLimitAndAfterClose(t *testing.T) {
	o := newOutbox()
	f := []Frame{TextMessage([]byte("a"))}
	for range 4 {
		if got := o.push(f, 4, false); got != pushed {
			t.Fatalf("push within the limit: %v", got)
		}
	}
	if got := o.push(f, 4, false); got != pushFull {
		t.Fatalf("push over the limit: %v, want pushFull", got)
	}
	o.take(nil)
	if got := o.push(f, 4, false); got != pushed {
		t.Fatalf("push after the writer took the queue: %v", got)
	}
	o.close(1008, "too slow", true, false)
	if got := o.push(f, 4, false); got != pushClosed {
		t.Fatalf("push after close: %v, want pushClosed", got)
	}
	frames, closing := o.take(nil)
	if len(frames) != 0 {
		t.Errorf("%d frames survived a discarding close", len(frames))
	}
	if closing == nil || closing.code != 1008 || closing.reason != "too slow" {
		t.Errorf("close request %+v", closing)
	}
}

func TestOutboxCloseKeepsQueuedFramesUnlessDiscarding(t *testing.T) {
	o := newOutbox()
	o.push([]Frame{TextMessage([]byte("last words"))}, 4, false)
	o.close(1001, "server shutting down", false, false)
	o.close(1008, "second close", true, false) // only the first request counts, but it discards
	frames, closing := o.take(nil)
	if closing.reason != "server shutting down" {
		t.Errorf("close reason %q, want the first request's", closing.reason)
	}
	if len(frames) != 0 {
		t.Errorf("discard left %d frames", len(frames))
	}
	o = newOutbox()
	o.push([]Frame{TextMessage([]byte("last words"))}, 4, false)
	o.close(1001, "server shutting down", false, false)
	if frames, _ := o.take(nil); len(frames) != 1 {
		t.Errorf("a plain close dropped the queued frames: %d left", len(frames))
	}
}

func TestAppendFrameLengths(t *testing.T) {
	for _, tc := range []struct {
		n      int
		header []byte
	}{
		{0, []byte{0x81, 0}},
		{125, []byte{0x81, 125}},
		{126, []byte{0x81, 126, 0, 126}},
		{65535, []byte{0x81, 126, 0xff, 0xff}},
		{65536, []byte{0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0}},
	} {
		got := appendFrame(nil, false, make([]byte, tc.n))
		if !bytes.Equal(got[:len(tc.header)], tc.header) || len(got) != len(tc.header)+tc.n {
			t.Errorf("payload %d: header % x, length %d", tc.n, got[:len(tc.header)], len(got))
		}
	}
}
