package client

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/livekit/protocol/livekit"
	"github.com/pion/webrtc/v4"
	"google.golang.org/protobuf/proto"
)

// SendData sends a DataPacket on the reliable or lossy channel.
func (c *Client) SendData(ctx context.Context, dp *livekit.DataPacket, reliable bool) error {
	kind := livekit.DataPacket_LOSSY
	if reliable {
		kind = livekit.DataPacket_RELIABLE
	}
	dp.Kind = kind
	b, err := proto.Marshal(dp)
	if err != nil {
		return fmt.Errorf("marshal data packet: %w", err)
	}
	return c.SendRawData(ctx, kind, b)
}

// SendRawData sends bytes as they are (tests use it for malformed input).
func (c *Client) SendRawData(ctx context.Context, kind livekit.DataPacket_Kind, b []byte) error {
	c.mu.Lock()
	dc := c.dataOut[kind]
	c.mu.Unlock()
	for dc.ReadyState() != webrtc.DataChannelStateOpen {
		if dc.ReadyState() == webrtc.DataChannelStateClosed {
			return errors.New("data channel closed")
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("waiting for data channel: %w", ctx.Err())
		case <-c.notifyCh():
		case <-tick():
		}
	}
	return dc.Send(b)
}

func (c *Client) notifyCh() chan struct{} {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.notify
}

func (c *Client) gotData(b []byte) {
	dp := &livekit.DataPacket{}
	if err := proto.Unmarshal(b, dp); err != nil {
		return
	}
	c.mu.Lock()
	c.data = append(c.data, dp)
	c.mu.Unlock()
	c.wake()
}

// Data returns every DataPacket received so far.
func (c *Client) Data() []*livekit.DataPacket {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]*livekit.DataPacket(nil), c.data...)
}

// WaitData waits for a received packet matching match.
func (c *Client) WaitData(ctx context.Context, match func(*livekit.DataPacket) bool) (*livekit.DataPacket, error) {
	for {
		c.mu.Lock()
		for _, d := range c.data {
			if match(d) {
				c.mu.Unlock()
				return d, nil
			}
		}
		ch := c.notify
		c.mu.Unlock()
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("waiting for data: %w", ctx.Err())
		case <-ch:
		}
	}
}

func tick() <-chan time.Time { return time.After(20 * time.Millisecond) }

// WaitDataReady waits until both server data channels (reliable and lossy)
// are open, so that packets sent to us are not dropped.
func (c *Client) WaitDataReady(ctx context.Context) error {
	for {
		c.mu.Lock()
		n, ch := c.dataIn, c.notify
		c.mu.Unlock()
		if n >= 2 {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("waiting for data channels: %w", ctx.Err())
		case <-ch:
		}
	}
}
