package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func writeFile(t *testing.T, name, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func validKeys() map[string]string {
	return map[string]string{"key": strings.Repeat("s", 32)}
}

func TestDefaultsAreValidOnceKeysExist(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Media.Keys = validKeys()
	if err := cfg.Validate(); err != nil {
		t.Fatalf("defaults invalid: %v", err)
	}
}

func TestLoadFileAndEnv(t *testing.T) {
	path := writeFile(t, "souk.yaml", `
mode: production
server:
  addr: 127.0.0.1:9000
  shutdown_timeout: 3s
media:
  max_participants: 7
`)
	cfg, err := Load(path, []string{"SOUK_LOG_FORMAT=json", "SOUK_MEDIA_NODE_IPS=10.1.1.1, 10.1.1.2", "SOUK_MEDIA_KEYS=k1:" + strings.Repeat("x", 32),
		"SOUK_PLATFORM_UPLOADS_DECODE_MEMORY=314572800", "SOUK_METRICS_TOKEN=scrape-token", "HOME=/root"})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Mode != Production || cfg.Server.Addr != "127.0.0.1:9000" || cfg.Server.ShutdownTimeout != 3*time.Second {
		t.Errorf("file values not applied: %+v", cfg.Server)
	}
	if cfg.Media.MaxParticipants != 7 || cfg.Log.Format != "json" {
		t.Errorf("got max_participants=%d format=%s", cfg.Media.MaxParticipants, cfg.Log.Format)
	}
	if len(cfg.Media.NodeIPs) != 2 || cfg.Media.NodeIPs[1] != "10.1.1.2" {
		t.Errorf("node ips = %v", cfg.Media.NodeIPs)
	}
	if cfg.Media.Keys["k1"] != strings.Repeat("x", 32) {
		t.Errorf("keys = %v", cfg.Media.Keys)
	}
	if cfg.Platform.Uploads.DecodeMemory != 300<<20 {
		t.Errorf("decode_memory (an int64) from the environment = %d", cfg.Platform.Uploads.DecodeMemory)
	}
	if cfg.Media.PingInterval != 5*time.Second {
		t.Errorf("untouched default lost: %v", cfg.Media.PingInterval)
	}
	if err := cfg.Validate(); err != nil {
		t.Errorf("valid config refused: %v", err)
	}
}

// Each kind of mistake must stop start-up with a message naming the key.
func TestMistakesNameTheKey(t *testing.T) {
	cases := []struct {
		name    string
		file    string
		env     []string
		wantErr string
	}{
		{"unknown top-level key", "colour: blue\n", nil, "field colour"},
		{"unknown nested key", "server:\n  adress: :80\n", nil, "adress"},
		{"wrong type in file", "media:\n  max_participants: many\n", nil, "many"},
		{"bad duration in file", "server:\n  shutdown_timeout: soon\n", nil, "soon"},
		{"unknown env var", "", []string{"SOUK_SERVER_PORT=80"}, "SOUK_SERVER_PORT: unknown setting"},
		{"bad int from env", "", []string{"SOUK_MEDIA_MAX_PARTICIPANTS=lots"}, "media.max_participants"},
		{"bad int64 from env", "", []string{"SOUK_PLATFORM_UPLOADS_DECODE_MEMORY=256MiB"}, "platform.uploads.decode_memory"},
		{"bad bool from env", "", []string{"SOUK_MEDIA_TURN_ENABLED=maybe"}, "media.turn.enabled"},
		{"bad duration from env", "", []string{"SOUK_MEDIA_EMPTY_TIMEOUT=10"}, "media.empty_timeout"},
		{"bad map from env", "", []string{"SOUK_MEDIA_KEYS=novalue"}, "not key:value"},
		{"invalid mode", "mode: staging\n", nil, "mode: \"staging\" is not one of"},
		{"invalid address", "server:\n  addr: localhost\n", nil, "server.addr"},
		{"invalid log level", "log:\n  level: loud\n", nil, "log.level"},
		{"invalid database", "database:\n  url: mysql://x/y\n", nil, "database.url"},
		{"invalid redis", "redis:\n  url: http://x\n", nil, "redis.url"},
		{"short media secret", "media:\n  keys:\n    k: short\n", nil, "media.keys"},
		{"non-positive limit", "media:\n  max_participants: 0\n", nil, "media.max_participants"},
		{"ping timeout below interval", "media:\n  ping_timeout: 1s\n", nil, "media.ping_timeout"},
		{"short session", "platform:\n  auth:\n    session_ttl: 10s\n", nil, "platform.auth.session_ttl"},
		{"unknown blob backend", "", []string{"SOUK_PLATFORM_BLOB_BACKEND=ftp"}, "platform.blob.backend"},
		{"bad mail tls", "platform:\n  mail:\n    tls: maybe\n", nil, "platform.mail.tls"},
		{"realtime payload too small", "realtime:\n  max_payload: 10\n", nil, "realtime.max_payload"},
		{"realtime bad duration from env", "", []string{"SOUK_REALTIME_PING_INTERVAL=25"}, "realtime.ping_interval"},
		{"production metrics without a token", "mode: production\n", nil, "metrics.token: production mode"},
		{"metrics token padded", "", []string{"SOUK_METRICS_TOKEN= tok "}, "metrics.token: must not start or end"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := ""
			if tc.file != "" {
				path = writeFile(t, "souk.yaml", tc.file)
			}
			cfg, err := Load(path, tc.env)
			if err == nil {
				if len(cfg.Media.Keys) == 0 {
					cfg.Media.Keys = validKeys()
				}
				err = cfg.Validate()
			}
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("error = %v, want one containing %q", err, tc.wantErr)
			}
		})
	}
}

