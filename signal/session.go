package signal

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/gorilla/websocket"
	"github.com/livekit/protocol/livekit"
)

// runConn owns one WebSocket from join to close.
func (s *Server) runConn(ws *websocket.Conn, tok *verifiedToken, jr *livekit.JoinRequest, v1 bool) {
	req := s.joinParams(tok, jr, v1)
	log := s.log.With("room", req.Room, "identity", req.Identity, "v1", v1, "resume", req.Reconnect)
	c := newConn(ws, s.cfg.SendQueue, log)
	go c.writeLoop()
	defer func() { <-c.done }()

	joinCtx, cancel := context.WithTimeout(s.ctx, s.cfg.JoinTimeout)
	sess, err := s.rooms.Join(joinCtx, req, c)
	cancel()
	if err != nil {
		log.Info("join refused", "err", err)
		leave, reason := leaveFor(err)
		if leave != nil {
			_ = c.Send(&livekit.SignalResponse{Message: &livekit.SignalResponse_Leave{Leave: leave}})
		}
		c.Close(reason)
		return
	}
	defer s.untrack(c)
	if !s.track(c, tok, sess) {
		log.Info("participant removed: sign-in session ended during the join")
		s.removeSignedOut(c, sess)
		return
	}
	s.pushToken(c, tok)

	frames := make(chan frame)
	go readFrames(ws, s.cfg.PingTimeout, s.cfg.MaxMessageBytes, frames, c.done)

	refresh := time.NewTicker(s.cfg.RefreshInterval)
	defer refresh.Stop()
	for {
		select {
		case <-s.ctx.Done():
			c.Close("server shutting down")
			return
		case <-c.closing:
			// Closed by the room (eviction, leave from the server) or by a
			// write failure; the writer sends the close frame. The session
			// ignores this when it was the room that closed us.
			sess.SignalClosed(c)
			return
		case <-refresh.C:
			s.pushToken(c, tok)
		case f, ok := <-frames:
			if !ok {
				return
			}
			if f.err != nil {
				reason := "signal connection closed"
				var ce *websocket.CloseError
				switch {
				case errors.Is(f.err, errTooLarge):
					reason = fmt.Sprintf("message too large (max %d bytes)", s.cfg.MaxMessageBytes)
					log.Info("signal frame over limit", "max", s.cfg.MaxMessageBytes)
				case errors.As(f.err, &ce):
				default:
					log.Debug("signal read ended", "err", f.err)
				}
				sess.SignalClosed(c)
				c.Close(reason)
				return
			}
			left, err := dispatch(s.ctx, sess, c, f.typ, f.data)
			if err != nil {
				log.Info("signal protocol error", "err", err)
				_ = c.Send(&livekit.SignalResponse{Message: &livekit.SignalResponse_Leave{Leave: &livekit.LeaveRequest{Reason: livekit.DisconnectReason_STATE_MISMATCH}}})
				c.Close(err.Error())
				sess.Remove(livekit.DisconnectReason_STATE_MISMATCH)
				return
			}
			if left {
				c.Close("client left")
				return
			}
		}
	}
}

var errTooLarge = errors.New("frame over size limit")

type frame struct {
	typ  int
	data []byte
	err  error
}

// readFrames reads until error; each frame extends the ping timeout.
// Oversized frames are detected here rather than with the websocket read
// limit so the client gets our close reason instead of a bare 1009.
func readFrames(ws *websocket.Conn, timeout time.Duration, limit int64, out chan<- frame, stop <-chan struct{}) {
	defer close(out)
	for {
		_ = ws.SetReadDeadline(time.Now().Add(timeout))
		typ, rd, err := ws.NextReader()
		var data []byte
		if err == nil {
			data, err = io.ReadAll(io.LimitReader(rd, limit+1))
			if err == nil && int64(len(data)) > limit {
				data, err = nil, errTooLarge
			}
		}
		select {
		case out <- frame{typ: typ, data: data, err: err}:
		case <-stop:
			return
		}
		if err != nil {
			return
		}
	}
}

func (s *Server) pushToken(c *conn, tok *verifiedToken) {
	jwt, err := refreshToken(s.keys, tok, s.cfg.RefreshTTL)
	if err != nil {
		s.log.Warn("token refresh", "err", err)
		return
	}
	_ = c.Send(&livekit.SignalResponse{Message: &livekit.SignalResponse_RefreshToken{RefreshToken: jwt}})
}
