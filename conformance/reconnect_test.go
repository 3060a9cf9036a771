package conformance

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"path/filepath"
	"slices"
	"strconv"
	"syscall"
	"time"

	"github.com/redis/go-redis/v9"
)

func reconnectScenarios() []Scenario {
	return []Scenario{
		{
			Name: "reconnect/resume",
			Doc: "Two publishing livekit-client participants; alice's signalling is interrupted three ways: " +
				"`simulateScenario('signal-reconnect')`, the WebSocket closed under it, and `'resume-reconnect'`. " +
				"Each time she must be reconnected (resumed) within 15 s, the call never ends, and both decode " +
				"each other's new frames.",
			Clients: []ClientKind{Chromium},
			Run:     resumeRun,
		},
		{
			Name: "reconnect/full",
			Doc: "`simulateScenario('full-reconnect')`: alice rejoins with new peer connections and republishes; " +
				"she must be reconnected within 20 s and both decode each other again.",
			Clients: []ClientKind{Chromium},
			Run:     fullReconnectRun,
		},
		{
			Name: "reconnect/drain",
			Doc: "Migration on drain: two participants in a call, the node hosting the room gets SIGTERM. Souk runs two " +
				"media nodes sharing Redis behind a balancer that skips a draining node (/readyz); livekit-server runs " +
				"one node (its open-source build has no migration), reached the same way. The call must go on (both " +
				"decode each other's new frames, no disconnect) and a newcomer must be able to join.",
			Clients: []ClientKind{Chromium},
			Redis:   true,
			Timeout: 5 * time.Minute,
			Run:     drainRun,
		},
	}
}

// callPages joins alice and bob (both publishing) to room and waits for
// media both ways.
func callPages(ctx context.Context, e *Env, srv *Server, room string, ownBrowser bool) (*Page, *Page, error) {
	ps, err := pages(ctx, e, ownBrowser, "alice", "bob")
	if err != nil {
		return nil, nil, err
	}
	alice, bob := ps[0], ps[1]
	opts := JoinOptions{AdaptiveStream: true, Dynacast: true, Capture: &Size{Width: 640, Height: 360}}
	if _, err := alice.Join(ctx, srv, room, opts); err != nil {
		return nil, nil, err
	}
	if _, err := bob.Join(ctx, srv, room, opts); err != nil {
		return nil, nil, err
	}
	if _, err := mediaBothWays(ctx, alice, bob, 40*time.Second); err != nil {
		return nil, nil, err
	}
	return alice, bob, nil
}

// afterInterruption waits for who's reconnected event after since, then
// for media both ways, and fails if either page's call ended.
func afterInterruption(ctx context.Context, who, other *Page, since int64, within time.Duration) (time.Duration, error) {
	started := time.Now()
	if _, err := who.WaitEvent(ctx, within, since, who.Name+" reconnected", func(ev Event) bool {
		return ev.Type == "reconnected" || ev.Type == "disconnected"
	}); err != nil {
		return 0, err
	}
	took := time.Since(started)
	if _, err := mediaBothWays(ctx, who, other, 30*time.Second); err != nil {
		return took, err
	}
	for _, p := range []*Page{who, other} {
		evs, err := p.Events(ctx, since)
		if err != nil {
			return took, err
		}
		for _, ev := range evs {
			if ev.Type == "disconnected" {
				return took, fmt.Errorf("%s's call ended (reason %v)", p.Name, ev.Reason)
			}
		}
	}
	return took, nil
}

func resumeRun(ctx context.Context, e *Env) error {
	srv, err := e.Server(ctx)
	if err != nil {
		return err
	}
	alice, bob, err := callPages(ctx, e, srv, e.Room("call"), false)
	if !e.Check("call", err) {
		return nil
	}
	for _, step := range []struct{ check, op, scenario string }{
		{"signal_reconnect", "simulate", "signal-reconnect"},
		{"websocket_closed", "closeSignal", ""},
		{"resume_reconnect", "simulate", "resume-reconnect"},
	} {
		since, err := alice.Now(ctx)
		if err != nil {
			return err
		}
		if err := alice.Do(ctx, step.op, map[string]any{"scenario": step.scenario}, nil); err != nil {
			return err
		}
		took, err := afterInterruption(ctx, alice, bob, since, 15*time.Second)
		if e.Check(step.check, err) {
			e.Figure(step.check, "reconnected in %d ms", took.Milliseconds())
		}
	}
	mediaFigures(ctx, e, bob, "alice")
	return nil
}

func fullReconnectRun(ctx context.Context, e *Env) error {
	srv, err := e.Server(ctx)
	if err != nil {
		return err
	}
	// A Chromium each: both re-acquire the fake camera.
	alice, bob, err := callPages(ctx, e, srv, e.Room("call"), true)
	if !e.Check("call", err) {
		return nil
	}
	since, err := alice.Now(ctx)
	if err != nil {
		return err
	}
	if err := alice.Do(ctx, "simulate", map[string]any{"scenario": "full-reconnect"}, nil); err != nil {
		return err
	}
	took, err := afterInterruption(ctx, alice, bob, since, 20*time.Second)
	if e.Check("full_reconnect", err) {
		e.Figure("full reconnect", "%d ms", took.Milliseconds())
	}
	return nil
}

