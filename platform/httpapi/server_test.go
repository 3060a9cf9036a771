package httpapi_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"souk/config"
	"souk/platform"
	"souk/platform/httpapi"
	"souk/platform/store"
	"souk/platform/store/storetest"
)

func newServer(t *testing.T, strict bool, mutate func(*httpapi.Options)) *httptest.Server {
	t.Helper()
	sites, err := config.LoadSites(config.BuiltinSites(), "desks", strict)
	if err != nil {
		t.Fatal(err)
	}
	db := storetest.Open(t, "sqlite")
	opts := httpapi.Options{
		Sites:   sites,
		Logger:  slog.New(slog.NewTextHandler(io.Discard, nil)),
		Version: "test",
		Ready:   db.PingContext,
		Contact: store.NewContactService(db),
		Web: fstest.MapFS{
			"index.html":        {Data: []byte("<!doctype html><title>app</title>")},
			"assets/app-abc.js": {Data: []byte("console.log(1)")},
		},
	}
	if mutate != nil {
		mutate(&opts)
	}
	srv := httptest.NewServer(httpapi.NewServer(opts))
	t.Cleanup(srv.Close)
	return srv
}

func get(t *testing.T, srv *httptest.Server, host, path string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, srv.URL+path, nil)
	if host != "" {
		req.Host = host
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp, string(body)
}

func TestSiteByHost(t *testing.T) {
	srv := newServer(t, true, nil)
	cases := []struct{ host, project, lang string }{
		{"", "desks", "pl"},
		{"tutoring.localhost", "tutoring", "en"},
		{"bikes.localhost:7880", "bikes", "de"},
		{"crafts.souk.example", "crafts", "ar"},
	}
	for _, tc := range cases {
		resp, body := get(t, srv, tc.host, "/api/site")
		var site struct {
			Project     string `json:"project"`
			DefaultLang string `json:"defaultLang"`
			Navigation  []struct {
				Key           string `json:"key"`
				RequiredScope string `json:"requiredScope"`
			} `json:"navigation"`
			Hosts        []string `json:"hosts"`
			ContactEmail string   `json:"contactEmail"`
			Calls        struct {
				E2EEUnsupported string `json:"e2eeUnsupported"`
			} `json:"calls"`
		}
		if resp.StatusCode != 200 || json.Unmarshal([]byte(body), &site) != nil {
			t.Fatalf("%s: %d %s", tc.host, resp.StatusCode, body)
		}
		if site.Project != tc.project || site.DefaultLang != tc.lang || len(site.Navigation) == 0 || site.Calls.E2EEUnsupported != "allow" {
			t.Errorf("%s: got %+v", tc.host, site)
		}
		if site.Hosts != nil || site.ContactEmail != "" || strings.Contains(body, "contact@") {
			t.Errorf("%s: private fields leaked: %s", tc.host, body)
		}
	}
}

func TestUnknownHostInProductionIs404(t *testing.T) {
	srv := newServer(t, true, nil)
	resp, body := get(t, srv, "evil.example.org", "/api/site")
	if resp.StatusCode != 404 || !strings.Contains(body, "no site is configured") || strings.Contains(body, "desks") {
		t.Fatalf("got %d %s", resp.StatusCode, body)
	}
	if resp, _ := get(t, srv, "evil.example.org", "/healthz"); resp.StatusCode != 200 {
		t.Fatalf("healthz must not depend on the host, got %d", resp.StatusCode)
	}
	dev := newServer(t, false, nil)
	if resp, body := get(t, dev, "evil.example.org", "/api/site"); resp.StatusCode != 200 || !strings.Contains(body, `"project":"desks"`) {
		t.Fatalf("development mode: %d %s", resp.StatusCode, body)
	}
}

