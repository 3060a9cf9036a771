package config

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"path"
	"regexp"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"souk/platform"
)

// Languages are the interface languages, in the order offered to users.
var Languages = []string{"en", "pl", "es", "fr", "it", "pt", "de", "cn", "br", "ar"}

// Scopes a navigation item may require.
const (
	ScopeInternal = platform.ScopeInternal
	ScopeAdmin    = platform.ScopeAdmin
)

//go:embed sites/*.yaml
var builtinSites embed.FS

// BuiltinSites returns the site files shipped in the binary.
func BuiltinSites() fs.FS {
	sub, err := fs.Sub(builtinSites, "sites")
	if err != nil {
		panic(err) // the embed pattern above guarantees the folder exists
	}
	return sub
}

// Site is the schema of one site file; LoadSites maps it into a
// platform.Site. Keys follow the product's site configuration.
type Site struct {
	Project                string                       `yaml:"project"`
	Hosts                  []string                     `yaml:"hosts"`
	DefaultLang            string                       `yaml:"defaultLang"`
	Languages              []string                     `yaml:"languages"`
	AdditionalTranslations map[string]map[string]string `yaml:"additionalTranslations"`
	Redirects              []Redirect                   `yaml:"redirects"`
	Navigation             []NavItem                    `yaml:"navigation"`
	Configuration          SiteSettings                 `yaml:"configuration"`
	ExtraRoutes            []Route                      `yaml:"extraRoutes"`
	Frontpage              Frontpage                    `yaml:"frontpage"`
	Calls                  SiteCalls                    `yaml:"calls"`
	// ContactEmail receives the site's contact form. Never sent to clients.
	ContactEmail string `yaml:"contactEmail"`
}

// Redirect sends one client route to another.
type Redirect struct {
	From string `yaml:"from"`
	To   string `yaml:"to"`
}

// NavItem is one entry of the site's navigation.
type NavItem struct {
	Key           string `yaml:"key"`
	Title         string `yaml:"title"`
	To            string `yaml:"to"`
	Icon          string `yaml:"icon"`
	RequiredScope string `yaml:"requiredScope"`
}

// SiteSettings is the "configuration" block of a site.
type SiteSettings struct {
	AppName                 string `yaml:"AppName"`
	AppDomain               string `yaml:"AppDomain"`
	AppTitle                string `yaml:"AppTitle"`
	DefaultLandingAdminPage string `yaml:"DefaultLandingAdminPage"`
	// GoogleClientID is used for identity-provider sign-in on the site's
	// own domains; GoogleClientIDLocal on localhost.
	GoogleClientID      string `yaml:"GoogleClientId"`
	GoogleClientIDLocal string `yaml:"GoogleClientIdLocal"`
}

// Route is a site-specific client route. It replaces a built-in route with
// the same path or is appended.
type Route struct {
	Path      string    `yaml:"path"`
	Name      string    `yaml:"name"`
	Component string    `yaml:"component"`
	Meta      RouteMeta `yaml:"meta"`
}

// RouteMeta mirrors the web app's page meta.
type RouteMeta struct {
	Layout              string `yaml:"layout"`
	Public              bool   `yaml:"public"`
	UnauthenticatedOnly bool   `yaml:"unauthenticatedOnly"`
	Action              string `yaml:"action"`
	Subject             string `yaml:"subject"`
}

// Frontpage holds per-site switches of the front page.
type Frontpage struct {
	Meetup       bool   `yaml:"meetup"`
	PrimaryColor string `yaml:"primaryColor"`
}

// SiteCalls holds per-site choices about video calls.
type SiteCalls struct {
	// E2EEUnsupported decides what happens when a browser cannot encrypt
	// a call end to end: "allow" (the default) lets the call go on
	// unencrypted, with a visible mark; "refuse" does not start it.
	E2EEUnsupported string `yaml:"e2ee_unsupported"`
}

