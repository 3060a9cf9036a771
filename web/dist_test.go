package web_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"testing"

	"souk/config"
	"souk/platform/httpapi"
	"souk/web"
)

// entryGzipBudget bounds the entry chunk, gzip-compressed: it is what
// every first visit downloads before anything renders.
const entryGzipBudget = 200 * 1024

var (
	entryScript = regexp.MustCompile(`<script type="module"[^>]*\ssrc="/([^"]+)"`)
	preloads    = regexp.MustCompile(`<link rel="modulepreload"[^>]*\shref="/([^"]+)"`)
)

func dist(t *testing.T) fs.FS {
	t.Helper()
	d, err := fs.Sub(web.Dist, "dist")
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func gzipSize(t *testing.T, d fs.FS, name string) (raw, zipped int) {
	t.Helper()
	b, err := fs.ReadFile(d, name)
	if err != nil {
		t.Fatal(err)
	}
	if gz, err := fs.ReadFile(d, name+".gz"); err == nil {
		return len(b), len(gz)
	}
	var out bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&out, gzip.BestCompression)
	zw.Write(b)
	zw.Close()
	return len(b), out.Len()
}

// TestEntryChunkBudget checks the production build: the entry chunk has
// brotli and gzip copies and stays under its budget. It logs the figures
// of the entry and of everything index.html preloads with it.
func TestEntryChunkBudget(t *testing.T) {
	d := dist(t)
	index, err := fs.ReadFile(d, "index.html")
	if err != nil {
		t.Fatal(err)
	}
	m := entryScript.FindSubmatch(index)
	if m == nil {
		t.Fatalf("no entry script in index.html:\n%s", index)
	}
	entry := string(m[1])
	for _, suffix := range []string{".br", ".gz"} {
		if _, err := fs.Stat(d, entry+suffix); err != nil {
			t.Fatalf("the build wrote no %s copy of the entry chunk: %v", suffix, err)
		}
	}
	raw, zipped := gzipSize(t, d, entry)
	t.Logf("entry chunk %s: %.1f kB, %.1f kB gzip", entry, float64(raw)/1024, float64(zipped)/1024)
	if zipped > entryGzipBudget {
		t.Fatalf("entry chunk %s is %d bytes gzip, over the budget of %d", entry, zipped, entryGzipBudget)
	}
	totalRaw, totalZipped := raw, zipped
	for _, p := range preloads.FindAllSubmatch(index, -1) {
		r, z := gzipSize(t, d, string(p[1]))
		totalRaw, totalZipped = totalRaw+r, totalZipped+z
	}
	t.Logf("entry with its %d preloaded chunks: %.1f kB, %.1f kB gzip", len(preloads.FindAllSubmatch(index, -1)),
		float64(totalRaw)/1024, float64(totalZipped)/1024)
}

// TestBuildServedCompressed serves the real build through the API server
// and checks that the entry chunk goes out as brotli or gzip when the
// browser accepts them, and as it is otherwise.
func TestBuildServedCompressed(t *testing.T) {
	d := dist(t)
	index, err := fs.ReadFile(d, "index.html")
	if err != nil {
		t.Fatal(err)
	}
	m := entryScript.FindSubmatch(index)
	if m == nil {
		t.Fatal("no entry script in index.html")
	}
	entry := string(m[1])
	sites, err := config.LoadSites(config.BuiltinSites(), "desks", true)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(httpapi.NewServer(httpapi.Options{Sites: sites, Web: d, Version: "test",
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}))
	defer srv.Close()
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}

	for _, tc := range []struct{ accept, encoding, file string }{
		{"gzip, deflate, br, zstd", "br", entry + ".br"},
		{"gzip", "gzip", entry + ".gz"},
		{"", "", entry},
	} {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+"/"+entry, nil)
		if tc.accept != "" {
			req.Header.Set("Accept-Encoding", tc.accept)
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		want, _ := fs.ReadFile(d, tc.file)
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Encoding") != tc.encoding || !bytes.Equal(body, want) {
			t.Fatalf("Accept-Encoding %q: status %d, Content-Encoding %q, %d bytes; want %q with the %d bytes of %s",
				tc.accept, resp.StatusCode, resp.Header.Get("Content-Encoding"), len(body), tc.encoding, len(want), tc.file)
		}
		if resp.Header.Get("Content-Type") != "text/javascript; charset=utf-8" || resp.Header.Get("Vary") != "Accept-Encoding" {
			t.Fatalf("Accept-Encoding %q: headers %v", tc.accept, resp.Header)
		}
		t.Logf("Accept-Encoding %q: %s, %d bytes", tc.accept, tc.encoding, len(body))
	}
}
