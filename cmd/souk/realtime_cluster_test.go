package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"souk/platform"
	"souk/platform/store"
)

// Two souk processes on one Redis and one database, behind a load
// balancer that hands each request to the other node in turn (no
// stickiness): socket.io-client over long-polling, and with its default
// transports (polling, then the upgrade), still goes through the whole
// invitation flow, because each node relays the requests of sessions the
// other holds (the session id names the node).
func TestRealtimePollingAcrossSoukNodes(t *testing.T) {
	if testing.Short() {
		t.Skip("runs two souk processes")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is missing")
	}
	bin := buildSouk(t)
	e := newClusterEnv(t, bin, clusterRedisURL())
	a, b := e.start(t, "a"), e.start(t, "b")
	e.waitNodes(t, "a", "b")

	ctx := context.Background()
	db, err := store.Open(ctx, e.dbURL, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	accounts := store.NewAccountService(db, store.AccountOptions{})
	user := func(name string) *platform.Session {
		if err := accounts.Register(ctx, &platform.Registration{Site: "desks", Email: name + "@example.com", Password: "oak desk 42", DisplayName: name}); err != nil {
			t.Fatal(err)
		}
		sess, err := accounts.Login(ctx, "desks", name+"@example.com", "oak desk 42")
		if err != nil {
			t.Fatal(err)
		}
		return sess
	}
	ala, bo, ed := user("ala"), user("bo"), user("ed")

	var served [2]atomic.Int64
	targets := []*url.URL{}
	for _, n := range []*soukNode{a, b} {
		u, _ := url.Parse(n.url)
		targets = append(targets, u)
	}
	var next atomic.Int64
	lb := httptest.NewServer(&httputil.ReverseProxy{Rewrite: func(pr *httputil.ProxyRequest) {
		i := int(next.Add(1)-1) % 2
		served[i].Add(1)
		pr.SetURL(targets[i])
	}})
	defer lb.Close()

	for _, transports := range []string{"polling", "default"} {
		cctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
		cmd := exec.CommandContext(cctx, "node", filepath.Join("..", "..", "platform", "realtime", "nodetest", "invitations.mjs"),
			lb.URL, ala.APIToken, ala.User.ID, bo.APIToken, bo.User.ID, "no-such-user", ed.APIToken, ed.User.ID)
		cmd.Env = append(cmd.Environ(), "SOUK_TRANSPORTS="+transports)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		cancel()
		if err != nil {
			t.Fatalf("%s: invitations.mjs: %v\n%s\n%s", transports, err, out, stderr.String())
		}
		var r struct {
			Invite        struct{ OK bool } `json:"invite"`
			Accept        struct{ State string }
			InvitationAtB struct {
				Msg struct{ RoomName string } `json:"msg"`
			} `json:"invitationAtB"`
			OfflineAtE struct {
				Msg struct{ RoomName string } `json:"msg"`
			} `json:"offlineAtE"`
			Engines []struct {
				Opened     string `json:"opened"`
				UpgradedTo string `json:"upgradedTo"`
			} `json:"engines"`
		}
		if err := json.Unmarshal(out, &r); err != nil {
			t.Fatalf("%s: %s: %v", transports, out, err)
		}
		wantUpgrade := map[string]string{"polling": "", "default": "websocket"}[transports]
		if !r.Invite.OK || r.Accept.State != "accepted" || r.InvitationAtB.Msg.RoomName != "call-x" || r.OfflineAtE.Msg.RoomName != "call-z" ||
			len(r.Engines) != 3 || r.Engines[0].Opened != "polling" || r.Engines[0].UpgradedTo != wantUpgrade {
			t.Errorf("%s: %s", transports, out)
		}
		// The next round reuses the call rooms' names.
		if _, err := db.ExecContext(ctx, "DELETE FROM calls"); err != nil {
			t.Fatal(err)
		}
	}
	if served[0].Load() < 20 || served[1].Load() < 20 {
		t.Errorf("requests per node %d, %d: the balancer should have used both", served[0].Load(), served[1].Load())
	}
	t.Logf("requests per node through the balancer: a %d, b %d", served[0].Load(), served[1].Load())
}
