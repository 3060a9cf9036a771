package client

import (
	"github.com/pion/interceptor"
	"github.com/pion/rtp"
)

// dropInterceptor throws away outgoing media packets a test or the load
// tester chooses, as a lossy uplink would. It sits next to the socket,
// behind pion's NACK responder, so the responder still holds what was
// dropped and answers the server's NACKs (over RTX when negotiated).
type dropInterceptor struct {
	interceptor.NoOp
	drop func(string, *rtp.Header) bool
}

func (d *dropInterceptor) BindLocalStream(info *interceptor.StreamInfo, w interceptor.RTPWriter) interceptor.RTPWriter {
	return interceptor.RTPWriterFunc(func(h *rtp.Header, payload []byte, a interceptor.Attributes) (int, error) {
		// Only the media SSRC: retransmissions on the RTX SSRC go through.
		if h.SSRC == info.SSRC && d.drop(info.MimeType, h) {
			return len(payload), nil
		}
		return w.Write(h, payload, a)
	})
}

type dropFactory struct {
	drop func(string, *rtp.Header) bool
}

func (f dropFactory) NewInterceptor(string) (interceptor.Interceptor, error) {
	return &dropInterceptor{drop: f.drop}, nil
}
