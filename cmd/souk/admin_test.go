package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"souk/platform"
	"souk/platform/store"
)

func TestAdminCreate(t *testing.T) {
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "souk.db")
	env := []string{"SOUK_DATA_DIR=" + dir, "SOUK_DATABASE_URL=" + dbPath}
	ctx := context.Background()
	admin := func(env []string, args ...string) (string, error) {
		var out, errOut bytes.Buffer
		err := run(ctx, append([]string{"admin", "create"}, args...), env, &out, &errOut)
		return out.String(), err
	}
	if _, err := admin(env, "--site", "desks"); !errors.Is(err, errUsage) {
		t.Fatalf("missing e-mail: %v", err)
	}
	if _, err := admin(env, "--site", "nowhere", "--email", "a@example.com", "--password", "admin pass 1"); err == nil || !strings.Contains(err.Error(), "no site") {
		t.Fatalf("unknown site: %v", err)
	}
	if _, err := admin(env, "--site", "desks", "--email", "a@example.com", "--password", "weak"); err == nil || !strings.Contains(err.Error(), "--password: password must be 8–128") {
		t.Fatalf("weak password: %v", err)
	}
	out, err := admin(append(env, adminPasswordEnv+"=admin pass 1"), "--site", "desks", "--email", "Boss@Example.com", "--name", "The Boss")
	if err != nil || !strings.Contains(out, "created admin boss@example.com on site desks") {
		t.Fatalf("create: %q %v", out, err)
	}
	// Running it again promotes and re-passwords the existing account.
	out, err = admin(env, "--site", "desks", "--email", "boss@example.com", "--password", "second pass 2")
	if err != nil || !strings.Contains(out, "is now an admin") {
		t.Fatalf("again: %q %v", out, err)
	}

	db, err := store.Open(ctx, dbPath, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	accounts := store.NewAccountService(db, store.AccountOptions{})
	sess, err := accounts.Login(ctx, "desks", "boss@example.com", "second pass 2")
	if err != nil || !sess.User.IsAdmin() || !sess.User.HasScope(platform.ScopeAdmin) || sess.User.DisplayName != "The Boss" {
		t.Fatalf("login: %+v %v", sess, err)
	}
	if _, err := accounts.Login(ctx, "tutoring", "boss@example.com", "second pass 2"); err == nil {
		t.Fatal("the admin exists on another site")
	}
}
