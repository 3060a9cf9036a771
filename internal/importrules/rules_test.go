package importrules

import (
	"go/build"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

const module = "souk"

// rule is what one package (or a tree of them) may import, as its doc.go
// says. Souk lists the module packages it may import (a trailing "/..."
// covers a tree); Others, when not nil, lists the only non-standard
// modules it may import.
type rule struct {
	doc    string
	souk   []string
	others []string
}

// rules are matched most specific first: an exact package before a tree.
var rules = map[string]rule{
	"souk/platform":                      {doc: "platform/doc.go", others: []string{}},
	"souk/config":                        {doc: "config/doc.go", souk: []string{"souk/platform"}},
	"souk/platform/blob":                 {doc: "platform/blob/doc.go", souk: []string{"souk/platform"}},
	"souk/platform/fetch":                {doc: "platform/fetch/doc.go", souk: []string{"souk/platform"}},
	"souk/platform/google":               {doc: "platform/google/doc.go", souk: []string{"souk/platform"}},
	"souk/platform/imaging":              {doc: "platform/imaging/doc.go", souk: []string{"souk/platform"}, others: []string{"github.com/gabriel-vasile/mimetype", "golang.org/x/image", "golang.org/x/sync/semaphore"}},
	"souk/platform/gallery":              {doc: "platform/gallery/doc.go", souk: []string{"souk/platform", "souk/platform/imaging"}},
	"souk/platform/mail":                 {doc: "platform/mail/doc.go", souk: []string{"souk/platform", "souk/config"}},
	"souk/platform/store":                {doc: "platform/store/doc.go", souk: []string{"souk/platform", "souk/config"}},
	"souk/platform/store/storetest":      {doc: "platform/store/doc.go", souk: []string{"souk/platform", "souk/config", "souk/platform/store"}},
	"souk/platform/httpapi":              {doc: "platform/httpapi/doc.go", souk: []string{"souk/platform", "souk/config"}},
	"souk/platform/realtime":             {doc: "platform/realtime/doc.go", souk: []string{"souk/platform", "souk/config", "souk/platform/realtime/..."}},
	"souk/platform/realtime/bus":         {doc: "platform/realtime/bus/doc.go", others: []string{"github.com/redis/go-redis"}},
	"souk/platform/realtime/engineio":    {doc: "platform/realtime/engineio/doc.go", others: []string{"github.com/gorilla/websocket"}},
	"souk/platform/realtime/conformance": {doc: "platform/realtime/conformance/doc.go", souk: []string{"souk/platform/realtime/engineio", "souk/platform/realtime/socketio"}, others: []string{}},
	"souk/platform/realtime/socketio":    {doc: "platform/realtime/socketio/doc.go", souk: []string{"souk/platform/realtime/engineio"}, others: []string{"github.com/gorilla/websocket"}},
	"souk/sfu":                           {doc: "sfu/doc.go", souk: []string{"souk/pionlog", "souk/sfu/..."}, others: []string{"github.com/pion/", "github.com/livekit/protocol", "google.golang.org/protobuf", "golang.org/x/net/ipv4", "golang.org/x/sys/unix"}},
	"souk/sfu/audio":                     {doc: "sfu/audio/doc.go", others: []string{}},
	"souk/sfu/buffer":                    {doc: "sfu/buffer/doc.go", others: []string{}},
	"souk/sfu/bwe":                       {doc: "sfu/bwe/doc.go", others: []string{"github.com/pion/rtcp"}},
	"souk/sfu/dtlskeys":                  {doc: "sfu/dtlskeys/doc.go", others: []string{"github.com/pion/"}},
	"souk/sfu/srtpgcm":                   {doc: "sfu/srtpgcm/srtpgcm.go", others: []string{}},
	"souk/sfu/twccfeedback":              {doc: "sfu/twccfeedback/doc.go", others: []string{"github.com/pion/interceptor"}},
	"souk/sfu/forward":                   {doc: "sfu/forward/doc.go", souk: []string{"souk/sfu/buffer"}, others: []string{"github.com/pion/"}},
	"souk/pionlog":                       {doc: "pionlog/doc.go", others: []string{"github.com/pion/logging"}},
	"souk/metrics":                       {doc: "metrics/doc.go", souk: []string{"souk/sfu", "souk/turn", "souk/platform/realtime", "souk/roomservice/webhook"}, others: []string{"github.com/prometheus/client_golang", "github.com/go-chi/chi"}},
	"souk/roomservice":                   {doc: "roomservice/doc.go", souk: []string{"souk/sfu"}, others: []string{"github.com/livekit/protocol", "google.golang.org/protobuf"}},
	"souk/roomservice/webhook":           {doc: "roomservice/webhook/doc.go", others: []string{"github.com/livekit/protocol", "github.com/redis/go-redis", "google.golang.org/protobuf"}},
	"souk/benchmarks/mediabench":         {doc: "benchmarks/mediabench/doc.go", souk: []string{"souk/signal/client"}, others: []string{"github.com/pion/", "github.com/livekit/protocol", "golang.org/x/net", "golang.org/x/sys"}},
	"souk/signal":                        {doc: "signal/doc.go", souk: []string{"souk/sfu"}},
	"souk/cluster":                       {doc: "cluster/doc.go", others: []string{"github.com/redis/go-redis"}},
	"souk/signal/client":                 {doc: "signal/client/doc.go"},
	"souk/turn":                          {doc: "turn/doc.go", souk: []string{"souk/pionlog"}, others: []string{"github.com/pion/", "github.com/livekit/protocol", "golang.org/x/net/ipv4", "golang.org/x/net/ipv6"}},
	"souk/web":                           {doc: "web/embed.go", others: []string{}},
	"souk/internal/importrules":          {doc: "internal/importrules/doc.go", others: []string{}},
	"souk/internal/browsertest":          {doc: "internal/browsertest/doc.go", others: []string{}},
	"souk/internal/netlab":               {doc: "internal/netlab/doc.go", others: []string{"golang.org/x/sys/unix", "golang.org/x/net/icmp", "golang.org/x/net/ipv4", "golang.org/x/net/ipv6"}},
	"souk/conformance":                   {doc: "conformance/doc.go", souk: []string{"souk/signal/client", "souk/internal/browsertest", "souk/internal/netlab", "souk/turn"}, others: []string{"github.com/livekit/protocol"}},
	"souk/cmd/...":                       {doc: "cmd/souk/doc.go", souk: []string{"souk/..."}},
	"souk/benchmarks/...":                {doc: "benchmarks/http/doc.go", souk: []string{"souk/config", "souk/platform/..."}},
}

func ruleFor(pkg string) (rule, bool) {
	if r, ok := rules[pkg]; ok {
		return r, true
	}
	best, found := "", false
	for pattern := range rules {
		if tree, ok := strings.CutSuffix(pattern, "/..."); ok && strings.HasPrefix(pkg, tree+"/") && len(tree) > len(best) {
			best, found = pattern, true
		}
	}
	return rules[best], found
}

// matches reports whether path is one of patterns: an exact package, a
// tree ("x/..."), or for other modules a path prefix.
func matches(patterns []string, path string, modulePrefix bool) bool {
	for _, p := range patterns {
		if tree, ok := strings.CutSuffix(p, "/..."); ok && (path == tree || strings.HasPrefix(path, tree+"/")) {
			return true
		}
		if path == p || (modulePrefix && (strings.HasPrefix(path, p+"/") || (strings.HasSuffix(p, "/") && strings.HasPrefix(path, p)))) {
			return true
		}
	}
	return false
}

// packages returns the module's packages by import path with their
// non-test imports, read from the sources.
func packages(t *testing.T) map[string][]string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("module root not found at %s: %v", root, err)
	}
	out := map[string][]string{}
	err = filepath.WalkDir(root, func(dir string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if dir != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "node_modules") {
			return filepath.SkipDir
		}
		pkg, err := build.ImportDir(dir, 0)
		if err != nil {
			if _, none := err.(*build.NoGoError); none {
				return nil
			}
			return err
		}
		rel, _ := filepath.Rel(root, dir)
		path := module
		if rel != "." {
			path += "/" + filepath.ToSlash(rel)
		}
		out[path] = pkg.Imports
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func isStandard(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".") && first != module
}

