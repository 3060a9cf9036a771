package httpapi

import (
	"context"
	"io/fs"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humachi"
	"github.com/go-chi/chi/v5"

	"souk/config"
	"souk/platform"
)

// Options wires the server's dependencies. Zero-valued optional fields
// disable the routes that need them.
type Options struct {
	Sites   *config.SiteSet
	Logger  *slog.Logger
	Version string
	// Ready reports whether dependencies (the store) answer and can
	// write; /readyz.
	Ready func(ctx context.Context) error
	// Web is the built web app (index.html at its root). Nil serves a
	// notice that the app is not built.
	Web fs.FS
	// Contact stores contact form submissions.
	Contact platform.ContactService
	// ContactList lets admins read them (GET /api/admin/contacts).
	ContactList ContactLister

	// Accounts enables the account, session and admin routes.
	Accounts platform.AccountService
	// Sessions closes realtime connections of sessions that end (logout,
	// password reset); nil when nothing outlives a request.
	Sessions platform.SessionNotifier
	// Identity verifies Google ID tokens; nil disables /api/auth/google.
	Identity platform.IdentityVerifier
	// Limits are the per-IP and per-account rate limits.
	Limits RateLimits
	// SharedLimits, when set, counts the per-IP limits across every node
	// (Redis); nil counts in this process.
	SharedLimits SharedCounter
	// SharedBackoff, when set, keeps the per-account login back-off for
	// every node (Redis); nil keeps it in this process.
	SharedBackoff SharedBackoff
	// TrustedProxies may set the client IP through X-Forwarded-For.
	TrustedProxies []netip.Prefix
	// HSTS sends Strict-Transport-Security (production, behind HTTPS).
	HSTS bool

	// Calls and MediaKeys enable POST /api/calls and POST /token. The
	// first key in sorted order signs media tokens valid for MediaTokenTTL.
	Calls         platform.CallService
	MediaKeys     map[string]string
	MediaTokenTTL time.Duration

	// Listings, Images and Media enable the listing routes and /media.
	Listings platform.ListingService
	Images   platform.ListingImageService
	Media    platform.BlobReader
	// MaxUploadBytes bounds one image file; multipart bodies may exceed it
	// by the form's overhead only. Default platform.uploads.max_image_bytes'
	// (config.DefaultPlatform).
	MaxUploadBytes int64

	// Messages enables the conversation routes.
	Messages platform.MessageService

	// SlowRequest is the duration from which a request is logged at warn
	// (every request is logged at debug). Zero means 1s; negative, never.
	SlowRequest time.Duration
}

// ContactLister reads a site's contact messages.
type ContactLister interface {
	FindContacts(ctx context.Context, site string, limit int) ([]platform.ContactMessage, error)
}

// Server is the platform's HTTP handler.
type Server struct {
	opts   Options
	router chi.Router
	api    huma.API
	limits limiters
	index  indexPages
	docs   docsScript
}

// NewServer builds the router with middleware, the API operations and the
// web app fallback.
func NewServer(opts Options) *Server {
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	r := chi.NewRouter()
	if opts.MaxUploadBytes <= 0 {
		opts.MaxUploadBytes = int64(config.DefaultPlatform().Uploads.MaxImageBytes)
	}
	if opts.SlowRequest == 0 {
		opts.SlowRequest = time.Second
	}
	r.Use(requestID(opts.Logger), accessLog(opts.SlowRequest), securityHeaders(opts.HSTS), withRequestInfo(opts.TrustedProxies), resolveSite(opts.Sites), limitMultipart(opts.MaxUploadBytes+64<<10))

	cfg := huma.DefaultConfig("Souk API", opts.Version)
	cfg.Info.Description = "The listings platform API. The site (tenant) is chosen by the Host header. " +
		"Errors are RFC 9457 problem details with per-field errors."
	cfg.OpenAPIPath = "/api/openapi"
	// The reference page is ours (docs.go): huma's loads its viewer from a CDN.
	cfg.DocsPath = ""
	cfg.SchemasPath = "/api/schemas"
	// Responses stay plain JSON: no $schema member or Link header.
	cfg.CreateHooks = nil
	cfg.Components.SecuritySchemes = map[string]*huma.SecurityScheme{
		"bearer": {Type: "http", Scheme: "bearer", Description: "accessToken from login, or apiToken for /token"},
	}
	s := &Server{opts: opts, router: r, api: humachi.New(r, cfg), limits: newLimiters(opts.Limits, opts.SharedLimits, opts.SharedBackoff, opts.Logger)}

	s.registerDocs(cfg.Info.Title+" Reference", cfg.OpenAPIPath+".json")
	r.Get("/healthz", s.healthz)
	r.Get("/readyz", s.readyz)
	s.registerSite()
	if opts.Contact != nil {
		s.registerContact()
	}
	if opts.Accounts != nil {
		s.registerAuth()
		if opts.ContactList != nil {
			s.registerContactList()
		}
		if opts.Calls != nil && len(opts.MediaKeys) > 0 {
			s.registerCalls()
			s.registerAdminRooms()
		}
		if opts.Listings != nil && opts.Images != nil {
			s.registerListings()
		}
		if opts.Messages != nil {
			s.registerMessages()
		}
	}
	if opts.Media != nil {
		r.Get("/media/*", s.serveMedia)
		r.Head("/media/*", s.serveMedia)
	}
	// "/" is registered explicitly so that a HEAD-only route mounted there
	// later cannot turn GET / into a 405.
	r.Get("/", s.serveWeb)
	r.Head("/", s.serveWeb)
	r.NotFound(s.serveWeb)
	r.MethodNotAllowed(func(w http.ResponseWriter, r *http.Request) {
		writeProblem(w, http.StatusMethodNotAllowed, r.Method+" is not allowed on "+r.URL.Path)
	})
	return s
}

// Router is where other transports mount (signalling, realtime).
func (s *Server) Router() chi.Router { return s.router }

// API is where further operations register; they appear in the OpenAPI
// document.
func (s *Server) API() huma.API { return s.api }

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.router.ServeHTTP(w, r) }

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Write([]byte("ok\n"))
}

func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	if s.opts.Ready != nil {
		ctx, cancel := context.WithTimeout(r.Context(), 3*time.Second)
		defer cancel()
		if err := s.opts.Ready(ctx); err != nil {
			LoggerFrom(r.Context()).Warn("not ready", "err", err)
			// A domain error (such as a draining node) says why itself;
			// anything else is the store failing its write check.
			msg := "the store is not answering or cannot write"
			if platform.ErrorCode(err) != platform.EINTERNAL {
				msg = platform.ErrorMessage(err)
			}
			writeProblem(w, http.StatusServiceUnavailable, msg)
			return
		}
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Write([]byte("ready\n"))
}

// isAPIPath reports paths that must never fall back to the web app.
func isAPIPath(p string) bool {
	return p == "/api" || strings.HasPrefix(p, "/api/")
}
