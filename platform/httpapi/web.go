package httpapi

import (
	"errors"
	"io/fs"
	"net/http"
	"path"
	"strings"
)

// serveWeb serves the built web app: real files as they are, every other
// GET path as index.html so that client-side routes survive a reload.
// Unknown /api/ paths get a JSON 404 instead.
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
			if strings.HasPrefix(name, "assets/") {
				// Vite puts a content hash in every asset name.
				w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			}
			http.ServeFileFS(w, r, s.opts.Web, name)
			return
		}
	}
	index, err := fs.ReadFile(s.opts.Web, "index.html")
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			writeProblem(w, http.StatusServiceUnavailable, "the web app is not built; run `make build`")
			return
		}
		writeProblem(w, http.StatusInternalServerError, "cannot read the web app")
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Write(fillNonce(r.Context(), index))
}
