package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"souk/cluster"
	"souk/config"
)

// doctorCluster checks a node's place in a multi-node deployment through
// Redis: the registry and whether each other node answers, whether this
// node's node_id is taken by another process, whether other nodes can
// reach this one's advertised URL, and whether every node shares this
// configuration's media keys and TURN secret (compared by fingerprint).
// turnSecretKnown is false when doctor had to invent the TURN secret.
func doctorCluster(ctx context.Context, r *doctorReport, cfg config.Config, rdb *redis.Client, running *runningNode, turnSecretKnown bool) {
	c := cfg.Cluster
	reg := cluster.New(cluster.Config{Redis: rdb, Prefix: c.Prefix, Self: cluster.Node{ID: "souk-doctor"},
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	nodes, err := reg.Nodes(ctx)
	if err != nil {
		r.fail("cluster", fmt.Sprintf("cannot read the node registry: %v — check redis.url", err))
		return
	}
	instances := map[string][]nodeFacts{}
	for _, n := range nodes {
		live, err := liveFacts(ctx, rdb, c.Prefix, n.ID, c.Heartbeat)
		if err != nil {
			r.warn("cluster", fmt.Sprintf("node %s: %v", n.ID, err))
			continue
		}
		instances[n.ID] = live
	}
	advertised := advertisedURL(cfg)
	self := doctorNodeID(r, cfg, nodes, instances, running, advertised)
	for _, n := range nodes {
		if seen := instances[n.ID]; n.ID != self && len(seen) > 1 {
			r.fail("cluster", fmt.Sprintf("node %s is announced by %d processes at once (%s) — give each process its own cluster.node_id", n.ID, len(seen), describeInstances(seen)))
		}
	}
	doctorAdvertised(ctx, r, cfg, advertised, running)
	mine := factsOf(cfg, "")
	others := 0
	for _, n := range nodes {
		if n.ID == self {
			continue
		}
		others++
		doctorPeer(ctx, r, n, instances[n.ID], mine, turnSecretKnown)
	}
	if others == 0 {
		r.ok("cluster", "no other node is live in the registry (prefix "+c.Prefix+")")
	}
}

// advertisedURL is the URL other nodes relay this node's signalling to, as
// serve would announce it; "" when it cannot be worked out before start
// (server.addr with port 0).
func advertisedURL(cfg config.Config) string {
	if cfg.Cluster.AdvertiseURL != "" {
		return cfg.Cluster.AdvertiseURL
	}
	addr, err := net.ResolveTCPAddr("tcp", cfg.Server.Addr)
	if err != nil || addr.Port == 0 {
		return ""
	}
	u, err := advertiseURL("", addr, cfg.Media.NodeIPs)
	if err != nil {
		return ""
	}
	return u
}

// doctorNodeID reports whether this configuration's node id is free,
// the running node's, or taken by another process; it returns the id
// the running node is registered under ("" when unknown).
func doctorNodeID(r *doctorReport, cfg config.Config, nodes []cluster.Node, instances map[string][]nodeFacts, running *runningNode, advertised string) string {
	id := cfg.Cluster.NodeID
	if id == "" {
		r.ok("cluster", "cluster.node_id is empty: each process registers as <host>-<pid>, which no other process shares")
		return ""
	}
	i := slices.IndexFunc(nodes, func(n cluster.Node) bool { return n.ID == id })
	if i < 0 {
		if running != nil {
			r.warn("cluster", fmt.Sprintf("%s is not registered as node %s — it runs with another configuration, or cannot reach Redis", running.describe(), id))
		} else {
			r.ok("cluster", fmt.Sprintf("node_id %s is not live in the registry, so this node may take it", id))
		}
		return ""
	}
	n := nodes[i]
	seen := instances[id]
	if len(seen) > 1 {
		r.fail("cluster", fmt.Sprintf("node_id %s is announced by %d processes at once (%s) — give each process its own cluster.node_id", id, len(seen), describeInstances(seen)))
		return id
	}
	host, _ := os.Hostname()
	ours := false
	for _, f := range seen {
		ours = running != nil && f.Host == host && (running.pid == 0 || f.PID == running.pid)
	}
	if len(seen) == 0 {
		// A node that publishes no facts: judge by its address.
		ours = running != nil && n.SignalURL == advertised
	}
	if ours {
		r.ok("cluster", fmt.Sprintf("%s is registered as node %s (%s)", running.describe(), id, n.SignalURL))
		return id
	}
	who := "another process"
	for _, f := range seen {
		who = fmt.Sprintf("process %d on host %s", f.PID, f.Host)
	}
	r.fail("cluster", fmt.Sprintf("node_id %s is already live: %s announces it (signal URL %s) — two processes with one id take each other's rooms; give this node its own cluster.node_id",
		id, who, n.SignalURL))
	return ""
}

func describeInstances(seen []nodeFacts) string {
	var parts []string
	for _, f := range seen {
		parts = append(parts, fmt.Sprintf("pid %d on %s", f.PID, f.Host))
	}
	slices.Sort(parts)
	return strings.Join(parts, ", ")
}

// doctorAdvertised checks that this node's advertised URL reaches it:
// through the running node's /healthz, or, before start, through a
// listener doctor opens on server.addr for the check.
func doctorAdvertised(ctx context.Context, r *doctorReport, cfg config.Config, advertised string, running *runningNode) {
	if advertised == "" {
		r.warn("cluster", "the advertised URL is not known before start (server.addr has port 0) — set cluster.advertise_url so other nodes can relay signalling here")
		return
	}
	explain := "cluster.advertise_url"
	if cfg.Cluster.AdvertiseURL == "" {
		explain = "the URL made from server.addr and media.node_ips (cluster.advertise_url is empty)"
	}
	if running != nil {
		if err := getOK(ctx, strings.TrimSuffix(advertised, "/")+"/healthz", ""); err != nil {
			r.fail("cluster", fmt.Sprintf("%s %s does not reach %s from here: %v — other nodes relay signalling to it; set cluster.advertise_url to an address they reach", explain, advertised, running.describe(), err))
			return
		}
		r.ok("cluster", fmt.Sprintf("%s %s answers /healthz from here", explain, advertised))
		return
	}
	// Not running: listen on server.addr and ask for a random path
	// through the advertised URL.
	ln, err := net.Listen("tcp", cfg.Server.Addr)
	if err != nil {
		r.warn("cluster", fmt.Sprintf("cannot check %s %s: server.addr is in use by something else (%v)", explain, advertised, err))
		return
	}
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	path := "/souk-doctor-" + hex.EncodeToString(b)
	srv := &http.Server{ReadHeaderTimeout: 2 * time.Second, Handler: http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if req.URL.Path == path {
			_, _ = io.WriteString(w, path)
			return
		}
		http.NotFound(w, req)
	})}
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()
	if err := getOK(ctx, strings.TrimSuffix(advertised, "/")+path, path); err != nil {
		r.fail("cluster", fmt.Sprintf("%s %s does not reach this host's server.addr %s: %v — other nodes relay signalling to it; set cluster.advertise_url to an address they reach", explain, advertised, cfg.Server.Addr, err))
		return
	}
	r.ok("cluster", fmt.Sprintf("%s %s reaches this host's server.addr (checked with a listener doctor opened there)", explain, advertised))
}

