package receivechain

import (
	"sync"

	"github.com/pion/interceptor"
)

// lazyFactory builds interceptors that start their RTCP loops only when
// the connection receives its first stream.
//
// pion's NACK generator and receiver report interceptors each start a
// ticker goroutine as soon as a peer connection exists (BindRTCPWriter),
// whether or not anything is ever received: wake-ups many times a second
// for every participant's publisher connection, most of which never carry
// a track (every viewer of a livestream has one). Transport-wide feedback
// is our own interceptor, which starts the same way by itself
// (sfu/twccfeedback). Deferring BindRTCPWriter to the first
// BindRemoteStream is exact for these two: they return the writer they
// are given unchanged, and only need it once there is something to report
// on.
type lazyFactory struct {
	inner interceptor.Factory
}

func (f lazyFactory) NewInterceptor(id string) (interceptor.Interceptor, error) {
	i, err := f.inner.NewInterceptor(id)
	if err != nil {
		return nil, err
	}
	return &lazyInterceptor{Interceptor: i}, nil
}

type lazyInterceptor struct {
	interceptor.Interceptor

	mu      sync.Mutex
	writer  interceptor.RTCPWriter
	started bool
}

// BindRTCPWriter keeps the writer for later and passes it on, as the
// wrapped interceptors do.
func (l *lazyInterceptor) BindRTCPWriter(w interceptor.RTCPWriter) interceptor.RTCPWriter {
	l.mu.Lock()
	l.writer = w
	l.mu.Unlock()
	return w
}

// BindRemoteStream starts the wrapped interceptor's loop on the first
// stream, then binds the stream.
func (l *lazyInterceptor) BindRemoteStream(info *interceptor.StreamInfo, reader interceptor.RTPReader) interceptor.RTPReader {
	l.mu.Lock()
	if !l.started && l.writer != nil {
		l.started = true
		l.Interceptor.BindRTCPWriter(l.writer)
	}
	l.mu.Unlock()
	return l.Interceptor.BindRemoteStream(info, reader)
}
