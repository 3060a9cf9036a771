package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"sync/atomic"

	"github.com/redis/go-redis/v9"

	"souk/config"
	"souk/platform"
	"souk/platform/httpapi"
	"souk/platform/store"
	"souk/web"
)

// serve runs the whole platform until ctx ends (SIGINT/SIGTERM), then shuts
// down in order: stop accepting, let in-flight requests finish within
// server.shutdown_timeout, then close the store.
func serve(ctx context.Context, path string, environ []string, stdout, stderr io.Writer) error {
	cfg, err := config.Load(path, environ)
	if err != nil {
		return err
	}
	log := newLogger(cfg.Log, stderr)
	// go-redis keeps its logger in a package variable; the binary sets it
	// once, here, so its messages join the server's log.
	redis.SetLogger(redisLogger{log.With("component", "redis")})
	if err := prepareConfig(&cfg, log); err != nil {
		return err
	}
	if err := os.MkdirAll(cfg.DataDir, 0o755); err != nil {
		return fmt.Errorf("create data directory: %w", err)
	}
	sites, err := loadSites(cfg)
	if err != nil {
		return err
	}
	roles := cfg.Cluster
	// Listen first: a cluster node announces the address other nodes
	// relay signalling to.
	ln, err := net.Listen("tcp", cfg.Server.Addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", cfg.Server.Addr, err)
	}
	defer ln.Close()
	node, err := newClusterNode(ctx, cfg, ln.Addr(), log)
	if err != nil {
		return err
	}
	if node != nil {
		defer node.stop()
	}
	apiOpts := httpapi.Options{
		Sites:       sites,
		Logger:      log,
		Version:     version(),
		SlowRequest: slowRequest(cfg.Log),
	}
	if node != nil {
		apiOpts.SharedLimits = node.rateCounter()
		apiOpts.SharedBackoff = node.strikes()
	}
	// A draining node answers /readyz with 503, so load balancers send
	// the rejoining participants elsewhere.
	var draining atomic.Bool
	errDraining := platform.Errorf(platform.EUNAVAILABLE, "this node is draining: its calls are moving to other nodes")
	apiOpts.Ready = func(context.Context) error {
		if draining.Load() {
			return errDraining
		}
		return nil
	}
	// A node without the platform role serves no web app, API or realtime
	// channels, and needs no database.
	var realtime *realtimeChannels
	if roles.HasRole(config.RolePlatform) {
		db, err := openStore(ctx, cfg, log)
		if err != nil {
			return err
		}
		defer db.Close()
		log.Info("store opened", "engine", db.Engine())
		apiOpts.Ready = func(ctx context.Context) error {
			if draining.Load() {
				return errDraining
			}
			return db.CheckWritable(ctx)
		}
		apiOpts.Web = webApp(log)
		apiOpts.Contact = store.NewContactService(db)
		stopPlatform, err := wirePlatform(ctx, cfg, db, log, &apiOpts)
		if err != nil {
			return err
		}
		defer stopPlatform()
		if realtime, err = wireRealtime(ctx, cfg, db, node, log); err != nil {
			return err
		}
		apiOpts.Sessions = realtime.service
	}
	closeRealtime := func(ctx context.Context) {
		if realtime == nil {
			return
		}
		if err := realtime.Close(ctx); err != nil {
			log.Warn("realtime channels did not close cleanly", "err", err)
		}
	}
	api := httpapi.NewServer(apiOpts)
	if realtime != nil {
		realtime.mount(api, log)
	}
	// Calls outlive the signal that stops the process: a draining node
	// still talks to its participants, and the rest end in media.Close.
	mediaCtx, cancelMedia := context.WithCancel(context.WithoutCancel(ctx))
	defer cancelMedia()
	media, err := wireMedia(mediaCtx, cfg, api, node, realtime, log)
	if err != nil {
		closeRealtime(ctx)
		return err
	}
	if node != nil {
		node.start(ctx)
	}
	srv := &http.Server{
		Handler:           wireMetrics(cfg, api, realtime, media, log),
		ReadHeaderTimeout: cfg.Server.ReadHeaderTimeout,
		ReadTimeout:       cfg.Server.ReadTimeout,
		WriteTimeout:      cfg.Server.WriteTimeout,
		IdleTimeout:       cfg.Server.IdleTimeout,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	log.Info("souk listening", "addr", ln.Addr().String(), "mode", cfg.Mode, "roles", strings.Join(roles.Roles, ","),
		"sites", len(sites.All()), "version", version())
	// The banner is for the person who started the server (stdout); the
	// log stays on stderr, all of it through slog.
	printBanner(stdout, cfg.Log.Format, log, ln.Addr(), sites)

	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()

	select {
	case err := <-served:
		return fmt.Errorf("http server: %w", err)
	case <-ctx.Done():
	}
	if node != nil {
		// Move calls away while this node still answers: participants
		// rejoin through other nodes.
		draining.Store(true)
		node.drain(context.WithoutCancel(ctx))
	}
	log.Info("shutting down", "deadline", cfg.Server.ShutdownTimeout)
	shutdownCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cfg.Server.ShutdownTimeout)
	defer cancel()
	// Realtime closes alongside the HTTP server's shutdown, which waits
	// for requests in flight: long-polling GETs among them, which end
	// only when their sessions close.
	realtimeClosed := make(chan struct{})
	srv.RegisterOnShutdown(func() {
		defer close(realtimeClosed)
		closeRealtime(shutdownCtx)
	})
	if err := srv.Shutdown(shutdownCtx); err != nil {
		log.Warn("in-flight requests did not finish before the deadline", "err", err)
	}
	<-realtimeClosed
	media.Close(shutdownCtx, log)
	cancelMedia()
	if err := <-served; err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Warn("http server stopped with an error", "err", err)
	}
	log.Info("stopped")
	return nil
}

func loadSites(cfg config.Config) (*config.SiteSet, error) {
	var fsys fs.FS = config.BuiltinSites()
	if cfg.Sites.Dir != "" {
		fsys = os.DirFS(cfg.Sites.Dir)
	}
	sites, err := config.LoadSites(fsys, cfg.Sites.Default, cfg.Mode == config.Production)
	if err != nil {
		return nil, fmt.Errorf("sites: %w", err)
	}
	return sites, nil
}

// webApp returns the embedded web build, or nil (with a warning) when the
// binary was built without it.
func webApp(log *slog.Logger) fs.FS {
	dist, err := fs.Sub(web.Dist, "dist")
	if err == nil {
		if _, err = fs.Stat(dist, "index.html"); err == nil {
			return dist
		}
	}
	log.Warn("the web app is not built into this binary; run `make build`")
	return nil
}
