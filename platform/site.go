package platform

import "context"

// Scopes carried by a session and required by navigation items.
const (
	ScopeInternal = "internal" // every signed-in user
	ScopeAdmin    = "admin2"   // administrators
)

// Site is one tenant: what a host name shows. The config package reads it
// from the site files; the HTTP layer decides what clients see of it.
type Site struct {
	Project                string
	Hosts                  []string
	DefaultLang            string
	Languages              []string
	AdditionalTranslations map[string]map[string]string
	Redirects              []Redirect
	Navigation             []NavItem
	Settings               SiteSettings
	ExtraRoutes            []Route
	Frontpage              Frontpage
	Calls                  SiteCalls
	// ContactEmail receives the site's contact form; never sent to clients.
	ContactEmail string
}

// Redirect sends one client route to another.
type Redirect struct{ From, To string }

// NavItem is one entry of the site's navigation.
type NavItem struct {
	Key, Title, To, Icon string
	RequiredScope        string
}

// SiteSettings are the site's names, domain and identity-provider ids.
type SiteSettings struct {
	AppName                 string
	AppDomain               string
	AppTitle                string
	DefaultLandingAdminPage string
	// GoogleClientID is used for identity-provider sign-in on the site's
	// own domains; GoogleClientIDLocal on localhost.
	GoogleClientID      string
	GoogleClientIDLocal string
}

// Route is a site-specific client route. It replaces a built-in route with
// the same path or is appended.
type Route struct {
	Path, Name, Component string
	Meta                  RouteMeta
}

// RouteMeta mirrors the web app's page meta.
type RouteMeta struct {
	Layout              string
	Public              bool
	UnauthenticatedOnly bool
	Action, Subject     string
}

// Frontpage holds per-site switches of the front page.
type Frontpage struct {
	Meetup       bool
	PrimaryColor string
}

// E2EEPolicy is what a site does with a call from a browser that cannot
// encrypt it end to end.
type E2EEPolicy string

const (
	// E2EEAllow lets the call go on unencrypted, marked as such.
	E2EEAllow E2EEPolicy = "allow"
	// E2EERefuse does not start the call.
	E2EERefuse E2EEPolicy = "refuse"
)

// SiteCalls holds per-site choices about video calls.
type SiteCalls struct {
	E2EEUnsupported E2EEPolicy
}

type siteKey struct{}

// WithSite returns a context carrying the request's site.
func WithSite(ctx context.Context, site *Site) context.Context {
	return context.WithValue(ctx, siteKey{}, site)
}

// SiteFrom returns the site of the request. Every handler below the site
// middleware has one; a missing site is a wiring bug.
func SiteFrom(ctx context.Context) *Site {
	site, _ := ctx.Value(siteKey{}).(*Site)
	return site
}
