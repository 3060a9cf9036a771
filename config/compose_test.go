package config

import (
	"net/url"
	"os"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// docker-compose.yml must stay in step with the configuration: every
// SOUK_* variable it sets is a known key and each node's set loads and
// validates. It runs a cluster: at least two Souk nodes on PostgreSQL and
// Redis with their own node ids, relay addresses and media ports, sharing
// keys and the TURN secret, behind a proxy that knows them all.
func TestComposeFileMatchesConfig(t *testing.T) {
	raw, err := os.ReadFile("../docker-compose.yml")
	if err != nil {
		t.Fatal(err)
	}
	var compose struct {
		Services map[string]struct {
			Environment map[string]string `yaml:"environment"`
			Ports       []string          `yaml:"ports"`
			Volumes     []string          `yaml:"volumes"`
		} `yaml:"services"`
	}
	if err := yaml.Unmarshal(raw, &compose); err != nil {
		t.Fatalf("docker-compose.yml is not valid YAML: %v", err)
	}
	var nodes []Config
	names := map[string]string{} // node id -> service
	ports := map[string]string{} // published port -> service
	for name, svc := range compose.Services {
		if !strings.HasPrefix(name, "souk") {
			continue
		}
		var env []string
		for k, v := range svc.Environment {
			if !strings.HasPrefix(k, EnvPrefix) {
				t.Errorf("%s: %s is not a SOUK_ setting", name, k)
			}
			// Compose substitutes ${VAR:-default}; use the default.
			if i := strings.Index(v, ":-"); strings.HasPrefix(v, "${") && i > 0 {
				v = strings.TrimSuffix(v[i+2:], "}")
			}
			env = append(env, k+"="+v)
		}
		cfg, err := Load("", env)
		if err != nil {
			t.Fatalf("%s: environment does not load: %v", name, err)
		}
		if err := cfg.Validate(); err != nil {
			t.Fatalf("%s: environment is invalid: %v", name, err)
		}
		if d, _ := DatabaseDriver(cfg.Database.URL); d != "postgres" || cfg.Redis.URL == "" {
			t.Fatalf("%s must use PostgreSQL and Redis, got %q and %q", name, cfg.Database.URL, cfg.Redis.URL)
		}
		if cfg.Cluster.NodeID == "" || names[cfg.Cluster.NodeID] != "" {
			t.Errorf("%s: node id %q is missing or not unique", name, cfg.Cluster.NodeID)
		}
		names[cfg.Cluster.NodeID] = name
		u, err := url.Parse(cfg.Cluster.AdvertiseURL)
		if err != nil || u.Hostname() != name {
			t.Errorf("%s: cluster.advertise_url %q must name the service, which other nodes relay to", name, cfg.Cluster.AdvertiseURL)
		}
		for _, p := range svc.Ports {
			host, inside, _ := strings.Cut(p, ":")
			proto := "tcp"
			if _, pr, ok := strings.Cut(inside, "/"); ok {
				proto = pr
			}
			key := host + "/" + proto
			if other := ports[key]; other != "" {
				t.Errorf("%s and %s both publish %s", other, name, key)
			}
			ports[key] = name
		}
		nodes = append(nodes, cfg)
	}
	if len(nodes) < 2 {
		t.Fatalf("compose runs %d Souk nodes, want at least two", len(nodes))
	}
	for _, n := range nodes[1:] {
		if !equalKeys(n.Media.Keys, nodes[0].Media.Keys) || n.Media.TURN.Secret != nodes[0].Media.TURN.Secret {
			t.Error("every node must share the media keys and the TURN secret")
		}
	}
	caddyfile, err := os.ReadFile("../deploy/Caddyfile")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range nodes {
		u, _ := url.Parse(n.Cluster.AdvertiseURL)
		if !strings.Contains(string(caddyfile), u.Host) {
			t.Errorf("deploy/Caddyfile does not proxy to %s", u.Host)
		}
	}
	if !strings.Contains(string(caddyfile), "health_uri /readyz") {
		t.Error("the proxy must stop sending to a draining node (health_uri /readyz)")
	}
	if _, ok := compose.Services["caddy"]; !ok {
		t.Error("no caddy service")
	}
}

func equalKeys(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}
