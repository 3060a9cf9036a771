package receivechain

import (
	"testing"

	"github.com/pion/interceptor"
	"github.com/pion/rtcp"
)

// recordingInterceptor counts the binds that reach it.
type recordingInterceptor struct {
	interceptor.NoOp
	writers []interceptor.RTCPWriter
	streams int
}

func (r *recordingInterceptor) BindRTCPWriter(w interceptor.RTCPWriter) interceptor.RTCPWriter {
	r.writers = append(r.writers, w)
	return w
}

func (r *recordingInterceptor) BindRemoteStream(_ *interceptor.StreamInfo, reader interceptor.RTPReader) interceptor.RTPReader {
	r.streams++
	return reader
}

type recordingFactory struct{ made *recordingInterceptor }

func (f recordingFactory) NewInterceptor(string) (interceptor.Interceptor, error) { return f.made, nil }

func TestLazyInterceptorBindsTheWriterWithTheFirstStream(t *testing.T) {
	inner := &recordingInterceptor{}
	i, err := lazyFactory{recordingFactory{inner}}.NewInterceptor("pc")
	if err != nil {
		t.Fatal(err)
	}
	sent := 0
	w := interceptor.RTCPWriterFunc(func([]rtcp.Packet, interceptor.Attributes) (int, error) { sent++; return 0, nil })
	got := i.BindRTCPWriter(w)
	if _, err := got.Write(nil, nil); err != nil || sent != 1 {
		t.Fatalf("the writer is not passed on: %v, %d writes", err, sent)
	}
	if len(inner.writers) != 0 {
		t.Fatal("the wrapped interceptor got the writer before any stream")
	}
	for range 2 {
		i.BindRemoteStream(&interceptor.StreamInfo{SSRC: 1}, nil)
	}
	if len(inner.writers) != 1 || inner.streams != 2 {
		t.Fatalf("after two streams: %d writer binds, %d stream binds; want 1 and 2", len(inner.writers), inner.streams)
	}
	if _, err := inner.writers[0].Write(nil, nil); err != nil || sent != 2 {
		t.Fatal("the wrapped interceptor got another writer")
	}
}
