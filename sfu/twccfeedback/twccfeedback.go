package twccfeedback

import (
	"log/slog"
	"sync"
	"time"

	"github.com/pion/interceptor"
	"github.com/pion/interceptor/pkg/twcc"
)

// URI names the header extension this package reads.
const URI = "http://www.ietf.org/id/draft-holmer-rmcat-transport-wide-cc-extensions-01"

// DefaultInterval is how often feedback goes out, as in pion and
// libwebrtc's receive side.
const DefaultInterval = 100 * time.Millisecond

// Factory makes one Interceptor per peer connection.
type Factory struct {
	Interval time.Duration // DefaultInterval when zero
	Log      *slog.Logger  // slog.Default() when nil
}

// NewInterceptor implements interceptor.Factory.
func (f Factory) NewInterceptor(string) (interceptor.Interceptor, error) {
	interval, log := f.Interval, f.Log
	if interval <= 0 {
		interval = DefaultInterval
	}
	if log == nil {
		log = slog.Default()
	}
	return &Interceptor{interval: interval, log: log, epoch: time.Now(), done: make(chan struct{})}, nil
}

// Interceptor records arrivals on the connection's received streams and
// sends their feedback.
type Interceptor struct {
	interceptor.NoOp

	interval time.Duration
	log      *slog.Logger
	epoch    time.Time // arrival times are µs since this
	done     chan struct{}
	wg       sync.WaitGroup

	mu       sync.Mutex
	recorder *twcc.Recorder // nil until the first stream with the extension
	writer   interceptor.RTCPWriter
	closed   bool
}

// BindRTCPWriter keeps the connection's RTCP writer for the reports.
func (i *Interceptor) BindRTCPWriter(w interceptor.RTCPWriter) interceptor.RTCPWriter {
	i.mu.Lock()
	i.writer = w
	i.mu.Unlock()
	return w
}

// BindRemoteStream records the arrival of each of the stream's packets
// that carries a transport-wide sequence number.
func (i *Interceptor) BindRemoteStream(info *interceptor.StreamInfo, reader interceptor.RTPReader) interceptor.RTPReader {
	var id uint8
	for _, e := range info.RTPHeaderExtensions {
		if e.URI == URI && e.ID > 0 && e.ID < 256 {
			id = uint8(e.ID)
			break
		}
	}
	if id == 0 || !i.start(info.SSRC) {
		return reader
	}
	ssrc := info.SSRC
	return interceptor.RTPReaderFunc(func(b []byte, a interceptor.Attributes) (int, interceptor.Attributes, error) {
		n, a, err := reader.Read(b, a)
		if err != nil {
			return n, a, err
		}
		if seq, ok := TransportSequence(b[:n], id); ok {
			arrival := time.Since(i.epoch).Microseconds()
			i.mu.Lock()
			i.recorder.Record(ssrc, seq, arrival)
			i.mu.Unlock()
		}
		return n, a, nil
	})
}

// start makes the recorder and the reporting goroutine on the first
// stream; it says false once the interceptor is closed.
func (i *Interceptor) start(ssrc uint32) bool {
	i.mu.Lock()
	defer i.mu.Unlock()
	if i.closed {
		return false
	}
	if i.recorder == nil {
		// The feedback's sender SSRC only has to differ from the
		// publisher's media SSRCs; the first stream's, plus one, does.
		i.recorder = twcc.NewRecorder(ssrc + 1)
		i.wg.Add(1)
		go i.report()
	}
	return true
}

// report sends the feedback gathered since the last tick, until Close.
func (i *Interceptor) report() {
	defer i.wg.Done()
	t := time.NewTicker(i.interval)
	defer t.Stop()
	for {
		select {
		case <-i.done:
			return
		case <-t.C:
		}
		i.mu.Lock()
		pkts, w := i.recorder.BuildFeedbackPacket(), i.writer
		i.mu.Unlock()
		if len(pkts) == 0 || w == nil {
			continue
		}
		if _, err := w.Write(pkts, nil); err != nil {
			i.log.Debug("transport feedback not sent", "err", err)
		}
	}
}

// Close stops the reporting goroutine and waits for it.
func (i *Interceptor) Close() error {
	i.mu.Lock()
	if !i.closed {
		i.closed = true
		close(i.done)
	}
	i.mu.Unlock()
	i.wg.Wait()
	return nil
}
