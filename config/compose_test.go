package config

import (
	"os"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// docker-compose.yml must stay in step with the configuration: every
// SOUK_* variable it sets is a known key and the set loads and validates.
func TestComposeFileMatchesConfig(t *testing.T) {
	raw, err := os.ReadFile("../docker-compose.yml")
	if err != nil {
		t.Fatal(err)
	}
	var compose struct {
		Services map[string]struct {
			Environment map[string]string `yaml:"environment"`
		} `yaml:"services"`
	}
	if err := yaml.Unmarshal(raw, &compose); err != nil {
		t.Fatalf("docker-compose.yml is not valid YAML: %v", err)
	}
	souk, ok := compose.Services["souk"]
	if !ok || len(souk.Environment) == 0 {
		t.Fatal("no souk service with environment")
	}
	var env []string
	for k, v := range souk.Environment {
		if !strings.HasPrefix(k, EnvPrefix) {
			t.Errorf("%s is not a SOUK_ setting", k)
		}
		// Compose substitutes ${VAR:-default}; use the default.
		if i := strings.Index(v, ":-"); strings.HasPrefix(v, "${") && i > 0 {
			v = strings.TrimSuffix(v[i+2:], "}")
		}
		env = append(env, k+"="+v)
	}
	cfg, err := Load("", env)
	if err != nil {
		t.Fatalf("compose environment does not load: %v", err)
	}
	if err := cfg.Validate(); err != nil {
		t.Fatalf("compose environment is invalid: %v", err)
	}
	if d, _ := DatabaseDriver(cfg.Database.URL); d != "postgres" || cfg.Redis.URL == "" {
		t.Fatalf("compose must use PostgreSQL and Redis, got %q and %q", cfg.Database.URL, cfg.Redis.URL)
	}
}
