package httpapi

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"souk/config"
)

func TestNegotiateEncoding(t *testing.T) {
	both := []string{"br", "gzip"}
	tests := []struct {
		name    string
		header  []string
		offered []string
		want    string
	}{
		{"no header", nil, both, ""},
		{"browser default", []string{"gzip, deflate, br, zstd"}, both, "br"},
		{"gzip only", []string{"gzip"}, both, "gzip"},
		{"x-gzip alias", []string{"x-gzip"}, both, "gzip"},
		{"case and spaces", []string{" GZip ; Q=1 "}, both, "gzip"},
		{"higher weight wins over server order", []string{"br;q=0.4, gzip;q=0.5"}, both, "gzip"},
		{"equal weight keeps server order", []string{"gzip;q=0.7, br;q=0.7"}, both, "br"},
		{"refused coding", []string{"br;q=0, gzip"}, both, "gzip"},
		{"all refused", []string{"br;q=0, gzip;q=0"}, both, ""},
		{"wildcard", []string{"*"}, both, "br"},
		{"wildcard refused", []string{"*;q=0"}, both, ""},
		{"wildcard with named refusal", []string{"br;q=0, *;q=0.5"}, both, "gzip"},
		{"identity preferred", []string{"br;q=0.5, identity"}, both, ""},
		{"identity lower", []string{"br, identity;q=0.5"}, both, "br"},
		{"only a missing copy accepted", []string{"br"}, []string{"gzip"}, ""},
		{"several header lines", []string{"deflate", "gzip;q=0.8"}, both, "gzip"},
		{"malformed weight ignored", []string{"br;q=abc, gzip"}, both, "gzip"},
		{"weight out of range ignored", []string{"br;q=2, gzip;q=0.1"}, both, "gzip"},
		{"empty elements", []string{",,gzip,,"}, both, "gzip"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := negotiateEncoding(tt.header, tt.offered); got != tt.want {
				t.Fatalf("negotiateEncoding(%q, %q) = %q, want %q", tt.header, tt.offered, got, tt.want)
			}
		})
	}
}

func gzipped(t *testing.T, b []byte) []byte {
	t.Helper()
	var out bytes.Buffer
	zw := gzip.NewWriter(&out)
	zw.Write(b)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// webServer serves web with the built-in sites (or sites) and nothing else.
func webServer(t *testing.T, web fs.FS, sites *config.SiteSet) *httptest.Server {
	t.Helper()
	if sites == nil {
		var err error
		if sites, err = config.LoadSites(config.BuiltinSites(), "desks", true); err != nil {
			t.Fatal(err)
		}
	}
	srv := httptest.NewServer(NewServer(Options{Sites: sites, Web: web, Version: "test",
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}))
	t.Cleanup(srv.Close)
	return srv
}

// fetchRaw sends a request without the client's own gzip handling, so
// the response arrives as the server encoded it.
func fetchRaw(t *testing.T, srv *httptest.Server, method, host, path, acceptEncoding string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if host != "" {
		req.Host = host
	}
	if acceptEncoding != "" {
		req.Header.Set("Accept-Encoding", acceptEncoding)
	}
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}

func TestServeAssetByAcceptEncoding(t *testing.T) {
	js := []byte(strings.Repeat("export const answer = 42;\n", 100))
	brotli := []byte("stands for the brotli copy the build writes")
	web := fstest.MapFS{
		"index.html":              {Data: []byte("<!doctype html><html><head></head><body></body></html>")},
		"assets/index-abc.js":     {Data: js},
		"assets/index-abc.js.br":  {Data: brotli},
		"assets/index-abc.js.gz":  {Data: gzipped(t, js)},
		"assets/only-gzip.css":    {Data: []byte("body{margin:0}")},
		"assets/only-gzip.css.gz": {Data: gzipped(t, []byte("body{margin:0}"))},
		"assets/logo.png":         {Data: []byte("\x89PNG")},
		"favicon.svg":             {Data: []byte("<svg/>")},
	}
	srv := webServer(t, web, nil)

	tests := []struct {
		name, method, path, accept string
		wantEncoding, wantType     string
		wantBody                   []byte
		wantVary                   bool
	}{
		{"brotli preferred", "GET", "/assets/index-abc.js", "gzip, deflate, br", "br", "text/javascript; charset=utf-8", brotli, true},
		{"gzip when brotli refused", "GET", "/assets/index-abc.js", "br;q=0, gzip", "gzip", "text/javascript; charset=utf-8", js, true},
		{"identity without the header", "GET", "/assets/index-abc.js", "", "", "text/javascript; charset=utf-8", js, true},
		{"identity when asked for", "GET", "/assets/index-abc.js", "identity", "", "text/javascript; charset=utf-8", js, true},
		{"gzip-only copy", "GET", "/assets/only-gzip.css", "br, gzip", "gzip", "text/css; charset=utf-8", []byte("body{margin:0}"), true},
		{"no copies", "GET", "/assets/logo.png", "br, gzip", "", "image/png", []byte("\x89PNG"), false},
		{"HEAD brotli", "HEAD", "/assets/index-abc.js", "br", "br", "text/javascript; charset=utf-8", nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := fetchRaw(t, srv, tt.method, "", tt.path, tt.accept)
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("status %d: %s", resp.StatusCode, body)
			}
			h := resp.Header
			if got := h.Get("Content-Encoding"); got != tt.wantEncoding {
				t.Fatalf("Content-Encoding %q, want %q", got, tt.wantEncoding)
			}
			if got := h.Get("Content-Type"); got != tt.wantType {
				t.Fatalf("Content-Type %q, want %q", got, tt.wantType)
			}
			if vary := strings.Contains(strings.Join(h.Values("Vary"), ","), "Accept-Encoding"); vary != tt.wantVary {
				t.Fatalf("Vary %q, want Accept-Encoding: %v", h.Values("Vary"), tt.wantVary)
			}
			if !strings.Contains(h.Get("Cache-Control"), "immutable") {
				t.Fatalf("hashed asset without long-lived caching: %q", h.Get("Cache-Control"))
			}
			if tt.method == http.MethodHead {
				if len(body) != 0 || h.Get("Content-Length") != strconv.Itoa(len(brotli)) {
					t.Fatalf("HEAD: body %d bytes, Content-Length %q", len(body), h.Get("Content-Length"))
				}
				return
			}
			if h.Get("Content-Length") != strconv.Itoa(len(body)) {
				t.Fatalf("Content-Length %q for %d bytes", h.Get("Content-Length"), len(body))
			}
			if tt.wantEncoding == "gzip" {
				zr, err := gzip.NewReader(bytes.NewReader(body))
				if err != nil {
					t.Fatal(err)
				}
				if body, err = io.ReadAll(zr); err != nil {
					t.Fatal(err)
				}
			}
			if !bytes.Equal(body, tt.wantBody) {
				t.Fatalf("body %q, want %q", body, tt.wantBody)
			}
		})
	}

	resp, _ := fetchRaw(t, srv, "GET", "", "/favicon.svg", "br")
	if cc := resp.Header.Get("Cache-Control"); cc != "no-cache" || resp.Header.Get("Content-Type") != "image/svg+xml" {
		t.Fatalf("unhashed file: Cache-Control %q, Content-Type %q", cc, resp.Header.Get("Content-Type"))
	}
}