// getOK fetches url and wants 200 and, when body is set, that body.
func getOK(ctx context.Context, url, body string) error {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	got, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("answered %s", resp.Status)
	}
	if body != "" && string(got) != body {
		return fmt.Errorf("another server answered")
	}
	return nil
}

// doctorPeer checks another node: that it answers at the URL this node
// relays to, and that it shares the media keys and the TURN secret.
func doctorPeer(ctx context.Context, r *doctorReport, n cluster.Node, facts []nodeFacts, mine nodeFacts, turnSecretKnown bool) {
	name := fmt.Sprintf("node %s (%s)", n.ID, strings.Join(n.Roles, ","))
	if n.Draining {
		name += ", draining,"
	}
	if err := getOK(ctx, strings.TrimSuffix(n.SignalURL, "/")+"/healthz", ""); err != nil {
		r.fail("cluster", fmt.Sprintf("%s does not answer at %s: %v — this node cannot relay signalling to it; check that node's cluster.advertise_url and the firewall between the nodes", name, n.SignalURL, err))
	} else {
		r.ok("cluster", fmt.Sprintf("%s answers at %s", name, n.SignalURL))
	}
	if len(facts) == 0 {
		r.warn("cluster", fmt.Sprintf("%s publishes no facts to compare secrets with (a Souk older than this one?)", name))
		return
	}
	theirs := facts[0]
	if theirs.MediaKeys != mine.MediaKeys {
		r.fail("cluster", fmt.Sprintf("%s has other media.keys than this configuration — a token one node signs or checks is refused by the other; give every node the same media.keys", name))
	} else {
		r.ok("cluster", fmt.Sprintf("%s has the same media.keys", name))
	}
	switch {
	case !turnSecretKnown || mine.TURNSecret == "":
		r.warn("cluster", fmt.Sprintf("%s: the TURN secret is not compared, as this configuration has none yet", name))
	case theirs.TURNSecret == "":
		r.ok("cluster", fmt.Sprintf("%s mints no TURN credentials", name))
	case theirs.TURNSecret != mine.TURNSecret:
		r.fail("cluster", fmt.Sprintf("%s signs TURN credentials with another media.turn.secret than this configuration (compared by fingerprint) — a browser given a credential by one node is refused by the other's TURN; set the same media.turn.secret on every node", name))
	default:
		r.ok("cluster", fmt.Sprintf("%s signs TURN credentials with the same media.turn.secret", name))
	}
}
