package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"souk/config"
	"souk/platform"
)

type siteOutput struct {
	CacheControl string `header:"Cache-Control"`
	Body         *config.Site
}

func (s *Server) registerSite() {
	huma.Register(s.api, huma.Operation{
		OperationID: "get-site",
		Method:      http.MethodGet,
		Path:        "/api/site",
		Summary:     "Public configuration of the request's site",
		Description: "The site is chosen by the Host header: navigation, wording, default language, redirects and extra routes.",
		Tags:        []string{"Site"},
	}, func(ctx context.Context, _ *struct{}) (*siteOutput, error) {
		return &siteOutput{CacheControl: "no-cache", Body: platform.SiteFrom(ctx)}, nil
	})
}
