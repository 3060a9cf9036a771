package httpapi_test

import (
	"bytes"
	"encoding/json"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"souk/config"
	"souk/platform"
	"souk/platform/blob"
	"souk/platform/fetch"
	"souk/platform/gallery"
	"souk/platform/httpapi"
	"souk/platform/store"
)

const (
	desks    = "desks.localhost"
	tutoring = "tutoring.localhost"
	testKey  = "testkey"
	// testSecret signs media tokens in tests.
	testSecret = "a-test-secret-that-is-long-enough-for-hs256"
)

// platformServer is a server with every platform service on db.
type platformServer struct {
	*httptest.Server
	db       *store.DB
	accounts *store.AccountService
	opts     httpapi.Options
}

type serverOption func(*httpapi.Options)

func newPlatformServer(t *testing.T, db *store.DB, options ...serverOption) *platformServer {
	t.Helper()
	sites, err := config.LoadSites(config.BuiltinSites(), "desks", true)
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	accounts := store.NewAccountService(db, store.AccountOptions{SessionTTL: time.Hour, ResetTTL: time.Hour})
	listings := store.NewListingService(db)
	blobs, err := blob.NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	opts := httpapi.Options{
		Sites: sites, Logger: log, Version: "test", Ready: db.PingContext,
		Contact: store.NewContactService(db), ContactList: store.NewContactService(db),
		Accounts: accounts,
		Calls:    store.NewCallService(db), MediaKeys: map[string]string{testKey: testSecret}, MediaTokenTTL: 10 * time.Minute,
		Listings: listings,
		Images: &gallery.Service{Listings: listings, Blobs: blobs, NewID: store.NewID, MaxBytes: 256 << 10, MaxImages: 3, Log: log,
			Fetcher: fetch.New(fetch.Options{Timeout: 5 * time.Second, MaxBytes: 256 << 10})},
		Media:          blobs,
		MaxUploadBytes: 256 << 10,
		Messages:       store.NewMessageService(db),
	}
	for _, o := range options {
		o(&opts)
	}
	srv := httptest.NewServer(httpapi.NewServer(opts))
	t.Cleanup(srv.Close)
	return &platformServer{Server: srv, db: db, accounts: accounts, opts: opts}
}

// call sends a JSON request (body may be nil, a string or a value) and
// decodes a JSON answer into out when out is not nil.
func (s *platformServer) call(t *testing.T, host, token, method, path string, body any, out any) (int, string) {
	t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		raw, _ := json.Marshal(b)
		rd = bytes.NewReader(raw)
	}
	req, _ := http.NewRequest(method, s.URL+path, rd)
	req.Host = host
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return s.do(t, req, out)
}

func (s *platformServer) do(t *testing.T, req *http.Request, out any) (int, string) {
	t.Helper()
	resp, err := s.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if out != nil && resp.StatusCode < 300 {
		if err := json.Unmarshal(raw, out); err != nil {
			t.Fatalf("%s %s: decode %q: %v", req.Method, req.URL.Path, raw, err)
		}
	}
	return resp.StatusCode, string(raw)
}

type session struct {
	UserID           string                 `json:"userId"`
	AccessToken      string                 `json:"accessToken"`
	APIToken         string                 `json:"apiToken"`
	ExpiresAt        time.Time              `json:"expiresAt"`
	Roles            []string               `json:"roles"`
	Scopes           []string               `json:"scopes"`
	UserAbilityRules []platform.AbilityRule `json:"userAbilityRules"`
	User             struct {
		ID, Email, DisplayName string
	} `json:"user"`
}

func (s *platformServer) register(t *testing.T, host, email string) session {
	t.Helper()
	code, body := s.call(t, host, "", "POST", "/api/auth/register",
		map[string]string{"email": email, "password": "oak desk 42", "displayName": strings.Split(email, "@")[0]}, nil)
	if code != http.StatusAccepted {
		t.Fatalf("register %s on %s: %d %s", email, host, code, body)
	}
	var sess session
	code, body = s.call(t, host, "", "POST", "/api/auth/login", map[string]string{"email": email, "password": "oak desk 42"}, &sess)
	if code != http.StatusOK {
		t.Fatalf("sign in %s on %s: %d %s", email, host, code, body)
	}
	return sess
}

type listing struct {
	ID          string `json:"id"`
	ProductName string `json:"productName"`
	Price       struct{ Amount, Currency string }
	Images      []image `json:"images"`
	Owner       struct{ ID, DisplayName string }
}

type image struct {
	ID, URL, ThumbnailURL, ContentType string
	Width, Height                      int
}

func (s *platformServer) createListing(t *testing.T, host, token, name string) listing {
	t.Helper()
	var l listing
	code, body := s.call(t, host, token, "POST", "/api/listings", map[string]any{
		"productName": name, "description": "Solid oak, 120 x 60 cm", "price": map[string]string{"amount": "250.00", "currency": "PLN"},
		"duration": 30, "location": "Kraków"}, &l)
	if code != http.StatusCreated {
		t.Fatalf("create listing: %d %s", code, body)
	}
	return l
}

// problem decodes a problem document.
type problem struct {
	Status int    `json:"status"`
	Detail string `json:"detail"`
	Errors []struct {
		Location string `json:"location"`
		Message  string `json:"message"`
	} `json:"errors"`
}

func decodeProblem(t *testing.T, body string) problem {
	t.Helper()
	var p problem
	if err := json.Unmarshal([]byte(body), &p); err != nil {
		t.Fatalf("not a problem document: %q", body)
	}
	return p
}

func (p problem) hasField(loc string) bool {
	for _, e := range p.Errors {
		if e.Location == loc {
			return true
		}
	}
	return false
}

func sitesWithGoogle(t *testing.T) *config.SiteSet {
	t.Helper()
	fsys := fstest.MapFS{}
	builtin := config.BuiltinSites()
	for _, name := range []string{"desks.yaml", "tutoring.yaml"} {
		raw, err := fs.ReadFile(builtin, name)
		if err != nil {
			t.Fatal(err)
		}
		if name == "desks.yaml" {
			raw = []byte(strings.Replace(string(raw), "configuration:\n", "configuration:\n  GoogleClientId: desks-prod.apps.example\n  GoogleClientIdLocal: desks-local.apps.example\n", 1))
		}
		fsys[name] = &fstest.MapFile{Data: raw}
	}
	sites, err := config.LoadSites(fsys, "desks", true)
	if err != nil {
		t.Fatal(err)
	}
	return sites
}

func must(t *testing.T, code int, body string, want int) {
	t.Helper()
	if code != want {
		t.Fatalf("status %d, want %d: %s", code, want, body)
	}
}

func jsonUnmarshalString(s string, out any) error { return json.Unmarshal([]byte(s), out) }

func farFuture() time.Time { return time.Now().Add(24 * time.Hour) }