// SiteSet resolves host names to sites.
type SiteSet struct {
	byHost      map[string]*platform.Site
	byProject   map[string]*platform.Site
	defaultSite *platform.Site
	strict      bool
	order       []*platform.Site
}

// ErrUnknownHost is returned in production mode for a host no site claims.
var ErrUnknownHost = errors.New("no site is configured for this host name")

// LoadSites reads every *.yaml file of fsys, validates each site and the set
// as a whole, and returns the resolver. defaultProject names the site for
// local hosts; strict (production) refuses unknown hosts.
func LoadSites(fsys fs.FS, defaultProject string, strict bool) (*SiteSet, error) {
	files, err := fs.Glob(fsys, "*.yaml")
	if err != nil {
		return nil, fmt.Errorf("list site files: %w", err)
	}
	if len(files) == 0 {
		return nil, errors.New("no site files (*.yaml) found")
	}
	sort.Strings(files)
	set := &SiteSet{byHost: map[string]*platform.Site{}, byProject: map[string]*platform.Site{}, strict: strict}
	var errs []error
	for _, name := range files {
		site, err := readSite(fsys, name)
		if err != nil {
			errs = append(errs, fmt.Errorf("site file %s: %w", name, err))
			continue
		}
		if other, dup := set.byProject[site.Project]; dup {
			errs = append(errs, fmt.Errorf("site file %s: project %q is already defined by another file (%s)", name, site.Project, other.Project))
			continue
		}
		for _, h := range site.Hosts {
			if other, dup := set.byHost[h]; dup {
				errs = append(errs, fmt.Errorf("site file %s: host %q is already claimed by site %q", name, h, other.Project))
				continue
			}
			set.byHost[h] = site
		}
		set.byProject[site.Project] = site
		set.order = append(set.order, site)
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	def, ok := set.byProject[defaultProject]
	if !ok {
		return nil, fmt.Errorf("sites.default: no site has project %q", defaultProject)
	}
	set.defaultSite = def
	return set, nil
}

func readSite(fsys fs.FS, name string) (*platform.Site, error) {
	raw, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, err
	}
	site := &Site{}
	if err := decodeStrict(raw, site); err != nil {
		return nil, err
	}
	site.normalize()
	if err := site.Validate(); err != nil {
		return nil, err
	}
	return site.domain(), nil
}

// domain maps the file's schema into the platform's site.
func (s *Site) domain() *platform.Site {
	d := &platform.Site{
		Project: s.Project, Hosts: s.Hosts, DefaultLang: s.DefaultLang, Languages: s.Languages,
		AdditionalTranslations: s.AdditionalTranslations,
		Redirects:              make([]platform.Redirect, len(s.Redirects)),
		Navigation:             make([]platform.NavItem, len(s.Navigation)),
		Settings: platform.SiteSettings{
			AppName: s.Configuration.AppName, AppDomain: s.Configuration.AppDomain, AppTitle: s.Configuration.AppTitle,
			DefaultLandingAdminPage: s.Configuration.DefaultLandingAdminPage,
			GoogleClientID:          s.Configuration.GoogleClientID, GoogleClientIDLocal: s.Configuration.GoogleClientIDLocal,
		},
		ExtraRoutes:  make([]platform.Route, len(s.ExtraRoutes)),
		Frontpage:    platform.Frontpage{Meetup: s.Frontpage.Meetup, PrimaryColor: s.Frontpage.PrimaryColor},
		Calls:        platform.SiteCalls{E2EEUnsupported: platform.E2EEPolicy(s.Calls.E2EEUnsupported)},
		ContactEmail: s.ContactEmail,
	}
	for i, r := range s.Redirects {
		d.Redirects[i] = platform.Redirect{From: r.From, To: r.To}
	}
	for i, n := range s.Navigation {
		d.Navigation[i] = platform.NavItem{Key: n.Key, Title: n.Title, To: n.To, Icon: n.Icon, RequiredScope: n.RequiredScope}
	}
	for i, r := range s.ExtraRoutes {
		m := r.Meta
		d.ExtraRoutes[i] = platform.Route{Path: r.Path, Name: r.Name, Component: r.Component, Meta: platform.RouteMeta{
			Layout: m.Layout, Public: m.Public, UnauthenticatedOnly: m.UnauthenticatedOnly, Action: m.Action, Subject: m.Subject}}
	}
	return d
}

