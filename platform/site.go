package platform

import (
	"context"

	"souk/config"
)

type siteKey struct{}

// WithSite returns a context carrying the request's site.
func WithSite(ctx context.Context, site *config.Site) context.Context {
	return context.WithValue(ctx, siteKey{}, site)
}

// SiteFrom returns the site of the request. Every handler below the site
// middleware has one; a missing site is a wiring bug.
func SiteFrom(ctx context.Context) *config.Site {
	site, _ := ctx.Value(siteKey{}).(*config.Site)
	return site
}
