package httpapi

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"

	"souk/platform"
)

// serveWeb serves the built web app: real files as they are (or their
// precompressed copy), every other GET path as index.html with the site's
// public configuration inlined, so that client-side routes survive a
// reload and the first paint does not wait for /api/site. Unknown /api/
// paths get a JSON 404 instead.
func (s *Server) serveWeb(w http.ResponseWriter, r *http.Request) {
	if isAPIPath(r.URL.Path) {
		writeProblem(w, http.StatusNotFound, "no API route "+r.Method+" "+r.URL.Path+"; see /api/openapi.json")
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		writeProblem(w, http.StatusNotFound, "no route "+r.Method+" "+r.URL.Path)
		return
	}
	if r.Method == http.MethodHead {
		// livekit-client probes the server URL with a cross-origin HEAD.
		w.Header().Set("Access-Control-Allow-Origin", "*")
	}
	if s.opts.Web == nil {
		writeProblem(w, http.StatusServiceUnavailable, "the web app is not built; run `make build`")
		return
	}
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if name != "" && name != "index.html" {
		if info, err := fs.Stat(s.opts.Web, name); err == nil && !info.IsDir() {
			s.serveAsset(w, r, name)
			return
		}
	}
	s.serveIndex(w, r)
}

// serveAsset sends one file of the build, choosing between the file and
// the .br and .gz copies the build wrote beside it by Accept-Encoding.
func (s *Server) serveAsset(w http.ResponseWriter, r *http.Request, name string) {
	h := w.Header()
	if strings.HasPrefix(name, "assets/") {
		// Vite puts a content hash in every asset name.
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "no-cache")
	}
	ctype := mime.TypeByExtension(path.Ext(name))
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	h.Set("Content-Type", ctype)
	h.Set("X-Content-Type-Options", "nosniff")

	send, encoding := name, ""
	var offered []string
	for _, enc := range precompressed {
		if info, err := fs.Stat(s.opts.Web, name+enc.suffix); err == nil && !info.IsDir() {
			offered = append(offered, enc.name)
		}
	}
	if len(offered) > 0 {
		h.Add("Vary", "Accept-Encoding")
		if chosen := negotiateEncoding(r.Header.Values("Accept-Encoding"), offered); chosen != "" {
			send, encoding = name+encodingSuffix(chosen), chosen
		}
	}
	f, err := s.opts.Web.Open(send)
	if err != nil {
		LoggerFrom(r.Context()).Error("open web asset", "name", send, "err", err)
		writeProblem(w, http.StatusInternalServerError, "cannot read the web app")
		return
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		writeProblem(w, http.StatusInternalServerError, "cannot read the web app")
		return
	}
	if rs, ok := f.(io.ReadSeeker); ok && encoding == "" {
		// ServeContent answers ranges and conditional requests; it
		// leaves out Content-Length once Content-Encoding is set, so
		// compressed copies are sent below.
		http.ServeContent(w, r, name, info.ModTime(), rs)
		return
	}
	if encoding != "" {
		h.Set("Content-Encoding", encoding)
	}
	h.Set("Content-Length", strconv.FormatInt(info.Size(), 10))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		io.Copy(w, f)
	}
}

// serveIndex sends index.html with the request's site inlined, gzip-
// compressed when the browser accepts it. The page is not cached by the
// browser: it names the current build's assets.
func (s *Server) serveIndex(w http.ResponseWriter, r *http.Request) {
	page, err := s.index.page(s.opts.Web, platform.SiteFrom(r.Context()))
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			writeProblem(w, http.StatusServiceUnavailable, "the web app is not built; run `make build`")
			return
		}
		LoggerFrom(r.Context()).Error("render index.html", "err", err)
		writeProblem(w, http.StatusInternalServerError, "cannot read the web app")
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Add("Vary", "Accept-Encoding")
	// The nonce differs per response, so the page is compressed here; it
	// is a few kilobytes.
	body := fillNonce(r.Context(), page)
	if negotiateEncoding(r.Header.Values("Accept-Encoding"), []string{"gzip"}) == "gzip" {
		var zipped bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&zipped, gzip.BestSpeed)
		zw.Write(body)
		if err := zw.Close(); err == nil {
			h.Set("Content-Encoding", "gzip")
			body = zipped.Bytes()
		}
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// precompressed lists the copies the build may write, in the server's
// order of preference when the browser rates them equally.
var precompressed = [...]struct{ name, suffix string }{{"br", ".br"}, {"gzip", ".gz"}}

func encodingSuffix(name string) string {
	for _, enc := range precompressed {
		if enc.name == name {
			return enc.suffix
		}
	}
	return ""
}

// negotiateEncoding picks, from offered (in the server's order of
// preference), the content coding the Accept-Encoding header values rate
// highest (RFC 9110, section 12.5.3), or "" for the plain file. "x-gzip"
// counts as gzip and "*" stands for any coding not named. The plain file
// wins only when no offered coding is acceptable, or when the header names
// identity with a higher weight than the best coding.
func negotiateEncoding(header []string, offered []string) string {
	identityQ, starQ := -1.0, -1.0
	rated := make(map[string]float64, len(offered))
	for _, line := range header {
		for item := range strings.SplitSeq(line, ",") {
			coding, q, ok := parseCoding(item)
			if !ok {
				continue
			}
			switch coding {
			case "identity":
				identityQ = q
			case "*":
				starQ = q
			case "x-gzip":
				coding = "gzip"
				fallthrough
			default:
				if prev, seen := rated[coding]; !seen || q > prev {
					rated[coding] = q
				}
			}
		}
	}
	best, bestQ := "", 0.0
	for _, name := range offered {
		q, ok := rated[name]
		if !ok {
			q = max(starQ, 0)
		}
		if q > bestQ {
			best, bestQ = name, q
		}
	}
	if best == "" || identityQ > bestQ {
		return ""
	}
	return best
}

// parseCoding reads one "coding;q=0.5" element; ok is false for an empty
// or malformed one, which is then ignored.
func parseCoding(item string) (coding string, q float64, ok bool) {
	coding, params, _ := strings.Cut(item, ";")
	coding = strings.ToLower(strings.TrimSpace(coding))
	if coding == "" {
		return "", 0, false
	}
	q = 1
	for p := range strings.SplitSeq(params, ";") {
		k, v, found := strings.Cut(strings.TrimSpace(p), "=")
		if !found || !strings.EqualFold(strings.TrimSpace(k), "q") {
			continue
		}
		parsed, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || parsed < 0 || parsed > 1 {
			return "", 0, false
		}
		q = parsed
	}
	return coding, q, true
}
