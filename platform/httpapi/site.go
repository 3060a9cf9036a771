package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"souk/platform"
)

// siteBody is the public part of a site as the web app reads it; key names
// follow the product's site configuration.
type siteBody struct {
	Project                string                       `json:"project"`
	DefaultLang            string                       `json:"defaultLang"`
	Languages              []string                     `json:"languages"`
	AdditionalTranslations map[string]map[string]string `json:"additionalTranslations"`
	Redirects              []redirectBody               `json:"redirects"`
	Navigation             []navItemBody                `json:"navigation"`
	Configuration          siteSettingsBody             `json:"configuration"`
	ExtraRoutes            []routeBody                  `json:"extraRoutes"`
	Frontpage              frontpageBody                `json:"frontpage"`
	Calls                  callsSettingsBody            `json:"calls"`
}

// callsSettingsBody tells the web app what to do with calls.
type callsSettingsBody struct {
	// E2EEUnsupported: when the browser cannot encrypt a call end to end,
	// "allow" goes on unencrypted (marked), "refuse" does not start it.
	E2EEUnsupported string `json:"e2eeUnsupported" enum:"allow,refuse"`
}

type redirectBody struct {
	From string `json:"from"`
	To   string `json:"to"`
}

type navItemBody struct {
	Key           string `json:"key"`
	Title         string `json:"title"`
	To            string `json:"to"`
	Icon          string `json:"icon,omitempty"`
	RequiredScope string `json:"requiredScope"`
}

type siteSettingsBody struct {
	AppName                 string `json:"AppName"`
	AppDomain               string `json:"AppDomain"`
	AppTitle                string `json:"AppTitle"`
	DefaultLandingAdminPage string `json:"DefaultLandingAdminPage"`
	GoogleClientID          string `json:"GoogleClientId,omitempty"`
	GoogleClientIDLocal     string `json:"GoogleClientIdLocal,omitempty"`
}

type routeBody struct {
	Path      string        `json:"path"`
	Name      string        `json:"name"`
	Component string        `json:"component"`
	Meta      routeMetaBody `json:"meta"`
}

type routeMetaBody struct {
	Layout              string `json:"layout,omitempty"`
	Public              bool   `json:"public,omitempty"`
	UnauthenticatedOnly bool   `json:"unauthenticatedOnly,omitempty"`
	Action              string `json:"action,omitempty"`
	Subject             string `json:"subject,omitempty"`
}

type frontpageBody struct {
	Meetup       bool   `json:"meetup"`
	PrimaryColor string `json:"primaryColor,omitempty"`
}

func newSiteBody(s *platform.Site) *siteBody {
	c := s.Settings
	b := &siteBody{
		Project: s.Project, DefaultLang: s.DefaultLang, Languages: s.Languages,
		AdditionalTranslations: s.AdditionalTranslations,
		Redirects:              make([]redirectBody, len(s.Redirects)),
		Navigation:             make([]navItemBody, len(s.Navigation)),
		Configuration: siteSettingsBody{AppName: c.AppName, AppDomain: c.AppDomain, AppTitle: c.AppTitle,
			DefaultLandingAdminPage: c.DefaultLandingAdminPage, GoogleClientID: c.GoogleClientID, GoogleClientIDLocal: c.GoogleClientIDLocal},
		ExtraRoutes: make([]routeBody, len(s.ExtraRoutes)),
		Frontpage:   frontpageBody{Meetup: s.Frontpage.Meetup, PrimaryColor: s.Frontpage.PrimaryColor},
		Calls:       callsSettingsBody{E2EEUnsupported: string(s.Calls.E2EEUnsupported)},
	}
	if b.Calls.E2EEUnsupported == "" {
		b.Calls.E2EEUnsupported = string(platform.E2EEAllow)
	}
	if b.Languages == nil {
		b.Languages = []string{}
	}
	if b.AdditionalTranslations == nil {
		b.AdditionalTranslations = map[string]map[string]string{}
	}
	for i, r := range s.Redirects {
		b.Redirects[i] = redirectBody{From: r.From, To: r.To}
	}
	for i, n := range s.Navigation {
		b.Navigation[i] = navItemBody{Key: n.Key, Title: n.Title, To: n.To, Icon: n.Icon, RequiredScope: n.RequiredScope}
	}
	for i, r := range s.ExtraRoutes {
		m := r.Meta
		b.ExtraRoutes[i] = routeBody{Path: r.Path, Name: r.Name, Component: r.Component, Meta: routeMetaBody{
			Layout: m.Layout, Public: m.Public, UnauthenticatedOnly: m.UnauthenticatedOnly, Action: m.Action, Subject: m.Subject}}
	}
	return b
}

type siteOutput struct {
	CacheControl string `header:"Cache-Control"`
	Body         *siteBody
}

func (s *Server) registerSite() {
	huma.Register(s.api, huma.Operation{
		OperationID: "get-site",
		Method:      http.MethodGet,
		Path:        "/api/site",
		Summary:     "Public configuration of the request's site",
		Description: "The site is chosen by the Host header: navigation, wording, default language, redirects and extra routes.",
		Tags:        []string{"Site"},
	}, s.getSite)
}

func (s *Server) getSite(ctx context.Context, _ *struct{}) (*siteOutput, error) {
	return &siteOutput{CacheControl: "no-cache", Body: newSiteBody(platform.SiteFrom(ctx))}, nil
}
