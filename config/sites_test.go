package config

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"souk/platform"
)

func TestBuiltinSitesLoad(t *testing.T) {
	set, err := LoadSites(BuiltinSites(), "desks", true)
	if err != nil {
		t.Fatalf("shipped sites invalid: %v", err)
	}
	if n := len(set.All()); n < 12 {
		t.Errorf("only %d sites shipped", n)
	}
	polish := 0
	for _, s := range set.All() {
		if s.DefaultLang == "pl" {
			polish++
		}
		if s.AdditionalTranslations[s.DefaultLang]["site.hero.title"] == "" {
			t.Errorf("site %s has no hero wording in its default language", s.Project)
		}
	}
	if polish < 2 {
		t.Errorf("%d sites default to pl, want several", polish)
	}
}

func TestResolve(t *testing.T) {
	dev, err := LoadSites(BuiltinSites(), "desks", false)
	if err != nil {
		t.Fatal(err)
	}
	prod, err := LoadSites(BuiltinSites(), "desks", true)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		host    string
		set     *SiteSet
		want    string
		wantErr bool
	}{
		{"localhost:7880", prod, "desks", false},
		{"127.0.0.1:7880", prod, "desks", false},
		{"[::1]:7880", prod, "desks", false},
		{"tutoring.localhost:7880", prod, "tutoring", false},
		{"WWW.Tutors.Souk.Example.", prod, "tutoring", false},
		{"dogwalk.localhost", dev, "dogwalk", false},
		{"unknown.example.org", dev, "desks", false},
		{"unknown.example.org", prod, "", true},
	}
	for _, tc := range cases {
		site, err := tc.set.Resolve(tc.host)
		if tc.wantErr {
			if !errors.Is(err, ErrUnknownHost) {
				t.Errorf("%s: err = %v, want ErrUnknownHost", tc.host, err)
			}
			continue
		}
		if err != nil || site.Project != tc.want {
			t.Errorf("%s: got %v, %v; want %s", tc.host, site, err, tc.want)
		}
	}
}

const goodSite = `project: alpha
hosts: [alpha.example]
defaultLang: en
configuration: {AppName: Alpha, AppDomain: alpha.example, AppTitle: Alpha, DefaultLandingAdminPage: /dashboards/crm}
`

func TestSiteValidation(t *testing.T) {
	cases := []struct {
		name    string
		files   map[string]string
		wantErr string
	}{
		{"duplicate host", map[string]string{
			"a.yaml": goodSite,
			"b.yaml": strings.Replace(goodSite, "project: alpha", "project: beta", 1),
		}, `host "alpha.example" is already claimed by site "alpha"`},
		{"duplicate project", map[string]string{
			"a.yaml": goodSite,
			"b.yaml": strings.Replace(goodSite, "alpha.example]", "beta.example]", 1),
		}, `project "alpha" is already defined`},
		{"unknown language", map[string]string{"a.yaml": strings.Replace(goodSite, "defaultLang: en", "defaultLang: xx", 1)}, `defaultLang: unknown language "xx"`},
		{"unknown translation language", map[string]string{"a.yaml": goodSite + "additionalTranslations: {klingon: {a: b}}\n"}, `unknown language "klingon"`},
		{"malformed route", map[string]string{"a.yaml": goodSite + "extraRoutes: [{path: 'no-slash', name: x, component: frontpage/index}]\n"}, `extraRoutes[0].path`},
		{"malformed component", map[string]string{"a.yaml": goodSite + "extraRoutes: [{path: /x, name: x, component: ../etc/passwd}]\n"}, `extraRoutes[0].component`},
		{"malformed redirect", map[string]string{"a.yaml": goodSite + "redirects: [{from: /a, to: 'http://evil'}]\n"}, `redirects[0].to`},
		{"self redirect", map[string]string{"a.yaml": goodSite + "redirects: [{from: /a, to: /a}]\n"}, `redirects to itself`},
		{"bad scope", map[string]string{"a.yaml": goodSite + "navigation: [{key: Home, title: Home, to: /frontpage, requiredScope: root}]\n"}, `navigation[0].requiredScope`},
		{"bad landing page", map[string]string{"a.yaml": strings.Replace(goodSite, "/dashboards/crm", "dashboards", 1)}, `DefaultLandingAdminPage`},
		{"unknown encryption policy", map[string]string{"a.yaml": goodSite + "calls: {e2ee_unsupported: maybe}\n"}, `calls.e2ee_unsupported: "maybe" is not one of allow, refuse`},
		{"unknown key", map[string]string{"a.yaml": goodSite + "colour: red\n"}, `colour`},
		{"missing default", map[string]string{"a.yaml": strings.Replace(goodSite, "project: alpha", "project: gamma", 1)}, `sites.default: no site has project "alpha"`},
		{"no files", map[string]string{}, `no site files`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			for name, body := range tc.files {
				fsys[name] = &fstest.MapFile{Data: []byte(body)}
			}
			_, err := LoadSites(fsys, "alpha", true)
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("error = %v, want one containing %q", err, tc.wantErr)
			}
		})
	}
}

func TestSiteCallsPolicy(t *testing.T) {
	cases := []struct {
		name, extra string
		want        platform.E2EEPolicy
	}{
		{"default", "", platform.E2EEAllow},
		{"allow", "calls: {e2ee_unsupported: allow}\n", platform.E2EEAllow},
		{"refuse", "calls: {e2ee_unsupported: refuse}\n", platform.E2EERefuse},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			set, err := LoadSites(fstest.MapFS{"a.yaml": &fstest.MapFile{Data: []byte(goodSite + tc.extra)}}, "alpha", true)
			if err != nil {
				t.Fatal(err)
			}
			site, err := set.Resolve("alpha.example")
			if err != nil {
				t.Fatal(err)
			}
			if site.Calls.E2EEUnsupported != tc.want {
				t.Errorf("e2ee_unsupported = %q, want %q", site.Calls.E2EEUnsupported, tc.want)
			}
		})
	}
}
