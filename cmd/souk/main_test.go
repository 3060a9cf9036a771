package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRunCommands(t *testing.T) {
	dir := t.TempDir()
	badFile := filepath.Join(dir, "bad.yaml")
	os.WriteFile(badFile, []byte("server:\n  adress: :80\n"), 0o600)
	env := []string{"SOUK_DATA_DIR=" + dir}
	cases := []struct {
		name       string
		args       []string
		env        []string
		wantErr    string
		wantUsage  bool
		wantStdout string
	}{
		{name: "version", args: []string{"version"}, wantStdout: "souk "},
		{name: "no command", args: nil, wantUsage: true},
		{name: "unknown command", args: []string{"fly"}, wantUsage: true},
		{name: "bad flag", args: []string{"serve", "--nope"}, wantUsage: true},
		{name: "config prints redacted", args: []string{"config"}, env: []string{"SOUK_MEDIA_KEYS=prod:" + strings.Repeat("z", 40)}, wantStdout: "prod: REDACTED"},
		{name: "unknown key in file", args: []string{"serve", "--config", badFile}, wantErr: "adress"},
		{name: "unknown env var", args: []string{"serve"}, env: []string{"SOUK_NOPE=1"}, wantErr: "SOUK_NOPE: unknown setting"},
		{name: "production refuses generated keys", args: []string{"serve"}, env: []string{"SOUK_MODE=production", "SOUK_METRICS_TOKEN=scrape-token"}, wantErr: "production mode needs configured API keys"},
		{name: "production refuses open metrics", args: []string{"serve"}, env: []string{"SOUK_MODE=production", "SOUK_MEDIA_KEYS=prod:" + strings.Repeat("z", 40)},
			wantErr: "metrics.token: production mode"},
		{name: "roles flag is checked", args: []string{"serve", "--roles", "platform,media"}, wantErr: `cluster.roles: "media" is not one of`},
		{name: "roles flag overrides the environment", args: []string{"serve", "--roles", "platform"}, env: []string{"SOUK_CLUSTER_ROLES=sfu"},
			wantErr: "relays signalling to other nodes, which needs redis.url"},
		{name: "roles is a serve flag only", args: []string{"migrate", "--roles", "sfu"}, wantUsage: true},
		{name: "migrate", args: []string{"migrate"}, env: []string{"SOUK_DATABASE_URL=" + filepath.Join(dir, "m.db")}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			err := run(context.Background(), tc.args, append(env, tc.env...), &out, &errOut)
			switch {
			case tc.wantUsage:
				if !errors.Is(err, errUsage) {
					t.Fatalf("err = %v, want usage", err)
				}
			case tc.wantErr != "":
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want %q", err, tc.wantErr)
				}
			case err != nil:
				t.Fatalf("err = %v (stderr %s)", err, errOut.String())
			}
			if !strings.Contains(out.String(), tc.wantStdout) {
				t.Fatalf("stdout %q lacks %q", out.String(), tc.wantStdout)
			}
			if strings.Contains(out.String(), strings.Repeat("z", 40)) {
				t.Fatal("secret printed")
			}
		})
	}
}
