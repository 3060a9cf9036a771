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
	"time"

	"github.com/redis/go-redis/v9"

	"souk/config"
	"souk/platform"
	"souk/platform/httpapi"
	"souk/platform/store"
	"souk/web"
)

// serve runs the whole platform until ctx ends (SIGINT/SIGTERM), then shuts
// down in order (shutDown). Each step below is one function; the defers
// here release what the steps opened, in reverse.
func serve(ctx context.Context, path string, environ []string, stdout, stderr io.Writer) error {
	cfg, log, sites, err := setUp(path, environ, stderr)
	if err != nil {
		return err
	}
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
	var draining atomic.Bool
	app, err := wireApp(ctx, cfg, sites, node, &draining, log)
	if err != nil {
		return err
	}
	defer app.close()
	// Calls outlive the signal that stops the process: a draining node
	// still talks to its participants, and the rest end in media.Close.
	mediaCtx, cancelMedia := context.WithCancel(context.WithoutCancel(ctx))
	defer cancelMedia()
	media, err := wireMedia(mediaCtx, cfg, app.api, node, app.realtime, log)
	if err != nil {
		app.closeRealtime(ctx, log)
		return err
	}
	if node != nil {
		node.start(ctx)
	}
	srv := newHTTPServer(cfg.Server, wireMetrics(cfg, app.api, app.realtime, media, log), log)
	log.Info("souk listening", "addr", ln.Addr().String(), "mode", cfg.Mode, "roles", strings.Join(cfg.Cluster.Roles, ","),
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
	shutDown(ctx, cfg.Server.ShutdownTimeout, srv, served, app, media, log)
	cancelMedia()
	log.Info("stopped")
	return nil
}

// setUp reads the configuration, makes the logger and the data directory
// and loads the sites: everything serve needs before it opens a port.
func setUp(path string, environ []string, stderr io.Writer) (config.Config, *slog.Logger, *config.SiteSet, error) {
	cfg, err := config.Load(path, environ)
	if err != nil {
		return cfg, nil, nil, err
	}
	log := newLogger(cfg.Log, stderr)
	// go-redis keeps its logger in a package variable; the binary sets it
	// once, here, so its messages join the server's log.
	redis.SetLogger(redisLogger{log.With("component", "redis")})
	if err := prepareConfig(&cfg, log); err != nil {
		return cfg, nil, nil, err
	}
	if err := os.MkdirAll(cfg.DataDir, 0o755); err != nil {
		return cfg, nil, nil, fmt.Errorf("create data directory: %w", err)
	}
	sites, err := loadSites(cfg)
	if err != nil {
		return cfg, nil, nil, err
	}
	return cfg, log, sites, nil
}

// app is the HTTP side of a node: the API and, with the platform role,
// the store, the web app and the realtime channels behind it.
type app struct {
	api      *httpapi.Server
	realtime *realtimeChannels // nil without the platform role
	closers  []func()          // run in reverse by close
}

// wireApp builds the API. A node without the platform role serves no web
// app, API or realtime channels, and needs no database. A draining node
// answers /readyz with 503, so load balancers send the rejoining
// participants elsewhere.
func wireApp(ctx context.Context, cfg config.Config, sites *config.SiteSet, node *clusterNode, draining *atomic.Bool, log *slog.Logger) (*app, error) {
	opts := httpapi.Options{
		Sites:       sites,
		Logger:      log,
		Version:     version(),
		SlowRequest: slowRequest(cfg.Log),
	}
	if node != nil {
		opts.SharedLimits = node.rateCounter()
		opts.SharedBackoff = node.strikes()
	}
	errDraining := platform.Errorf(platform.EUNAVAILABLE, "this node is draining: its calls are moving to other nodes")
	writable := func(context.Context) error { return nil }
	opts.Ready = func(ctx context.Context) error {
		if draining.Load() {
			return errDraining
		}
		return writable(ctx)
	}
	a := &app{}
	if cfg.Cluster.HasRole(config.RolePlatform) {
		db, err := openStore(ctx, cfg, log)
		if err != nil {
			return nil, err
		}
		a.closers = append(a.closers, func() { db.Close() })
		log.Info("store opened", "engine", db.Engine())
		writable = db.CheckWritable
		opts.Web = webApp(log)
		opts.Contact = store.NewContactService(db)
		stopPlatform, err := wirePlatform(ctx, cfg, db, log, &opts)
		if err != nil {
			a.close()
			return nil, err
		}
		a.closers = append(a.closers, stopPlatform)
		if a.realtime, err = wireRealtime(ctx, cfg, db, node, log); err != nil {
			a.close()
			return nil, err
		}
		opts.Sessions = a.realtime.service
	}
	a.api = httpapi.NewServer(opts)
	if a.realtime != nil {
		a.realtime.mount(a.api, log)
	}
	return a, nil
}

func (a *app) close() {
	for i := len(a.closers) - 1; i >= 0; i-- {
		a.closers[i]()
	}
}

func (a *app) closeRealtime(ctx context.Context, log *slog.Logger) {
	if a.realtime == nil {
		return
	}
	if err := a.realtime.Close(ctx); err != nil {
		log.Warn("realtime channels did not close cleanly", "err", err)
	}
}

func newHTTPServer(cfg config.Server, handler http.Handler, log *slog.Logger) *http.Server {
	return &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: cfg.ReadHeaderTimeout,
		ReadTimeout:       cfg.ReadTimeout,
		WriteTimeout:      cfg.WriteTimeout,
		IdleTimeout:       cfg.IdleTimeout,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
}

// shutDown stops a serving node within timeout: the HTTP server stops
// accepting and lets requests in flight finish while the realtime
// channels close, then the media side closes. served is the result of
// srv.Serve.
func shutDown(ctx context.Context, timeout time.Duration, srv *http.Server, served <-chan error, a *app, media *mediaServer, log *slog.Logger) {
	log.Info("shutting down", "deadline", timeout)
	shutdownCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), timeout)
	defer cancel()
	// Realtime closes alongside the HTTP server's shutdown, which waits
	// for requests in flight: long-polling GETs among them, which end
	// only when their sessions close.
	realtimeClosed := make(chan struct{})
	srv.RegisterOnShutdown(func() {
		defer close(realtimeClosed)
		a.closeRealtime(shutdownCtx, log)
	})
	if err := srv.Shutdown(shutdownCtx); err != nil {
		log.Warn("in-flight requests did not finish before the deadline", "err", err)
	}
	<-realtimeClosed
	media.Close(shutdownCtx, log)
	if err := <-served; err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Warn("http server stopped with an error", "err", err)
	}
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
