package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"syscall"

	"souk/config"
)

// errUsage marks a command-line mistake; main prints usage and exits 2.
var errUsage = errors.New("usage")

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Environ(), os.Stdout, os.Stderr)
	stop()
	switch {
	case err == nil:
	case errors.Is(err, errUsage):
		os.Exit(2)
	default:
		fmt.Fprintln(os.Stderr, "souk:", err)
		os.Exit(1)
	}
}

const usage = `Usage: souk <command> [flags]

Commands:
  serve     run the platform (web app, API, realtime, media server)
  migrate   apply database migrations and exit
  config    print the effective configuration (secrets redacted)
  doctor    check ports (or the running node's), addresses, TURN, certificate, keys, database, Redis
            and the cluster; exit 1 on any FAIL
  healthcheck
            ask this machine's server for /healthz on server.addr; exit 1 unless it answers 200
            (the container image's health check)
  version   print the version
  bench     load-test a LiveKit-protocol media server (souk bench -h)
  admin     create --site P --email E [--password PW] [--name N]: create (or promote) a site admin;
            the password comes from --password, SOUK_ADMIN_PASSWORD or a prompt

Flags (serve, migrate, config, doctor, healthcheck):
  --config FILE   YAML configuration file; SOUK_* environment variables override it
  --roles LIST    (serve) roles of this node, comma separated: platform, sfu, turn (default all)
  --pprof ADDR    (serve) runtime profiles on their own listener, e.g. 127.0.0.1:6060; off by default
  --url URL       (healthcheck) ask this URL instead
`

// run dispatches a subcommand; it is main without the process exits, so
// tests can drive it.
func run(ctx context.Context, args, environ []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return errUsage
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "version", "--version", "-v":
		fmt.Fprintln(stdout, "souk", version())
		return nil
	case "help", "--help", "-h":
		fmt.Fprint(stdout, usage)
		return nil
	case "admin":
		return admin(ctx, rest, environ, os.Stdin, stdout, stderr)
	case "bench":
		return bench(ctx, rest, environ, stdout, stderr)
	}
	fs := flag.NewFlagSet("souk "+cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	configPath := fs.String("config", "", "YAML configuration file")
	roles, pprofAddr, healthURL := "", "", ""
	if cmd == "healthcheck" {
		fs.StringVar(&healthURL, "url", "", "URL to ask instead of /healthz on server.addr")
	}
	if cmd == "serve" {
		fs.StringVar(&roles, "roles", "", "comma-separated roles of this node: platform, sfu, turn (default all; cluster.roles)")
		fs.StringVar(&pprofAddr, "pprof", "", "serve runtime profiles (/debug/pprof/) on this address, e.g. 127.0.0.1:6060; off when empty")
	}
	if err := fs.Parse(rest); err != nil {
		return errUsage
	}
	switch cmd {
	case "serve":
		if roles != "" {
			// The flag is the last word: it overrides file and environment.
			environ = append(slices.Clone(environ), config.EnvPrefix+"CLUSTER_ROLES="+roles)
		}
		if pprofAddr != "" {
			_, stop, err := startPprof(ctx, pprofAddr, stderr)
			if err != nil {
				return err
			}
			defer stop()
		}
		return serve(ctx, *configPath, environ, stdout, stderr)
	case "migrate":
		return migrate(ctx, *configPath, environ, stderr)
	case "config":
		return printConfig(*configPath, environ, stdout)
	case "doctor":
		return doctor(ctx, *configPath, environ, stdout)
	case "healthcheck":
		return healthcheck(ctx, *configPath, environ, healthURL, stdout)
	default:
		fmt.Fprintf(stderr, "unknown command %q\n\n%s", cmd, usage)
		return errUsage
	}
}
