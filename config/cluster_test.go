package config

import (
	"strings"
	"testing"
)

func TestClusterValidate(t *testing.T) {
	tests := []struct {
		name    string
		env     []string
		wantErr string // empty: valid
	}{
		{name: "default is every role, no redis", env: nil},
		{name: "split roles with redis", env: []string{"SOUK_CLUSTER_ROLES=platform", "SOUK_REDIS_URL=redis://127.0.0.1:6379/0"}},
		{name: "sfu alone needs no redis", env: []string{"SOUK_CLUSTER_ROLES=sfu,turn"}},
		{name: "unknown role", env: []string{"SOUK_CLUSTER_ROLES=platform,media"}, wantErr: `"media" is not one of`},
		{name: "relaying node without redis", env: []string{"SOUK_CLUSTER_ROLES=platform,turn"}, wantErr: "needs redis.url"},
		{name: "bad advertise url", env: []string{"SOUK_CLUSTER_ADVERTISE_URL=10.0.0.5:7880"}, wantErr: "cluster.advertise_url"},
		{name: "ttl shorter than two beats", env: []string{"SOUK_CLUSTER_HEARTBEAT=5s", "SOUK_CLUSTER_NODE_TTL=8s"}, wantErr: "cluster.node_ttl"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := Load("", tt.env)
			if err != nil {
				t.Fatal(err)
			}
			err = cfg.Cluster.Validate(cfg.Redis.URL)
			if tt.wantErr == "" {
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("error %v, want one containing %q", err, tt.wantErr)
			}
		})
	}
}

func TestDefaultRolesAreAll(t *testing.T) {
	c := DefaultCluster()
	for _, r := range []string{RolePlatform, RoleSFU, RoleTURN} {
		if !c.HasRole(r) {
			t.Errorf("default node lacks role %s", r)
		}
	}
}
