package cluster

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// ErrNoSFUNode: no live, non-draining node takes the sfu role.
var ErrNoSFUNode = errors.New("no media node is available")

// compareAndDelete removes a key only while it still holds the expected
// value, so a node never deletes a record another node just wrote.
var compareAndDelete = redis.NewScript(`
if redis.call("GET", KEYS[1]) == ARGV[1] then
	return redis.call("DEL", KEYS[1])
end
return 0`)

func (r *Registry) roomKey(room string) string { return r.cfg.Prefix + ":room:" + room }

// RoomNode returns the node recorded for room, placing the room on the
// least-loaded media node when it has none, or when its node is dead or
// draining. The record is written with SET NX: when two nodes place the
// same room at once, both end up with the one that won.
func (r *Registry) RoomNode(ctx context.Context, room string) (Node, error) {
	for attempt := 0; attempt < 5; attempt++ {
		id, err := r.cfg.Redis.Get(ctx, r.roomKey(room)).Result()
		if err != nil && !errors.Is(err, redis.Nil) {
			return Node{}, fmt.Errorf("%w: look up room: %w", ErrUnavailable, err)
		}
		if id != "" {
			n, alive, err := r.Node(ctx, id)
			if err != nil {
				return Node{}, err
			}
			if alive && !n.Draining {
				return n, nil
			}
			// The room's node died or is moving its rooms away: forget
			// it, unless someone else replaced the record meanwhile.
			if err := compareAndDelete.Run(ctx, r.cfg.Redis, []string{r.roomKey(room)}, id).Err(); err != nil {
				return Node{}, fmt.Errorf("%w: release room: %w", ErrUnavailable, err)
			}
			r.log.Info("room re-placed", "room", room, "old_node", id, "old_node_alive", alive)
		}
		if err := r.settle(ctx); err != nil {
			return Node{}, err
		}
		if attempt == 0 && id == "" {
			// settle may have waited: a node may have re-recorded the
			// room meanwhile.
			if again, err := r.cfg.Redis.Get(ctx, r.roomKey(room)).Result(); err == nil && again != "" {
				continue
			}
		}
		target, err := r.leastLoaded(ctx)
		if err != nil {
			return Node{}, err
		}
		ok, err := r.cfg.Redis.SetNX(ctx, r.roomKey(room), target.ID, 0).Result()
		if err != nil {
			return Node{}, fmt.Errorf("%w: place room: %w", ErrUnavailable, err)
		}
		if ok {
			r.log.Info("room placed", "room", room, "on", target.ID, "participants_there", target.Load.Participants)
			return target, nil
		}
		// Another node placed it first: read its choice.
	}
	return Node{}, fmt.Errorf("place room %q: the record kept changing", room)
}

// HostOf returns the live node recorded for room, without placing it;
// ok is false when no live node hosts it.
func (r *Registry) HostOf(ctx context.Context, room string) (n Node, ok bool, err error) {
	id, err := r.cfg.Redis.Get(ctx, r.roomKey(room)).Result()
	if errors.Is(err, redis.Nil) {
		return Node{}, false, nil
	}
	if err != nil {
		return Node{}, false, fmt.Errorf("%w: look up room: %w", ErrUnavailable, err)
	}
	return r.Node(ctx, id)
}

// settle waits, before a room is placed, until the registry's epoch is
// two heartbeats old. After Redis lost its data every node re-registers
// and re-records the rooms it hosts within a heartbeat; placing a room
// before that could put a second copy of a running room on another node.
func (r *Registry) settle(ctx context.Context) error {
	ms, err := r.cfg.Redis.Get(ctx, r.epochKey()).Int64()
	if errors.Is(err, redis.Nil) {
		// No node has beaten since Redis came back: wait for the first.
		ms, err = time.Now().UnixMilli(), nil
		_ = r.cfg.Redis.SetNX(ctx, r.epochKey(), ms, 0).Err()
	}
	if err != nil {
		return fmt.Errorf("%w: read epoch: %w", ErrUnavailable, err)
	}
	wait := time.Until(time.UnixMilli(ms).Add(2*r.cfg.Heartbeat + 200*time.Millisecond))
	if wait <= 0 {
		return nil
	}
	r.log.Info("registry recently (re)started: waiting before placing a room", "wait", wait.Round(time.Millisecond))
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// leastLoaded picks the live, non-draining media node with the fewest
// participants, then the least CPU, then the fewest rooms.
func (r *Registry) leastLoaded(ctx context.Context) (Node, error) {
	nodes, err := r.Nodes(ctx)
	if err != nil {
		return Node{}, err
	}
	var best *Node
	for i := range nodes {
		n := &nodes[i]
		if !n.HasRole(RoleSFU) || n.Draining {
			continue
		}
		if best == nil || lighter(n.Load, best.Load) {
			best = n
		}
	}
	if best == nil {
		return Node{}, ErrNoSFUNode
	}
	return *best, nil
}

// lighter orders loads: participants first (they are what costs
// bandwidth), CPU when participant counts tie, rooms last.
func lighter(a, b Load) bool {
	if a.Participants != b.Participants {
		return a.Participants < b.Participants
	}
	if d := a.CPU - b.CPU; d < -0.05 || d > 0.05 {
		return a.CPU < b.CPU
	}
	return a.Rooms < b.Rooms
}

// ClaimRooms records this node for rooms it hosts that have no record
// (after Redis lost its data); a room recorded elsewhere is left alone.
func (r *Registry) ClaimRooms(ctx context.Context, rooms []string) error {
	if len(rooms) == 0 || r.Draining() {
		return nil
	}
	_, err := r.cfg.Redis.Pipelined(ctx, func(p redis.Pipeliner) error {
		for _, room := range rooms {
			p.SetNX(ctx, r.roomKey(room), r.cfg.Self.ID, 0)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("%w: claim rooms: %w", ErrUnavailable, err)
	}
	return nil
}

// ReleaseRoom forgets room's record if it still names this node (the room
// closed here, or this node is draining).
func (r *Registry) ReleaseRoom(ctx context.Context, room string) error {
	if err := compareAndDelete.Run(ctx, r.cfg.Redis, []string{r.roomKey(room)}, r.cfg.Self.ID).Err(); err != nil {
		return fmt.Errorf("%w: release room: %w", ErrUnavailable, err)
	}
	return nil
}
