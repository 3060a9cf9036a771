package receivechain

import (
	"fmt"
	"sync"

	"github.com/pion/interceptor"
)

// New makes one connection's receive interceptors from
// factories: the registry pion builds the connection's chain from, and
// the chain the direct path binds the streams it takes to. Both are the
// same Chain, so each stream is bound to the instances once.
func New(factories []interceptor.Factory) (*interceptor.Registry, *Chain, error) {
	var made []interceptor.Interceptor
	for _, f := range factories {
		i, err := f.NewInterceptor("")
		if err != nil {
			return nil, nil, fmt.Errorf("receive interceptor: %w", err)
		}
		made = append(made, i)
	}
	chain := &Chain{Interceptor: interceptor.NewChain(made), bound: map[uint32]interceptor.RTPReader{}, taken: map[uint32]bool{}}
	reg := &interceptor.Registry{}
	reg.Add(madeInterceptor{chain})
	return reg, chain, nil
}

// madeInterceptor hands pion an interceptor made beforehand.
type madeInterceptor struct{ i interceptor.Interceptor }

func (f madeInterceptor) NewInterceptor(string) (interceptor.Interceptor, error) { return f.i, nil }

// Chain is a connection's receive interceptors with each received
// stream bound once. pion binds a stream when it starts receiving it; the
// direct path binds it again when it takes the stream (sfu/direct),
// and takes it whether or not a direct route comes up (over TCP or a relay,
// or behind a NAT address that stands for several host addresses, it does
// not: sfu/direct). Bound twice, the NACK generator and the
// receiver reports started a fresh state for the SSRC that only packets
// read directly reached, and forgot the one pion's reads fed: without a
// direct route, no NACK and no report counted what the publisher sent.
//
// So the second binding reads through the first: the packet's source
// rides in the read's attributes down to the bottom of the first binding
// (sourceSwitch), which reads from it instead of from pion's stream. The
// interceptors keep their own locks, as pion's reader and the direct path
// may read at the same time.
type Chain struct {
	interceptor.Interceptor

	mu    sync.Mutex
	bound map[uint32]interceptor.RTPReader // by SSRC
	taken map[uint32]bool                  // handed out by Take
}

// Take hands out the reader of the stream with this SSRC, as pion bound
// it (through every interceptor), once: for a layer whose stream pion no
// longer reads. ok is false when the stream is not bound or was taken.
func (c *Chain) Take(ssrc uint32) (interceptor.RTPReader, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	r, ok := c.bound[ssrc]
	if !ok || c.taken[ssrc] {
		return nil, false
	}
	c.taken[ssrc] = true
	return r, true
}

// readSourceKey is the attribute naming the reader a read of a shared
// binding takes its packet from.
type readSourceKey struct{}

func (c *Chain) BindRemoteStream(info *interceptor.StreamInfo, reader interceptor.RTPReader) interceptor.RTPReader {
	c.mu.Lock()
	defer c.mu.Unlock()
	if first, ok := c.bound[info.SSRC]; ok {
		return interceptor.RTPReaderFunc(func(b []byte, a interceptor.Attributes) (int, interceptor.Attributes, error) {
			if a == nil {
				a = interceptor.Attributes{}
			}
			a[readSourceKey{}] = reader
			return first.Read(b, a)
		})
	}
	r := c.Interceptor.BindRemoteStream(info, sourceSwitch{reader})
	c.bound[info.SSRC] = r
	return r
}

func (c *Chain) UnbindRemoteStream(info *interceptor.StreamInfo) {
	c.mu.Lock()
	delete(c.bound, info.SSRC)
	delete(c.taken, info.SSRC)
	c.mu.Unlock()
	c.Interceptor.UnbindRemoteStream(info)
}

// sourceSwitch is the bottom of a stream's first binding: it reads from
// the reader the attributes name, else from the one it was bound with.
type sourceSwitch struct{ reader interceptor.RTPReader }

func (s sourceSwitch) Read(b []byte, a interceptor.Attributes) (int, interceptor.Attributes, error) {
	if r, ok := a[readSourceKey{}].(interceptor.RTPReader); ok {
		delete(a, readSourceKey{})
		return r.Read(b, a)
	}
	return s.reader.Read(b, a)
}
