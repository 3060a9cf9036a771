// Package web holds the browser application. The Go server embeds the
// production build so a single binary serves both the API and the app;
// run `npm run build` at the repository root before `go build`.
//
// Imports (checked by internal/importrules):
//
//	souk:   none
//	others: none
package web

import "embed"

// Dist is the Vite production build (web/dist). The server answers
// unknown non-API paths with dist/index.html so client-side routes work
// on reload.
//
//go:embed all:dist
var Dist embed.FS
