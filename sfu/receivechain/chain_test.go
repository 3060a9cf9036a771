package receivechain

import (
	"testing"

	"github.com/pion/interceptor"
)

// A stream's reader, as pion bound it, is handed out once to whoever
// reads the stream in pion's place, and only while it is bound.
func TestSharedChainTake(t *testing.T) {
	_, chain, err := New(nil)
	if err != nil {
		t.Fatal(err)
	}
	source := interceptor.RTPReaderFunc(func(b []byte, a interceptor.Attributes) (int, interceptor.Attributes, error) {
		return copy(b, "media of 5"), a, nil
	})
	info := &interceptor.StreamInfo{SSRC: 5}
	chain.BindRemoteStream(info, source)

	steps := []struct {
		name   string
		ssrc   uint32
		unbind bool
		want   bool
	}{
		{name: "an unbound stream", ssrc: 6},
		{name: "the bound stream", ssrc: 5, want: true},
		{name: "the bound stream again", ssrc: 5},
		{name: "after it was unbound", ssrc: 5, unbind: true},
	}
	for _, s := range steps {
		if s.unbind {
			chain.UnbindRemoteStream(info)
		}
		r, ok := chain.Take(s.ssrc)
		if ok != s.want {
			t.Fatalf("%s: take says %v, want %v", s.name, ok, s.want)
		}
		if !ok {
			continue
		}
		buf := make([]byte, 32)
		n, _, err := r.Read(buf, nil)
		if err != nil || string(buf[:n]) != "media of 5" {
			t.Fatalf("%s: read %q, %v", s.name, buf[:n], err)
		}
	}
}
