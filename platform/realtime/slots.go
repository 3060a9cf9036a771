package realtime

import (
	"context"
	"time"

	"souk/platform/realtime/socketio"
)

// ConnectionSlots shares the per-user connection limit between nodes
// (cluster.ConnectionSlots, in Redis). Without it the limit counts this
// node's sockets only.
type ConnectionSlots interface {
	// Acquire takes a slot for the socket named slot, unless user already
	// holds max.
	Acquire(ctx context.Context, user, slot string, max int) (bool, error)
	// Renew keeps a held slot from lapsing; Release frees it.
	Renew(ctx context.Context, user, slot string) error
	Release(ctx context.Context, user, slot string) error
	// TTL is how long a slot lives without Renew.
	TTL() time.Duration
}

// slotTimeout bounds one call to the shared slots: a connect must not
// hang on a slow Redis. After a failure the shared slots are left alone
// for slotBackoff (connects count on this node, releases lapse by
// themselves), so a Redis that hangs cannot hold up every connect and a
// shutdown one call at a time.
const (
	slotTimeout = 2 * time.Second
	slotBackoff = 5 * time.Second
)

// sharedSlotsUsable reports whether to call the shared slots now.
func (s *Service) sharedSlotsUsable() bool {
	return s.slots != nil && time.Now().UnixNano() >= s.slotsDownUntil.Load()
}

func (s *Service) sharedSlotsFailed() {
	s.slotsDownUntil.Store(time.Now().Add(slotBackoff).UnixNano())
}

func (k userKey) slotUser() string { return k.site + "|" + k.user }

func (s *Service) slotName(sock *socketio.Socket) string { return s.node + "/" + sock.ID() }

// acquireSharedSlot applies the limit across nodes. When the shared slots
// cannot be reached the node's own count (already taken) decides, so
// realtime keeps working while Redis is down.
func (s *Service) acquireSharedSlot(ctx context.Context, k userKey, sock *socketio.Socket) bool {
	if !s.sharedSlotsUsable() {
		return true
	}
	ctx, cancel := context.WithTimeout(ctx, slotTimeout)
	defer cancel()
	ok, err := s.slots.Acquire(ctx, k.slotUser(), s.slotName(sock), s.cfg.MaxConnectionsPerUser)
	if err != nil {
		s.sharedSlotsFailed()
		s.log.Warn("shared connection count unavailable; this node's count applies", "err", err)
		return true
	}
	return ok
}

func (s *Service) releaseSharedSlot(k userKey, sock *socketio.Socket) {
	if !s.sharedSlotsUsable() {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), slotTimeout)
	defer cancel()
	if err := s.slots.Release(ctx, k.slotUser(), s.slotName(sock)); err != nil {
		s.sharedSlotsFailed()
		s.log.Warn("shared connection slot not released; it lapses by itself", "err", err)
	}
}

// renewSlots keeps this node's sockets' slots alive until stop closes.
func (s *Service) renewSlots(stop <-chan struct{}) {
	every := s.slots.TTL() / 3
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
		}
		type held struct{ user, slot string }
		var all []held
		s.mu.Lock()
		for k, socks := range s.sockets {
			for sock := range socks {
				all = append(all, held{k.slotUser(), s.slotName(sock)})
			}
		}
		s.mu.Unlock()
		ctx, cancel := context.WithTimeout(context.Background(), every)
		for _, h := range all {
			if err := s.slots.Renew(ctx, h.user, h.slot); err != nil {
				s.log.Warn("shared connection slots not renewed", "sockets", len(all), "err", err)
				break
			}
		}
		cancel()
	}
}