// readyBalancer proxies HTTP and WebSocket requests to the first server
// whose readiness URL answers 200, like a load balancer in front of a
// cluster. ready maps a server to its readiness URL ("" for any answer).
func readyBalancer(e *Env, servers []*Server, ready func(*Server) string) (*Server, error) {
	hc := &http.Client{Timeout: 2 * time.Second}
	pick := func() *url.URL {
		for _, s := range servers {
			u := ready(s)
			resp, err := hc.Get(u)
			if err != nil {
				continue
			}
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				target, _ := url.Parse(s.URL)
				return target
			}
		}
		target, _ := url.Parse(servers[len(servers)-1].URL)
		return target
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	hs := &http.Server{Handler: &httputil.ReverseProxy{Rewrite: func(pr *httputil.ProxyRequest) {
		pr.SetURL(pick())
		pr.Out.Host = pr.In.Host
	}}, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = hs.Serve(ln) }()
	e.Cleanup(func() { _ = hs.Close() })
	// The balancer stands in for the server as clients see it: same keys.
	return &Server{Opts: servers[0].Opts, URL: "http://" + ln.Addr().String()}, nil
}

func drainRun(ctx context.Context, e *Env) error {
	room := e.Room("drain")
	var (
		nodes    []*Server
		roomNode func() (*Server, error)
	)
	switch e.Kind {
	case Souk:
		prefix := "conformance-" + roomSafe(filepath.Base(e.Dir)) + "-" + strconv.FormatInt(time.Now().UnixNano(), 36)
		rdb := redis.NewClient(&redis.Options{Addr: e.Tools.Redis})
		e.Cleanup(func() {
			bg := context.Background()
			if keys, err := rdb.Keys(bg, prefix+"*").Result(); err == nil && len(keys) > 0 {
				rdb.Del(bg, keys...)
			}
			rdb.Close()
		})
		ids := map[string]*Server{}
		for _, id := range []string{"a", "b"} {
			s, err := e.StartServer(ctx, ServerOptions{Redis: &RedisOptions{Addr: e.Tools.Redis, Prefix: prefix, NodeID: id}})
			if err != nil {
				return err
			}
			nodes = append(nodes, s)
			ids[id] = s
		}
		// The cluster records which node hosts a room.
		roomNode = func() (*Server, error) {
			id, err := rdb.Get(ctx, prefix+":room:"+room).Result()
			if err != nil {
				return nil, fmt.Errorf("room %s not recorded in the cluster: %w", room, err)
			}
			return ids[id], nil
		}
	default:
		s, err := e.Server(ctx)
		if err != nil {
			return err
		}
		nodes = append(nodes, s)
		roomNode = func() (*Server, error) { return s, nil }
	}
	front, err := readyBalancer(e, nodes, func(s *Server) string {
		if e.Kind == Souk {
			return s.URL + "/readyz"
		}
		return s.URL + "/"
	})
	if err != nil {
		return err
	}
	alice, bob, err := callPages(ctx, e, front, room, true)
	if !e.Check("call", err) {
		return nil
	}
	host, err := roomNode()
	if err != nil {
		return err
	}
	since, err := alice.Now(ctx)
	if err != nil {
		return err
	}
	if err := host.Signal(syscall.SIGTERM); err != nil {
		return err
	}
	drained := time.Now()
	// Give a migration time to happen, then both must decode each other's
	// new frames, their calls never having ended.
	pause(ctx, 5*time.Second)
	_, err = mediaBothWays(ctx, alice, bob, 30*time.Second)
	for _, p := range []*Page{alice, bob} {
		evs, err2 := p.Events(ctx, since)
		if err2 != nil {
			return err2
		}
		for _, ev := range evs {
			if ev.Type == "disconnected" {
				err = fmt.Errorf("%s's call ended (reason %v)", p.Name, ev.Reason)
			}
		}
	}
	moved := 0
	for _, p := range []*Page{alice, bob} {
		if evs, err2 := p.Events(ctx, since); err2 == nil && slices.ContainsFunc(evs, func(ev Event) bool { return ev.Type == "reconnected" }) {
			moved++
		}
	}
	e.Figure("participants reconnected", "%d of 2", moved)
	if e.Check("call_survives_drain", err) {
		e.Figure("call after SIGTERM", "media both ways %.1f s after", time.Since(drained).Seconds())
	}
	// A newcomer joins the same room through the balancer.
	b, err := e.Browser(ctx, NodeOptions{})
	if err != nil {
		return err
	}
	carol, err := OpenPage(ctx, b, "carol", false)
	if err != nil {
		return err
	}
	jctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	_, err = carol.Join(jctx, front, room, JoinOptions{NoVideo: true, NoAudio: true})
	cancel()
	if err == nil {
		_, err = carol.Decoding(ctx, 30*time.Second, "alice", 10)
	}
	e.Check("newcomer_joins_after_drain", err)
	select {
	case <-host.Exited():
		e.Figure("drained node", "exited %.1f s after SIGTERM", time.Since(drained).Seconds())
	default:
		e.Figure("drained node", "still running %.0f s after SIGTERM", time.Since(drained).Seconds())
	}
	return nil
}