func decodeStrict(raw []byte, out any) error {
	dec := yaml.NewDecoder(strings.NewReader(string(raw)))
	dec.KnownFields(true)
	if err := dec.Decode(out); err != nil {
		return fmt.Errorf("%s", explainYAMLError(err))
	}
	return nil
}

func (s *Site) normalize() {
	for i, h := range s.Hosts {
		s.Hosts[i] = normalizeHost(h)
	}
	if len(s.Languages) == 0 {
		s.Languages = append([]string(nil), Languages...)
	}
	// Clients get empty lists, never null.
	if s.Redirects == nil {
		s.Redirects = []Redirect{}
	}
	if s.Navigation == nil {
		s.Navigation = []NavItem{}
	}
	if s.ExtraRoutes == nil {
		s.ExtraRoutes = []Route{}
	}
	if s.AdditionalTranslations == nil {
		s.AdditionalTranslations = map[string]map[string]string{}
	}
	if s.Calls.E2EEUnsupported == "" {
		s.Calls.E2EEUnsupported = string(platform.E2EEAllow)
	}
}

var (
	projectPattern = regexp.MustCompile(`^[a-z][a-z0-9-]{1,40}$`)
	// A client route: absolute, segments of letters, digits, -, _, . or a
	// :param, optionally ending in a catch-all "*".
	routePattern     = regexp.MustCompile(`^/$|^(/(:[A-Za-z][A-Za-z0-9_]*|[A-Za-z0-9._~-]+))+(/\*)?$`)
	componentPattern = regexp.MustCompile(`^[a-z0-9\[\]._-]+(/[a-z0-9\[\]._-]+)*$`)
	hostPattern      = regexp.MustCompile(`^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$`)
)

