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

	"souk/config"
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
	db, err := openStore(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer db.Close()

	apiOpts := httpapi.Options{
		Sites:       sites,
		Logger:      log,
		Version:     version(),
		Ready:       db.CheckWritable,
		Web:         webApp(log),
		Contact:     store.NewContactService(db),
		SlowRequest: slowRequest(cfg.Log),
	}
	stopPlatform, err := wirePlatform(ctx, cfg, db, log, &apiOpts)
	if err != nil {
		return err
	}
	defer stopPlatform()
	realtime, err := wireRealtime(ctx, cfg, db, log)
	if err != nil {
		return err
	}
	apiOpts.Sessions = realtime.service
	api := httpapi.NewServer(apiOpts)
	realtime.mount(api, log)
	media, err := wireMedia(ctx, cfg, api, log)
	if err != nil {
		realtime.Close(ctx)
		return err
	}

	ln, err := net.Listen("tcp", cfg.Server.Addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", cfg.Server.Addr, err)
	}
	srv := &http.Server{
		Handler:           wireMetrics(cfg, api, realtime, media, log),
		ReadHeaderTimeout: cfg.Server.ReadHeaderTimeout,
		ReadTimeout:       cfg.Server.ReadTimeout,
		WriteTimeout:      cfg.Server.WriteTimeout,
		IdleTimeout:       cfg.Server.IdleTimeout,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	log.Info("souk listening", "addr", ln.Addr().String(), "mode", cfg.Mode, "engine", db.Engine(),
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
	log.Info("shutting down", "deadline", cfg.Server.ShutdownTimeout)
	shutdownCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cfg.Server.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		log.Warn("in-flight requests did not finish before the deadline", "err", err)
	}
	if err := realtime.Close(shutdownCtx); err != nil {
		log.Warn("realtime channels did not close cleanly", "err", err)
	}
	media.Close(shutdownCtx, log)
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
