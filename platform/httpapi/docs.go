package httpapi

import (
	_ "embed"
	"html/template"
	"io/fs"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
)

// The API reference at /api/docs is Scalar's viewer, served from the
// binary: the web build ships Scalar's self-contained browser script as
// assets/scalar-api-reference-VERSION.js, and docsInit starts it from a
// file of ours, so the page loads nothing from another origin, runs no
// inline script and needs no 'unsafe-eval' (the viewer probes for eval
// and does without it). Its Vue components set inline styles, which a
// style nonce does not cover, so styles, and styles only, may be inline.

const (
	docsPath     = "/api/docs"
	docsInitPath = "/api/docs/init.js"
	// docsScriptPattern matches the viewer's file in the web build.
	docsScriptPattern = "assets/scalar-api-reference-*.js"
)

//go:embed docs_init.js
var docsInit []byte

var docsPage = template.Must(template.New("docs").Parse(`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="referrer" content="no-referrer">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>{{.Title}}</title>
  </head>
  <body>
    <div id="souk-api-reference" data-document="{{.SpecURL}}"></div>
    <script src="{{.ScriptURL}}"></script>
    <script src="` + docsInitPath + `"></script>
  </body>
</html>
`))

// docsCSP allows only this origin: scripts from its files, styles from its
// files or inline, API calls to the same origin.
var docsCSP = strings.Join([]string{
	"default-src 'none'",
	"base-uri 'none'",
	"form-action 'none'",
	"frame-ancestors 'none'",
	"script-src 'self'",
	"style-src 'self' 'unsafe-inline'",
	"img-src 'self' data:",
	"font-src 'self' data:",
	"connect-src 'self'",
}, "; ")

// docsScript finds the viewer's file in the web build once.
type docsScript struct {
	once sync.Once
	name string
}

func (d *docsScript) find(web fs.FS) string {
	d.once.Do(func() {
		if web == nil {
			return
		}
		if matches, err := fs.Glob(web, docsScriptPattern); err == nil && len(matches) > 0 {
			d.name = matches[len(matches)-1]
		}
	})
	return d.name
}

func (s *Server) registerDocs(title, specURL string) {
	page := func(w http.ResponseWriter, r *http.Request) {
		script := s.docs.find(s.opts.Web)
		if script == "" {
			writeProblem(w, http.StatusServiceUnavailable, "the API reference viewer is not built; run `make build`. The OpenAPI document is at "+specURL)
			return
		}
		var body strings.Builder
		if err := docsPage.Execute(&body, map[string]string{"Title": title, "SpecURL": specURL, "ScriptURL": "/" + path.Clean(script)}); err != nil {
			LoggerFrom(r.Context()).Error("render API reference page", "err", err)
			writeProblem(w, http.StatusInternalServerError, "internal error")
			return
		}
		h := w.Header()
		h.Set("Content-Type", "text/html; charset=utf-8")
		h.Set("Content-Security-Policy", docsCSP)
		h.Set("Cache-Control", "no-cache")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Content-Length", strconv.Itoa(body.Len()))
		if r.Method != http.MethodHead {
			w.Write([]byte(body.String()))
		}
	}
	s.router.Get(docsPath, page)
	s.router.Head(docsPath, page)
	initScript := func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Type", "text/javascript; charset=utf-8")
		h.Set("Cache-Control", "no-cache")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Content-Length", strconv.Itoa(len(docsInit)))
		if r.Method != http.MethodHead {
			w.Write(docsInit)
		}
	}
	s.router.Get(docsInitPath, initScript)
	s.router.Head(docsInitPath, initScript)
}