// Validate checks one site on its own. Errors name the field.
func (s *Site) Validate() error {
	var errs []error
	bad := func(key, msg string) { errs = append(errs, fmt.Errorf("%s: %s", key, msg)) }
	if !projectPattern.MatchString(s.Project) {
		bad("project", fmt.Sprintf("%q must be lower-case letters, digits and dashes", s.Project))
	}
	if len(s.Hosts) == 0 {
		bad("hosts", "at least one host name is required")
	}
	for _, h := range s.Hosts {
		if !hostPattern.MatchString(h) {
			bad("hosts", fmt.Sprintf("%q is not a host name", h))
		}
	}
	if !knownLanguage(s.DefaultLang) {
		bad("defaultLang", fmt.Sprintf("unknown language %q (known: %s)", s.DefaultLang, strings.Join(Languages, ", ")))
	}
	for _, l := range s.Languages {
		if !knownLanguage(l) {
			bad("languages", fmt.Sprintf("unknown language %q", l))
		}
	}
	for lang := range s.AdditionalTranslations {
		if !knownLanguage(lang) {
			bad("additionalTranslations", fmt.Sprintf("unknown language %q", lang))
		}
	}
	for i, r := range s.Redirects {
		key := fmt.Sprintf("redirects[%d]", i)
		if !routePattern.MatchString(r.From) {
			bad(key+".from", fmt.Sprintf("%q is not a route path", r.From))
		}
		if !routePattern.MatchString(stripQuery(r.To)) {
			bad(key+".to", fmt.Sprintf("%q is not a route path", r.To))
		}
		if r.From == stripQuery(r.To) {
			bad(key, fmt.Sprintf("%q redirects to itself", r.From))
		}
	}
	for i, n := range s.Navigation {
		key := fmt.Sprintf("navigation[%d]", i)
		if n.Key == "" || n.Title == "" {
			bad(key, "key and title are required")
		}
		if !routePattern.MatchString(stripQuery(n.To)) {
			bad(key+".to", fmt.Sprintf("%q is not a route path", n.To))
		}
		switch n.RequiredScope {
		case "", ScopeInternal, ScopeAdmin:
		default:
			bad(key+".requiredScope", fmt.Sprintf("%q is not one of internal, admin2 or empty", n.RequiredScope))
		}
	}
	c := s.Configuration
	if c.AppName == "" || c.AppTitle == "" || c.AppDomain == "" {
		bad("configuration", "AppName, AppDomain and AppTitle are required")
	}
	if !routePattern.MatchString(c.DefaultLandingAdminPage) {
		bad("configuration.DefaultLandingAdminPage", fmt.Sprintf("%q is not a route path", c.DefaultLandingAdminPage))
	}
	for i, r := range s.ExtraRoutes {
		key := fmt.Sprintf("extraRoutes[%d]", i)
		if !routePattern.MatchString(r.Path) {
			bad(key+".path", fmt.Sprintf("%q is not a route path", r.Path))
		}
		if r.Name == "" {
			bad(key+".name", "is required")
		}
		if !componentPattern.MatchString(r.Component) || path.Clean(r.Component) != r.Component || strings.Contains(r.Component, "..") {
			bad(key+".component", fmt.Sprintf("%q is not a page file path like frontpage/index", r.Component))
		}
		switch r.Meta.Layout {
		case "", "blank", "default", "fixed-height":
		default:
			bad(key+".meta.layout", fmt.Sprintf("%q is not one of blank, default, fixed-height", r.Meta.Layout))
		}
	}
	switch platform.E2EEPolicy(s.Calls.E2EEUnsupported) {
	case platform.E2EEAllow, platform.E2EERefuse:
	default:
		bad("calls.e2ee_unsupported", fmt.Sprintf("%q is not one of allow, refuse", s.Calls.E2EEUnsupported))
	}
	if s.ContactEmail != "" && !strings.Contains(s.ContactEmail, "@") {
		bad("contactEmail", fmt.Sprintf("%q is not an e-mail address", s.ContactEmail))
	}
	return errors.Join(errs...)
}

func stripQuery(p string) string {
	if i := strings.IndexByte(p, '?'); i >= 0 {
		return p[:i]
	}
	return p
}

func knownLanguage(l string) bool {
	for _, k := range Languages {
		if k == l {
			return true
		}
	}
	return false
}

// normalizeHost lower-cases, drops the port, a trailing dot and "www.".
func normalizeHost(h string) string {
	h = strings.ToLower(strings.TrimSpace(h))
	if host, _, err := net.SplitHostPort(h); err == nil {
		h = host
	}
	h = strings.TrimSuffix(strings.Trim(h, "[]"), ".")
	return strings.TrimPrefix(h, "www.")
}

func isLocalHost(h string) bool {
	if h == "localhost" || h == "" {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}

// Resolve returns the site for a request's Host header.
func (s *SiteSet) Resolve(host string) (*platform.Site, error) {
	h := normalizeHost(host)
	if site, ok := s.byHost[h]; ok {
		return site, nil
	}
	if isLocalHost(h) || !s.strict {
		return s.defaultSite, nil
	}
	return nil, fmt.Errorf("%w: %q", ErrUnknownHost, h)
}

// Default returns the site served on local hosts.
func (s *SiteSet) Default() *platform.Site { return s.defaultSite }

// ByProject finds a site by its project name.
func (s *SiteSet) ByProject(project string) (*platform.Site, bool) {
	site, ok := s.byProject[project]
	return site, ok
}

// All returns every site in file order.
func (s *SiteSet) All() []*platform.Site { return append([]*platform.Site(nil), s.order...) }
