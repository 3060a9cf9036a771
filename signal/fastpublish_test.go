package signal_test

import (
	"context"
	"testing"
	"time"

	"github.com/livekit/protocol/auth"

	"souk/signal/client"
)

// On the two-connection path the JoinResponse asks livekit-client to set up
// its publisher connection at once (fast_publish) for anyone who may send
// media or data, so a first data message does not wait for a negotiation.
func TestJoinResponseFastPublish(t *testing.T) {
	ts := startServer(t)
	noPublish := func(g *auth.VideoGrant) { g.SetCanPublish(false); g.SetCanPublishData(false) }
	dataOnly := func(g *auth.VideoGrant) { g.SetCanPublish(false); g.SetCanPublishData(true) }
	for _, tc := range []struct {
		name     string
		singlePC bool
		grant    []grantOpt
		want     bool
	}{
		{"v0 publisher", false, nil, true},
		{"v0 data only", false, []grantOpt{dataOnly}, true},
		{"v0 subscribe only", false, []grantOpt{noPublish}, false},
		{"v1 publisher", true, nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
			defer cancel()
			c, err := client.Connect(ctx, client.Config{URL: ts.URL, Token: token(t, "fast-publish", tc.name, tc.grant...), IncludeLoopback: true, SinglePC: tc.singlePC})
			if err != nil {
				t.Fatalf("connect: %v", err)
			}
			defer c.Close()
			if got := c.JoinResponse().GetFastPublish(); got != tc.want {
				t.Errorf("fast_publish %v, want %v", got, tc.want)
			}
		})
	}
}
