package cluster

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
)

// The registry epoch fences placement after Redis loses its data.
//
// The room records are the only thing that says a room runs on some node;
// when Redis forgets them, a join for a running room would look like the
// first join of a new room and could put a second copy of it on another
// node. Waiting "long enough" for the hosts to re-record their rooms is no
// fence: a host starved of CPU may take any time to do it. So:
//
//   - The first write into an empty Redis starts an epoch: a random id and
//     its start on Redis's clock, under one key. A data loss removes the
//     key, and the next write starts a new epoch with a new id.
//   - A node confirms an epoch by writing it into its registry entry, only
//     after it recorded, in that epoch, every room it hosts (Config.Beat).
//   - A room is placed only when every live media node has confirmed the
//     current epoch, and the epoch is at least one node TTL old. The
//     second condition covers a node that was alive before the loss but
//     has not re-registered yet: had Redis kept its data, its entry would
//     have lapsed by then too, and its rooms would have been placed again
//     anyway (a node silent for a TTL is dead to the cluster). The age is
//     read on Redis's clock, so the placing node's own delays do not count.
//   - The record is written by a script that first checks the epoch is
//     still the one the placing node found settled, so a data loss between
//     the check and the write is noticed, not missed.
//
// A node that was silent for longer than the TTL and comes back still
// hosting a room that was meanwhile placed on a live node finds that out
// when it records its rooms (ClaimRooms) and gives its copy up.

// beatScript writes a node's entry and returns the current epoch, starting
// one when there is none. KEYS: entry, node index, epoch; ARGV: entry,
// ttl ms, node id, fresh epoch id.
var beatScript = redis.NewScript(luaNowMs + `
local e = redis.call("GET", KEYS[3])
if not e then
	e = ARGV[4] .. "@" .. now
	redis.call("SET", KEYS[3], e)
end
redis.call("SET", KEYS[1], ARGV[1], "PX", ARGV[2])
redis.call("SADD", KEYS[2], ARGV[3])
return e`)

// readEpoch returns the current epoch (starting one when there is none)
// and Redis's clock. KEYS: epoch; ARGV: fresh epoch id.
var readEpoch = redis.NewScript(luaNowMs + `
local e = redis.call("GET", KEYS[1])
if not e then
	e = ARGV[1] .. "@" .. now
	redis.call("SET", KEYS[1], e)
end
return {e, now}`)

// placeInEpoch records a room's node unless the room has a record or the
// epoch is no longer ARGV[1]. KEYS: epoch, room; ARGV: epoch, node id.
// Returns 1 when placed, 0 when recorded already, -1 when the epoch
// changed.
var placeInEpoch = redis.NewScript(`
if redis.call("GET", KEYS[1]) ~= ARGV[1] then
	return -1
end
if redis.call("SET", KEYS[2], ARGV[2], "NX") then
	return 1
end
return 0`)

func newEpochID() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// epochStart is when epoch began, in ms on Redis's clock. An epoch
// written by a version without the fence is that time alone.
func epochStart(epoch string) (int64, error) {
	ms := epoch
	if _, after, ok := strings.Cut(epoch, "@"); ok {
		ms = after
	}
	start, err := strconv.ParseInt(ms, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("registry epoch %q: %w", epoch, err)
	}
	return start, nil
}

// confirm runs Beat and, once it recorded this node's rooms in epoch,
// announces epoch in this node's entry at once, so placements waiting for
// it need not wait for the next heartbeat.
func (r *Registry) confirm(ctx context.Context, epoch string) {
	if r.cfg.Beat != nil {
		if err := r.cfg.Beat(ctx); err != nil {
			// Beat says what failed; the epoch stays unconfirmed and
			// the next heartbeat tries again.
			return
		}
	}
	r.mu.Lock()
	changed := r.confirmed != epoch
	r.confirmed = epoch
	r.mu.Unlock()
	if !changed {
		return
	}
	if _, err := r.publish(ctx); err != nil {
		r.log.Warn("could not confirm the registry epoch; the next heartbeat does", "err", err)
		return
	}
	r.log.Info("hosted rooms recorded in the current registry epoch", "epoch", epoch)
}

// noEpoch is what a node announces before it confirmed any epoch.
const noEpoch = "none"

// pendingNodes are the live media nodes that have not confirmed epoch.
// Left out are a draining node (it records no rooms, and its participants
// are moving to rooms placed elsewhere) and a node whose entry has no
// epoch at all: one of a version without the fence, during a rolling
// upgrade, for which the epoch's age is the only fence, as it was before.
func pendingNodes(nodes []Node, epoch string) []string {
	var pending []string
	for _, n := range nodes {
		if n.HasRole(RoleSFU) && !n.Draining && n.Epoch != "" && n.Epoch != epoch {
			pending = append(pending, n.ID)
		}
	}
	return pending
}

// settledEpoch waits until rooms may be placed (see the comment at the
// top of this file) and returns the epoch and the live nodes it found.
// It gives up with ErrUnavailable after twice the node TTL: a node that
// stays registered without confirming (its room records keep failing)
// holds placements back, and the client is told to try again.
func (r *Registry) settledEpoch(ctx context.Context) (string, []Node, error) {
	giveUp := time.Now().Add(2 * r.cfg.TTL)
	poll := max(r.cfg.Heartbeat/4, 20*time.Millisecond)
	logged := false
	for {
		res, err := readEpoch.Run(ctx, r.cfg.Redis, []string{r.epochKey()}, newEpochID()).Slice()
		if err != nil {
			return "", nil, fmt.Errorf("%w: read epoch: %w", ErrUnavailable, err)
		}
		epoch, _ := res[0].(string)
		now, _ := res[1].(int64)
		start, err := epochStart(epoch)
		if err != nil {
			return "", nil, err
		}
		nodes, err := r.Nodes(ctx)
		if err != nil {
			return "", nil, err
		}
		age := time.Duration(now-start) * time.Millisecond
		pending := pendingNodes(nodes, epoch)
		if age >= r.cfg.TTL && len(pending) == 0 {
			return epoch, nodes, nil
		}
		if time.Now().After(giveUp) {
			return "", nil, fmt.Errorf("%w: the registry restarted %s ago and nodes %v have not re-recorded their rooms yet",
				ErrUnavailable, age.Round(time.Millisecond), pending)
		}
		if !logged {
			r.log.Info("registry epoch not settled: waiting before placing a room",
				"epoch", epoch, "age", age.Round(time.Millisecond), "unconfirmed", pending)
			logged = true
		}
		t := time.NewTimer(poll)
		select {
		case <-ctx.Done():
			t.Stop()
			return "", nil, ctx.Err()
		case <-t.C:
		}
	}
}
