package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"

	"souk/config"
	"souk/platform"
	"souk/platform/realtime"
	"souk/platform/realtime/bus"
	"souk/platform/store"
)

// adminPasswordEnv carries the password for non-interactive use; it is
// removed from the environment before the configuration is loaded, which
// refuses unknown SOUK_* variables.
const adminPasswordEnv = "SOUK_ADMIN_PASSWORD"

// admin runs `souk admin create`: it creates an admin account on a site,
// or gives an existing account of that e-mail the admin role (and the new
// password, when one is given).
func admin(ctx context.Context, args, environ []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "create" {
		fmt.Fprintln(stderr, "usage: souk admin create --site <project> --email <e-mail> [--password <pw>] [--name <display name>] [--config souk.yaml]")
		return errUsage
	}
	fs := flag.NewFlagSet("souk admin create", flag.ContinueOnError)
	fs.SetOutput(stderr)
	configPath := fs.String("config", "", "YAML configuration file")
	site := fs.String("site", "", "project name of the site, e.g. desks")
	email := fs.String("email", "", "e-mail address of the admin")
	password := fs.String("password", "", "password (else "+adminPasswordEnv+" or a prompt)")
	name := fs.String("name", "", "display name (default: the e-mail's local part)")
	if err := fs.Parse(args[1:]); err != nil {
		return errUsage
	}
	if *site == "" || *email == "" {
		fmt.Fprintln(stderr, "souk admin create: --site and --email are required")
		return errUsage
	}
	var env []string
	for _, kv := range environ {
		if v, ok := strings.CutPrefix(kv, adminPasswordEnv+"="); ok {
			if *password == "" {
				*password = v
			}
			continue
		}
		env = append(env, kv)
	}
	cfg, err := config.Load(*configPath, env)
	if err != nil {
		return err
	}
	sites, err := loadSites(cfg)
	if err != nil {
		return err
	}
	if _, ok := sites.ByProject(*site); !ok {
		return fmt.Errorf("--site: no site has project %q", *site)
	}
	if *password == "" {
		fmt.Fprint(stderr, "Password for "+*email+": ")
		line, err := bufio.NewReader(stdin).ReadString('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return fmt.Errorf("read password: %w", err)
		}
		*password = strings.TrimRight(line, "\r\n")
	}
	if *name == "" {
		*name, _, _ = strings.Cut(*email, "@")
	}
	log := newLogger(cfg.Log, stderr)
	db, err := openStore(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer db.Close()
	accounts := store.NewAccountService(db, store.AccountOptions{})
	roles := []string{platform.RoleUser, platform.RoleAdmin}
	existing, err := accounts.FindUserByEmail(ctx, *site, *email)
	switch {
	case err == nil:
		if err := accounts.SetPassword(ctx, *site, existing.ID, *password); err != nil {
			return explain(err)
		}
		if err := accounts.SetRoles(ctx, *site, existing.ID, roles); err != nil {
			return err
		}
		closeSessions(ctx, cfg, log, platform.SessionEnd{Site: *site, UserID: existing.ID, Reason: platform.EndPasswordChange})
		fmt.Fprintf(stdout, "%s on site %s is now an admin (user id %s); its password was replaced\n", existing.Email, *site, existing.ID)
		return nil
	case platform.ErrorCode(err) != platform.ENOTFOUND:
		return err
	}
	u, err := accounts.CreateUser(ctx, &platform.Registration{Site: *site, Email: *email, Password: *password, DisplayName: *name}, roles...)
	if err != nil {
		return explain(err)
	}
	fmt.Fprintf(stdout, "created admin %s on site %s (user id %s)\n", u.Email, *site, u.ID)
	return nil
}

// explain turns field errors into one readable line per field.
func explain(err error) error {
	var perr *platform.Error
	if !errors.As(err, &perr) || len(perr.Fields) == 0 {
		return err
	}
	msgs := make([]string, len(perr.Fields))
	for i, f := range perr.Fields {
		flagName := f.Field
		if flagName == "displayName" {
			flagName = "name"
		}
		msgs[i] = "--" + flagName + ": " + f.Message
	}
	return errors.New(strings.Join(msgs, "; "))
}

// closeSessions asks the running souk processes to close the realtime
// connections of sessions the command ended. It reaches them only through
// Redis; without it their joins are still refused, as the tokens are
// revoked.
func closeSessions(ctx context.Context, cfg config.Config, log *slog.Logger, end platform.SessionEnd) {
	if cfg.Redis.URL == "" {
		return
	}
	node := fmt.Sprintf("admin-%d", os.Getpid())
	b, err := bus.NewRedis(ctx, cfg.Redis.URL, cfg.Realtime.RedisPrefix, node, log)
	if err != nil {
		log.Warn("could not reach redis to close the user's realtime connections", "err", err)
		return
	}
	defer b.Close()
	if err := realtime.PublishSessionEnd(ctx, b, node, end); err != nil {
		log.Warn("could not close the user's realtime connections", "err", err)
	}
}
