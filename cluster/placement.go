package cluster

import (
	"context"
	"errors"
	"fmt"

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
// draining. A room is placed only in a settled registry epoch (epoch.go),
// and the record is written with SET NX: when two nodes place the same
// room at once, both end up with the one that won.
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
		// The wait may be long: meanwhile the room's host may record it,
		// which the conditional write below notices.
		epoch, nodes, err := r.settledEpoch(ctx)
		if err != nil {
			return Node{}, err
		}
		target, err := lightestMediaNode(nodes)
		if err != nil {
			return Node{}, err
		}
		placed, err := placeInEpoch.Run(ctx, r.cfg.Redis, []string{r.epochKey(), r.roomKey(room)}, epoch, target.ID).Int()
		if err != nil {
			return Node{}, fmt.Errorf("%w: place room: %w", ErrUnavailable, err)
		}
		switch placed {
		case 1:
			r.log.Info("room placed", "room", room, "on", target.ID, "participants_there", target.Load.Participants)
			return target, nil
		case -1:
			r.log.Warn("registry lost its data while placing a room: placing it again", "room", room)
		}
		// Recorded meanwhile (another placement, or its host): read it.
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

// leastLoaded picks the live, non-draining media node with the fewest
// participants, then the least CPU, then the fewest rooms.
func (r *Registry) leastLoaded(ctx context.Context) (Node, error) {
	nodes, err := r.Nodes(ctx)
	if err != nil {
		return Node{}, err
	}
	return lightestMediaNode(nodes)
}

func lightestMediaNode(nodes []Node) (Node, error) {
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

// claimRoom records ARGV[1] for a room that has no record and returns the
// node recorded for it. KEYS: room.
var claimRoom = redis.NewScript(`
local id = redis.call("GET", KEYS[1])
if not id then
	redis.call("SET", KEYS[1], ARGV[1])
	return ARGV[1]
end
return id`)

// takeOver replaces a room's record only while it still names ARGV[1].
var takeOver = redis.NewScript(`
if redis.call("GET", KEYS[1]) == ARGV[1] then
	redis.call("SET", KEYS[1], ARGV[2])
	return 1
end
return 0`)

// ClaimRooms records this node for the rooms it hosts: those without a
// record (Redis lost its data) and those recorded on a dead or draining
// node. It returns the rooms recorded on another live node, by node id:
// this node holds a second copy of each (it was silent past the TTL and
// the room was placed again meanwhile), which the caller must give up,
// since every join goes to the recorded node.
func (r *Registry) ClaimRooms(ctx context.Context, rooms []string) (elsewhere map[string]string, err error) {
	if len(rooms) == 0 || r.Draining() {
		return nil, nil
	}
	self := r.cfg.Self.ID
	cmds := make([]*redis.Cmd, len(rooms))
	_, err = r.cfg.Redis.Pipelined(ctx, func(p redis.Pipeliner) error {
		for i, room := range rooms {
			cmds[i] = claimRoom.Eval(ctx, p, []string{r.roomKey(room)}, self)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("%w: claim rooms: %w", ErrUnavailable, err)
	}
	for i, room := range rooms {
		owner, err := cmds[i].Text()
		if err != nil {
			return nil, fmt.Errorf("%w: claim room %s: %w", ErrUnavailable, room, err)
		}
		if owner == self {
			continue
		}
		n, alive, err := r.Node(ctx, owner)
		if err != nil {
			return nil, err
		}
		if alive && !n.Draining {
			if elsewhere == nil {
				elsewhere = map[string]string{}
			}
			elsewhere[room] = owner
			continue
		}
		if err := takeOver.Run(ctx, r.cfg.Redis, []string{r.roomKey(room)}, owner, self).Err(); err != nil {
			return nil, fmt.Errorf("%w: claim room %s: %w", ErrUnavailable, room, err)
		}
		r.log.Info("room hosted here was recorded on a node that is gone: recorded here again", "room", room, "old_node", owner)
	}
	return elsewhere, nil
}

// ReleaseRoom forgets room's record if it still names this node (the room
// closed here, or this node is draining).
func (r *Registry) ReleaseRoom(ctx context.Context, room string) error {
	if err := compareAndDelete.Run(ctx, r.cfg.Redis, []string{r.roomKey(room)}, r.cfg.Self.ID).Err(); err != nil {
		return fmt.Errorf("%w: release room: %w", ErrUnavailable, err)
	}
	return nil
}
