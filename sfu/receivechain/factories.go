package receivechain

import (
	"fmt"
	"log/slog"

	"github.com/pion/interceptor"
	"github.com/pion/interceptor/pkg/nack"
	"github.com/pion/interceptor/pkg/report"
	"github.com/pion/logging"

	"souk/sfu/twccfeedback"
)

// maxNACKsPerPacket is how often a missing packet is asked for: enough for
// a lost retransmission to be asked for again, few enough that a packet
// repaired over RTX is not asked for for seconds.
const maxNACKsPerPacket = 3

// Factories are the interceptors the receiving side needs: NACK
// generation toward publishers, receiver reports, and transport-wide
// feedback for the publisher's bandwidth estimate. None of them touches
// sent packets, and none runs before the connection receives a stream
// (lazyFactory, sfu/twccfeedback). The caller negotiates transport-wide
// feedback (its RTCP feedback type and header extension).
func Factories(lf logging.LoggerFactory, log *slog.Logger) ([]interceptor.Factory, error) {
	// Retransmissions a publisher sends on its RTX SSRC never reach the
	// generator's log of the media SSRC, so without a cap it would keep
	// asking for a repaired packet until it leaves the window (seconds).
	gen, err := nack.NewGeneratorInterceptor(nack.WithGeneratorLoggerFactory(lf), nack.GeneratorMaxNacksPerPacket(maxNACKsPerPacket))
	if err != nil {
		return nil, fmt.Errorf("nack generator: %w", err)
	}
	// Receiver reports only: sender reports are sent from the down tracks'
	// own counters, so nothing of pion's wraps the packets written to
	// subscribers.
	rr, err := report.NewReceiverInterceptor(report.WithReceiverLoggerFactory(lf))
	if err != nil {
		return nil, fmt.Errorf("rtcp receiver reports: %w", err)
	}
	// Each starts its loop with the first received stream (lazyFactory).
	// Transport-wide feedback is recorded and sent by our own interceptor:
	// pion's hands every received packet through an unbuffered channel to
	// its reporting goroutine, two wake-ups per packet.
	return []interceptor.Factory{lazyFactory{gen}, lazyFactory{rr}, twccfeedback.Factory{Log: log}}, nil
}