func TestWebFallbackAndAPINotFound(t *testing.T) {
	srv := newServer(t, true, nil)
	resp, body := get(t, srv, "", "/my-items")
	if resp.StatusCode != 200 || !strings.Contains(body, "<title>app</title>") {
		t.Fatalf("client route: %d %s", resp.StatusCode, body)
	}
	resp, body = get(t, srv, "", "/assets/app-abc.js")
	if resp.StatusCode != 200 || body != "console.log(1)" || !strings.Contains(resp.Header.Get("Cache-Control"), "immutable") {
		t.Fatalf("asset: %d %q %v", resp.StatusCode, body, resp.Header)
	}
	resp, body = get(t, srv, "", "/api/nothing-here")
	if resp.StatusCode != 404 || resp.Header.Get("Content-Type") != "application/problem+json" || !strings.Contains(body, `"status":404`) {
		t.Fatalf("unknown api: %d %s %s", resp.StatusCode, resp.Header.Get("Content-Type"), body)
	}
	if resp.Header.Get("X-Request-Id") == "" {
		t.Fatal("no request id")
	}
}

func TestContactValidationAndAcceptance(t *testing.T) {
	srv := newServer(t, true, nil)
	post := func(body string) (*http.Response, string) {
		resp, err := srv.Client().Post(srv.URL+"/api/contact", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, string(b)
	}
	resp, body := post(`{"name":"Ala","email":"ala@example.com","message":"Is the oak desk still available?"}`)
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("good contact: %d %s", resp.StatusCode, body)
	}
	resp, body = post(`{"name":"","email":"nope","message":"hi"}`)
	if resp.StatusCode != http.StatusUnprocessableEntity || resp.Header.Get("Content-Type") != "application/problem+json" {
		t.Fatalf("bad contact: %d %s", resp.StatusCode, body)
	}
	var problem struct {
		Errors []struct{ Location, Message string } `json:"errors"`
	}
	json.Unmarshal([]byte(body), &problem)
	seen := map[string]bool{}
	for _, e := range problem.Errors {
		seen[e.Location] = true
	}
	for _, f := range []string{"body.name", "body.email", "body.message"} {
		if !seen[f] {
			t.Errorf("no field error for %s in %s", f, body)
		}
	}
	resp, body = post(`{"name":`)
	if resp.StatusCode/100 != 4 || !strings.Contains(body, `"status"`) {
		t.Fatalf("malformed JSON: %d %s", resp.StatusCode, body)
	}
}

func TestPanicBecomesProblem(t *testing.T) {
	srv := newServer(t, true, func(o *httpapi.Options) {
		o.Ready = func(context.Context) error { panic("boom") }
	})
	resp, body := get(t, srv, "", "/readyz")
	if resp.StatusCode != 500 || !strings.Contains(body, "internal error") || strings.Contains(body, "boom") {
		t.Fatalf("got %d %s", resp.StatusCode, body)
	}
}

func TestReadyz(t *testing.T) {
	srv := newServer(t, true, nil)
	if resp, _ := get(t, srv, "", "/readyz"); resp.StatusCode != 200 {
		t.Fatalf("ready store: %d", resp.StatusCode)
	}
	down := newServer(t, true, func(o *httpapi.Options) {
		o.Ready = func(context.Context) error { return errors.New("connection refused") }
	})
	if resp, body := get(t, down, "", "/readyz"); resp.StatusCode != 503 || strings.Contains(body, "refused") || !strings.Contains(body, "store") {
		t.Fatalf("down store: %d %s", resp.StatusCode, body)
	}
	// A domain error says why itself (a draining node), without blaming the store.
	draining := newServer(t, true, func(o *httpapi.Options) {
		o.Ready = func(context.Context) error { return platform.Errorf(platform.EUNAVAILABLE, "this node is draining") }
	})
	if resp, body := get(t, draining, "", "/readyz"); resp.StatusCode != 503 || !strings.Contains(body, "this node is draining") || strings.Contains(body, "store") {
		t.Fatalf("draining node: %d %s", resp.StatusCode, body)
	}
}

func TestOpenAPIDocumentsRoutes(t *testing.T) {
	srv := newServer(t, true, nil)
	resp, body := get(t, srv, "", "/api/openapi.json")
	if resp.StatusCode != 200 {
		t.Fatalf("%d", resp.StatusCode)
	}
	var doc struct {
		OpenAPI string                    `json:"openapi"`
		Paths   map[string]map[string]any `json:"paths"`
	}
	if err := json.Unmarshal([]byte(body), &doc); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(doc.OpenAPI, "3.1") || doc.Paths["/api/site"]["get"] == nil || doc.Paths["/api/contact"]["post"] == nil {
		t.Fatalf("openapi %s paths %v", doc.OpenAPI, doc.Paths)
	}
}
