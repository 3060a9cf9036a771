package config

import (
	"fmt"
	"net/url"
	"os"
	"regexp"
	"slices"
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
			Healthcheck struct {
				Test []string `yaml:"test"`
			} `yaml:"healthcheck"`
			DependsOn map[string]struct {
				Condition string `yaml:"condition"`
			} `yaml:"depends_on"`
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
			// Compose substitutes ${VAR:-default}; use the default. A
			// required ${VAR:?message} gets a sample value.
			if i := strings.Index(v, ":-"); strings.HasPrefix(v, "${") && i > 0 {
				v = strings.TrimSuffix(v[i+2:], "}")
			} else if strings.HasPrefix(v, "${") && strings.Contains(v, ":?") {
				v = "required.example"
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
		if got := strings.Join(svc.Healthcheck.Test, " "); got != "CMD souk healthcheck" {
			t.Errorf("%s: healthcheck %q, want the image's `souk healthcheck`", name, got)
		}
		if cond := compose.Services["caddy"].DependsOn[name].Condition; cond != "service_healthy" {
			t.Errorf("caddy must wait for %s to be healthy (depends_on condition %q)", name, cond)
		}
		// Every port the node listens on is published one to one, the
		// TURN over TLS one too for when a certificate is mounted.
		for _, want := range []string{fmt.Sprintf("%d:%d", cfg.Media.TCPPort, cfg.Media.TCPPort),
			fmt.Sprintf("%d:%d/udp", cfg.Media.UDPPort, cfg.Media.UDPPort),
			fmt.Sprintf("%d:%d/udp", cfg.Media.TURN.UDPPort, cfg.Media.TURN.UDPPort),
			fmt.Sprintf("%d:%d/tcp", cfg.Media.TURN.TCPPort, cfg.Media.TURN.TCPPort),
			fmt.Sprintf("%d:%d/tcp", cfg.Media.TURN.TLSPort, cfg.Media.TURN.TLSPort)} {
			if !slices.Contains(svc.Ports, want) {
				t.Errorf("%s does not publish %s", name, want)
			}
		}
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

// The image serves every port the defaults listen on, as an unprivileged
// user, with a health check that needs no tool beyond the binary.
func TestDockerfileMatchesDefaults(t *testing.T) {
	raw, err := os.ReadFile("../Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	// The last stage is the image.
	stages := regexp.MustCompile(`(?m)^FROM `).Split(string(raw), -1)
	image := stages[len(stages)-1]
	exposed := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^EXPOSE (.+)$`).FindAllStringSubmatch(image, -1) {
		for _, p := range strings.Fields(m[1]) {
			if !strings.Contains(p, "/") {
				p += "/tcp"
			}
			exposed[p] = true
		}
	}
	d := DefaultConfig()
	_, httpPort, _ := strings.Cut(d.Server.Addr, ":")
	for _, want := range []string{httpPort + "/tcp", fmt.Sprintf("%d/tcp", d.Media.TCPPort), fmt.Sprintf("%d/udp", d.Media.UDPPort),
		fmt.Sprintf("%d/udp", d.Media.TURN.UDPPort), fmt.Sprintf("%d/tcp", d.Media.TURN.TCPPort), fmt.Sprintf("%d/tcp", d.Media.TURN.TLSPort)} {
		if !exposed[want] {
			t.Errorf("the image does not EXPOSE %s", want)
		}
	}
	user := regexp.MustCompile(`(?m)^USER (\S+)$`).FindStringSubmatch(image)
	if user == nil {
		t.Fatal("the image runs as root: no USER")
	}
	if uid, _, _ := strings.Cut(user[1], ":"); uid == "0" || uid == "root" || strings.Trim(uid, "0123456789") != "" {
		t.Errorf("USER %s: want a numeric non-root uid", user[1])
	}
	if !regexp.MustCompile(`(?m)^HEALTHCHECK .*CMD \["souk", "healthcheck"\]$`).MatchString(image) {
		t.Error(`the image has no HEALTHCHECK running ["souk", "healthcheck"]`)
	}
}