// siteBlock returns the text of the inlined site data block.
func siteBlock(t *testing.T, page string) string {
	t.Helper()
	open := `<script type="application/json" id="` + siteDataID + `">`
	_, rest, found := strings.Cut(page, open)
	if !found {
		t.Fatalf("no site data block in %s", page)
	}
	block, _, found := strings.Cut(rest, "</script>")
	if !found {
		t.Fatalf("site data block is not closed: %s", page)
	}
	return block
}

func TestIndexInlinesTheSite(t *testing.T) {
	fsys := fstest.MapFS{}
	builtin := config.BuiltinSites()
	hostile := `</script><script>alert(1)</script><!-- & -->`
	for _, name := range []string{"desks.yaml", "tutoring.yaml"} {
		raw, err := fs.ReadFile(builtin, name)
		if err != nil {
			t.Fatal(err)
		}
		if name == "tutoring.yaml" {
			raw = []byte(strings.Replace(string(raw), `AppTitle: "TutorSouk"`, "AppTitle: '"+hostile+"'", 1))
		}
		fsys[name] = &fstest.MapFile{Data: raw}
	}
	sites, err := config.LoadSites(fsys, "desks", true)
	if err != nil {
		t.Fatal(err)
	}
	tutoring, ok := sites.ByProject("tutoring")
	if !ok || tutoring.Settings.AppTitle != hostile || len(tutoring.Hosts) == 0 {
		t.Fatalf("fixture: the tutoring site must carry the hostile title, got %+v", tutoring)
	}
	index := "<!doctype html><html><head><title>Souk</title></head><body><div id=\"root\"></div></body></html>"
	srv := webServer(t, fstest.MapFS{"index.html": {Data: []byte(index)}}, sites)

	for _, tc := range []struct{ host, project string }{{"", "desks"}, {tutoring.Hosts[0], "tutoring"}} {
		resp, body := fetchRaw(t, srv, "GET", tc.host, "/some/client/route", "")
		page := string(body)
		if resp.StatusCode != 200 || resp.Header.Get("Cache-Control") != "no-cache" || resp.Header.Get("Content-Type") != "text/html; charset=utf-8" {
			t.Fatalf("%s: %d %v", tc.project, resp.StatusCode, resp.Header)
		}
		block := siteBlock(t, page)
		if strings.ContainsAny(block, "<>&") {
			t.Fatalf("%s: unescaped markup characters in the data block: %s", tc.project, block)
		}
		var got siteBody
		if err := json.Unmarshal([]byte(block), &got); err != nil {
			t.Fatalf("%s: data block is not JSON: %v", tc.project, err)
		}
		want, _ := sites.ByProject(tc.project)
		if got.Project != tc.project || got.Configuration.AppTitle != want.Settings.AppTitle {
			t.Fatalf("%s: inlined %+v", tc.project, got)
		}
		if strings.Count(page, "<script") != 1 || !strings.HasSuffix(page, "</head><body><div id=\"root\"></div></body></html>") {
			t.Fatalf("%s: page structure changed: %s", tc.project, page)
		}
	}

	resp, body := fetchRaw(t, srv, "GET", "", "/", "gzip")
	if resp.Header.Get("Content-Encoding") != "gzip" || resp.Header.Get("Content-Length") != strconv.Itoa(len(body)) ||
		!strings.Contains(strings.Join(resp.Header.Values("Vary"), ","), "Accept-Encoding") {
		t.Fatalf("gzip index: %v", resp.Header)
	}
	zr, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := io.ReadAll(zr)
	if siteBlock(t, string(plain)) == "" {
		t.Fatal("empty block in the gzip page")
	}
	resp, body = fetchRaw(t, srv, "HEAD", "", "/index.html", "")
	if resp.StatusCode != 200 || len(body) != 0 || resp.Header.Get("Content-Length") == "" {
		t.Fatalf("HEAD index: %d, %d bytes, %v", resp.StatusCode, len(body), resp.Header)
	}
}
