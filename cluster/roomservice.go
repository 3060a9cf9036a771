package cluster

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httputil"
	"net/url"
	"sync"
	"time"
)

// allRooms is what the relay mark of a fanned-out RoomService call is
// computed over, in place of a room name.
const allRooms = "\x00all rooms"

// maxPeerAnswer bounds one node's answer to a fanned-out call.
const maxPeerAnswer = 16 << 20

// RoomServiceRouter routes LiveKit RoomService calls (Twirp over HTTP)
// across nodes; it implements roomservice.Cluster. A call about one room
// is relayed to the node hosting it, with the same relay mark as
// signalling, so that node answers it itself; ListRooms asks every other
// media node and merges.
type RoomServiceRouter struct {
	rl     *Relay
	client *http.Client
}

// RoomService returns the RoomService router of this node.
func (rl *Relay) RoomService() *RoomServiceRouter {
	return &RoomServiceRouter{rl: rl, client: &http.Client{Timeout: 10 * time.Second}}
}

// Route returns a handler relaying r to the node hosting room, or nil to
// answer here: r came from another node, the room lives here, or no node
// hosts it (this node then answers "not found"). With place, a room
// nobody hosts is placed first (CreateRoom), as a first join would.
func (rs *RoomServiceRouter) Route(r *http.Request, room string, place bool) (http.Handler, error) {
	if place {
		return rs.rl.Route(r, room)
	}
	return rs.rl.route(r, room, rs.rl.reg.HostOf)
}

// Gather sends a call that concerns every room (ListRooms) to each other
// live media node, and returns their answers' bodies. The call must be
// protobuf-encoded (body, contentType). For a call another node gathered
// (it carries a valid mark), it returns nil: answer with this node's
// rooms only. A node that fails to answer fails the whole call, so a
// partial list is never taken for the whole.
func (rs *RoomServiceRouter) Gather(r *http.Request, contentType string, body []byte) ([][]byte, error) {
	rl := rs.rl
	if rl.relayedHere(r, allRooms) {
		return nil, nil
	}
	nodes, err := rl.reg.Nodes(r.Context())
	if err != nil {
		return nil, err
	}
	var peers []Node
	for _, n := range nodes {
		if n.ID != rl.reg.Self() && n.HasRole(RoleSFU) {
			peers = append(peers, n)
		}
	}
	answers := make([][]byte, len(peers))
	errs := make([]error, len(peers))
	var wg sync.WaitGroup
	for i, n := range peers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			answers[i], errs[i] = rs.ask(r.Context(), n, r, contentType, body)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return answers, nil
}

// ask posts the call to one node, with the caller's credentials and a
// mark that makes the node answer for itself alone.
func (rs *RoomServiceRouter) ask(ctx context.Context, n Node, r *http.Request, contentType string, body []byte) ([]byte, error) {
	base, err := url.Parse(n.SignalURL)
	if err != nil || base.Host == "" {
		return nil, fmt.Errorf("node %s announced no usable signal URL", n.ID)
	}
	target := base.JoinPath(r.URL.Path)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target.String(), bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("ask node %s: %w", n.ID, err)
	}
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("Authorization", r.Header.Get("Authorization"))
	req.Header.Set(relayHeader, rs.rl.mark(n.ID, allRooms))
	resp, err := rs.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%w: node %s did not answer: %w", ErrUnavailable, n.ID, err)
	}
	defer resp.Body.Close()
	answer, err := io.ReadAll(io.LimitReader(resp.Body, maxPeerAnswer+1))
	if err != nil {
		return nil, fmt.Errorf("%w: node %s: read answer: %w", ErrUnavailable, n.ID, err)
	}
	if len(answer) > maxPeerAnswer {
		return nil, fmt.Errorf("node %s: answer over %d bytes", n.ID, maxPeerAnswer)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("node %s answered %d: %.200s", n.ID, resp.StatusCode, answer)
	}
	return answer, nil
}

// ToMediaNode serves RoomService on a node without rooms: it relays each
// call to the least-loaded live media node, which answers it or routes it
// on to the room's node.
func (rs *RoomServiceRouter) ToMediaNode() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, err := rs.rl.reg.leastLoaded(r.Context())
		if err != nil {
			rs.rl.log.Warn("RoomService call with no media node to take it", "err", err)
			writeTwirpUnavailable(w, "no media node is reachable right now; try again shortly")
			return
		}
		target, err := url.Parse(n.SignalURL)
		if err != nil || target.Host == "" {
			writeTwirpUnavailable(w, "node "+n.ID+" announced no usable URL")
			return
		}
		rp := &httputil.ReverseProxy{
			Rewrite: func(pr *httputil.ProxyRequest) {
				pr.SetURL(target)
				pr.SetXForwarded()
				pr.Out.Host = pr.In.Host
			},
			ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
				rs.rl.log.Warn("RoomService relay failed", "to", n.ID, "err", err)
				writeTwirpUnavailable(w, "the media node did not answer; try again shortly")
			},
		}
		rp.ServeHTTP(w, r)
	})
}

// writeTwirpUnavailable answers as a Twirp server does when it cannot
// serve: status 503 and {"code": "unavailable", "msg": ...}.
func writeTwirpUnavailable(w http.ResponseWriter, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusServiceUnavailable)
	_ = json.NewEncoder(w).Encode(map[string]string{"code": "unavailable", "msg": msg})
}
