package realtime_test

import (
	"context"
	"fmt"
	"net"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"souk/cluster"
	"souk/platform/realtime/bus"
	"souk/platform/store/storetest"
)

// clusterMember starts a node that registers itself in the cluster
// registry and relays the polling requests of other nodes' sessions.
func clusterMember(t *testing.T, e *env, rdb *redis.Client, prefix, name string) *node {
	t.Helper()
	// The registry entry names the node's URL, so the port is chosen
	// before the node starts.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	reg := cluster.New(cluster.Config{
		Redis: rdb, Prefix: prefix + ":cluster",
		Self:      cluster.Node{ID: name, Roles: []string{cluster.RolePlatform}, SignalURL: "http://" + addr},
		Heartbeat: time.Second, TTL: 5 * time.Second, Logger: testLogger(),
	})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		reg.Run(ctx)
	}()
	r, err := bus.NewRedis(context.Background(), testRedisURL(), prefix, name, testLogger())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close(); cancel(); <-stopped }) // registered first: runs after the node stopped
	relay := cluster.NewRelay(ctx, reg, []byte("relay secret shared by the test nodes"), false, nil)
	return e.start(t, nodeOptions{bus: r, mailbox: r, name: name, addr: addr, forwarder: relay})
}

// roundRobin is a load balancer without stickiness: each request, and
// each WebSocket upgrade, goes to the next node in turn.
type roundRobin struct {
	targets []*url.URL
	next    atomic.Int64
	served  []atomic.Int64
}

func newRoundRobin(t *testing.T, nodes ...*node) (*roundRobin, string) {
	t.Helper()
	rr := &roundRobin{served: make([]atomic.Int64, len(nodes))}
	for _, n := range nodes {
		u, _ := url.Parse(n.url)
		rr.targets = append(rr.targets, u)
	}
	proxy := &httputil.ReverseProxy{Rewrite: func(pr *httputil.ProxyRequest) {
		i := int(rr.next.Add(1)-1) % len(rr.targets)
		rr.served[i].Add(1)
		pr.SetURL(rr.targets[i])
	}}
	hs := httptest.NewServer(proxy)
	t.Cleanup(func() {
		hs.CloseClientConnections()
		hs.Close()
	})
	return rr, hs.URL
}

// Behind a load balancer that spreads every request over two nodes, a
// long-polling session still works: whichever node receives one of its
// requests relays it to the node holding the session, which the session
// id names. The invitation flow runs with polling alone and with the
// client's defaults (whose upgrade may land on either node too).
func TestPollingSessionsAcrossTwoNodes(t *testing.T) {
	for _, transports := range []string{"polling", "default"} {
		t.Run(transports, func(t *testing.T) {
			prefix := needRedis(t)
			opts, err := redis.ParseURL(testRedisURL())
			if err != nil {
				t.Fatal(err)
			}
			rdb := redis.NewClient(opts)
			t.Cleanup(func() { rdb.Close() })
			e := newEnv(t, storetest.Open(t, "sqlite"))
			a, b := e.user(t, "desks", "ala"), e.user(t, "desks", "bo")
			other := e.user(t, "tutoring", "ola")
			offline := e.user(t, "desks", "ed")
			one := clusterMember(t, e, rdb, prefix, "one")
			two := clusterMember(t, e, rdb, prefix, "two")
			reg := cluster.New(cluster.Config{Redis: rdb, Prefix: prefix + ":cluster", Logger: testLogger()})
			eventually(t, func() bool {
				nodes, err := reg.Nodes(context.Background())
				return err == nil && len(nodes) == 2
			})
			rr, lb := newRoundRobin(t, one, two)

			r := scenarioWith(t, []string{"SOUK_TRANSPORTS=" + transports}, "invitations",
				lb, a.APIToken, a.User.ID, b.APIToken, b.User.ID, other.User.ID, offline.APIToken, offline.User.ID)
			expect(t, r, "invite.ok", true)
			expect(t, r, "invitationAtB.msg.roomName", "call-x")
			expect(t, r, "callerJoins.ok", true)
			expect(t, r, "accept.state", "accepted")
			expect(t, r, "acceptAtA.msg.type", "acceptcallInvitation")
			expect(t, r, "rejectAtA.msg.type", "rejectcallInvitation")
			expect(t, r, "offlineAtE.msg.roomName", "call-z")
			expect(t, r, "offlineAcceptAtA.msg.from", offline.User.ID)
			for i := range 3 {
				expect(t, r, fmt.Sprintf("engines.%d.opened", i), "polling")
				if transports == "default" {
					expect(t, r, fmt.Sprintf("engines.%d.upgradedTo", i), "websocket")
				}
			}
			for i := range 2 {
				if served := rr.served[i].Load(); served < 5 {
					t.Errorf("node %d received %d requests from the load balancer; want its share", i, served)
				}
			}
			t.Logf("requests per node: %d, %d", rr.served[0].Load(), rr.served[1].Load())
		})
	}
}