func TestImportsFollowTheDocumentedRules(t *testing.T) {
	pkgs := packages(t)
	if len(pkgs) < 20 {
		t.Fatalf("found only %d packages; is the module root right?", len(pkgs))
	}
	names := make([]string, 0, len(pkgs))
	for name := range pkgs {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, pkg := range names {
		r, ok := ruleFor(pkg)
		if !ok {
			t.Errorf("%s has no import rule: add one here from what its doc.go says", pkg)
			continue
		}
		for _, imp := range pkgs[pkg] {
			switch {
			case isStandard(imp):
			case imp == module || strings.HasPrefix(imp, module+"/"):
				if !matches(r.souk, imp, false) {
					t.Errorf("%s imports %s, which %s does not allow", pkg, imp, r.doc)
				}
			case r.others != nil && !matches(r.others, imp, true):
				t.Errorf("%s imports %s, which %s does not list", pkg, imp, r.doc)
			}
		}
	}
}

// The rules themselves must refuse what the docs forbid, or the test
// above could pass with any imports.
func TestRulesRefuseWhatTheDocsForbid(t *testing.T) {
	for _, tc := range []struct{ pkg, imp string }{
		{"souk/sfu", "souk/signal"},
		{"souk/sfu", "souk/platform"},
		{"souk/signal", "souk/platform/httpapi"},
		{"souk/platform", "souk/config"},
		{"souk/config", "souk/platform/store"},
		{"souk/platform/realtime", "souk/platform/store"},
		{"souk/platform/httpapi", "souk/signal"},
		{"souk/signal/client", "souk/sfu"},
		{"souk/benchmarks/http", "souk/cmd/souk"},
		{"souk/conformance", "souk/sfu"},
		{"souk/conformance", "souk/signal"},
	} {
		r, ok := ruleFor(tc.pkg)
		if !ok || matches(r.souk, tc.imp, false) {
			t.Errorf("the rule for %s allows %s", tc.pkg, tc.imp)
		}
	}
}
