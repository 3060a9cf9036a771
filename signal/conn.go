package signal

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/gorilla/websocket"
	"github.com/livekit/protocol/livekit"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
)

// conn is one signal WebSocket. It implements sfu.Sink: Send enqueues for
// the writer goroutine, so room code never blocks on a slow client.
type conn struct {
	ws    *websocket.Conn
	log   *slog.Logger
	queue chan *livekit.SignalResponse

	closeOnce sync.Once
	closing   chan struct{}
	reason    string
	done      chan struct{} // writer finished
}

func newConn(ws *websocket.Conn, queue int, log *slog.Logger) *conn {
	return &conn{ws: ws, log: log, queue: make(chan *livekit.SignalResponse, queue), closing: make(chan struct{}), done: make(chan struct{})}
}

var errConnClosed = errors.New("signal connection closed")

func (c *conn) Send(msg *livekit.SignalResponse) error {
	select {
	case <-c.closing:
		return errConnClosed
	default:
	}
	select {
	case c.queue <- msg:
		return nil
	default:
		c.Close("signal send queue overflow")
		return errors.New("signal send queue full")
	}
}

// Close flushes queued frames, then sends a close frame with reason.
func (c *conn) Close(reason string) {
	c.closeOnce.Do(func() {
		c.reason = reason
		close(c.closing)
	})
}

func (c *conn) writeLoop() {
	defer close(c.done)
	write := func(msg *livekit.SignalResponse) error {
		b, err := proto.Marshal(msg)
		if err != nil {
			return fmt.Errorf("marshal %T: %w", msg.GetMessage(), err)
		}
		_ = c.ws.SetWriteDeadline(time.Now().Add(10 * time.Second))
		return c.ws.WriteMessage(websocket.BinaryMessage, b)
	}
	for {
		select {
		case msg := <-c.queue:
			if err := write(msg); err != nil {
				c.log.Debug("signal write failed", "err", err)
				c.Close("write failed")
				_ = c.ws.Close()
				return
			}
		case <-c.closing:
			for {
				select {
				case msg := <-c.queue:
					if write(msg) != nil {
						_ = c.ws.Close()
						return
					}
					continue
				default:
				}
				break
			}
			reason := c.reason
			if len(reason) > 120 { // close frame payload is capped at 125 bytes
				reason = reason[:120]
			}
			_ = c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, reason), time.Now().Add(time.Second))
			// Give the client a moment to read the close frame before the
			// TCP connection goes away.
			time.Sleep(50 * time.Millisecond)
			_ = c.ws.Close()
			return
		}
	}
}

// decodeRequest parses one frame: binary protobuf, or JSON in a text frame.
func decodeRequest(msgType int, data []byte) (*livekit.SignalRequest, error) {
	req := &livekit.SignalRequest{}
	var err error
	switch msgType {
	case websocket.BinaryMessage:
		err = proto.Unmarshal(data, req)
	case websocket.TextMessage:
		err = protojson.Unmarshal(data, req)
	default:
		return nil, fmt.Errorf("unexpected frame type %d", msgType)
	}
	if err != nil {
		return nil, fmt.Errorf("malformed signal request: %w", err)
	}
	if req.GetMessage() == nil {
		return nil, errors.New("malformed signal request: no message")
	}
	return req, nil
}

// pong answers both ping flavours; nil means req is not a ping.
func pong(req *livekit.SignalRequest) *livekit.SignalResponse {
	switch m := req.GetMessage().(type) {
	case *livekit.SignalRequest_Ping:
		return &livekit.SignalResponse{Message: &livekit.SignalResponse_Pong{Pong: m.Ping}}
	case *livekit.SignalRequest_PingReq:
		return &livekit.SignalResponse{Message: &livekit.SignalResponse_PongResp{PongResp: &livekit.Pong{
			LastPingTimestamp: m.PingReq.GetTimestamp(), Timestamp: time.Now().UnixMilli(),
		}}}
	}
	return nil
}

// dispatch handles one frame; a non-nil error ends the connection and is
// what the client is told.
func dispatch(ctx context.Context, sess Session, c *conn, msgType int, data []byte) (left bool, err error) {
	req, err := decodeRequest(msgType, data)
	if err != nil {
		return false, err
	}
	if p := pong(req); p != nil {
		return false, c.Send(p)
	}
	if err := sess.HandleRequest(ctx, req); err != nil {
		return false, err
	}
	_, left = req.GetMessage().(*livekit.SignalRequest_Leave)
	return left, nil
}