// Production serves /metrics only behind a token (or not at all);
// development may leave it open.
func TestMetricsTokenByMode(t *testing.T) {
	tests := []struct {
		name    string
		mode    Mode
		metrics Metrics
		valid   bool
	}{
		{"production, token set", Production, Metrics{Enabled: true, Token: "scrape-token"}, true},
		{"production, metrics off", Production, Metrics{Enabled: false}, true},
		{"production, no token", Production, Metrics{Enabled: true}, false},
		{"development, no token", Development, Metrics{Enabled: true}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := DefaultConfig()
			cfg.Media.Keys = validKeys()
			cfg.Mode, cfg.Metrics = tc.mode, tc.metrics
			err := cfg.Validate()
			if (err == nil) != tc.valid {
				t.Fatalf("Validate() = %v, want valid %v", err, tc.valid)
			}
			if err != nil && !strings.Contains(err.Error(), "metrics.token") {
				t.Errorf("error does not name metrics.token: %v", err)
			}
		})
	}
}

func TestMissingFile(t *testing.T) {
	if _, err := Load(filepath.Join(t.TempDir(), "nope.yaml"), nil); err == nil {
		t.Fatal("missing config file accepted")
	}
}

func TestEnsureMediaKeysPersistsOnce(t *testing.T) {
	cfg := DefaultConfig()
	cfg.DataDir = t.TempDir()
	generated, err := cfg.EnsureMediaKeys()
	if err != nil || !generated || len(cfg.Media.Keys) != 1 {
		t.Fatalf("generated=%v err=%v keys=%v", generated, err, cfg.Media.Keys)
	}
	again := DefaultConfig()
	again.DataDir = cfg.DataDir
	if _, err := again.EnsureMediaKeys(); err != nil {
		t.Fatal(err)
	}
	for k, v := range cfg.Media.Keys {
		if again.Media.Keys[k] != v {
			t.Fatalf("second start got a different pair: %v vs %v", again.Media.Keys, cfg.Media.Keys)
		}
	}
	info, err := os.Stat(filepath.Join(cfg.DataDir, devKeysFile))
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("key file mode: %v %v", info, err)
	}
	if err := again.Validate(); err != nil {
		t.Fatalf("generated keys invalid: %v", err)
	}
}

func TestConfiguredKeysAreKept(t *testing.T) {
	cfg := DefaultConfig()
	cfg.DataDir = t.TempDir()
	cfg.Media.Keys = validKeys()
	if generated, err := cfg.EnsureMediaKeys(); err != nil || generated {
		t.Fatalf("generated=%v err=%v", generated, err)
	}
	if _, err := os.Stat(filepath.Join(cfg.DataDir, devKeysFile)); !os.IsNotExist(err) {
		t.Fatal("a key file was written although keys were configured")
	}
}

func TestRedactedYAMLHidesSecretsAndRoundTrips(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Media.Keys = map[string]string{"prodkey": "topsecret-topsecret-topsecret-123"}
	cfg.Database.URL = "postgres://souk:hunter2@db:5432/souk"
	cfg.Metrics.Token = "scrapetoken"
	out, err := cfg.Redacted().YAML()
	if err != nil {
		t.Fatal(err)
	}
	text := string(out)
	for _, secret := range []string{"topsecret", "hunter2", "scrapetoken"} {
		if strings.Contains(text, secret) {
			t.Errorf("secret %q printed:\n%s", secret, text)
		}
	}
	if !strings.Contains(text, "prodkey: REDACTED") || !strings.Contains(text, "shutdown_timeout: 15s") {
		t.Errorf("unexpected output:\n%s", text)
	}
	// What `souk config` prints must load again.
	if _, err := Load(writeFile(t, "printed.yaml", text), nil); err != nil {
		t.Fatalf("printed config does not load: %v", err)
	}
}

func TestEveryLeafHasAnEnvName(t *testing.T) {
	names := EnvNames()
	for _, want := range []string{"SOUK_SERVER_ADDR", "SOUK_DATABASE_URL", "SOUK_MEDIA_TURN_UDP_PORT", "SOUK_SITES_DEFAULT"} {
		found := false
		for _, n := range names {
			found = found || n == want
		}
		if !found {
			t.Errorf("%s missing from %v", want, names)
		}
	}
}
