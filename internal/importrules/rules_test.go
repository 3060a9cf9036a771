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

// pkgInfo is one package of the module: its directory relative to the
// module root, its non-test imports, and the rule its package comment
// states (or why it could not be read).
type pkgInfo struct {
	dir     string
	imports []string
	rule    Rule
	doc     string
	err     error
}

// packages returns the module's packages by import path, read from the
// sources.
func packages(t *testing.T) map[string]pkgInfo {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("module root not found at %s: %v", root, err)
	}
	out := map[string]pkgInfo{}
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
		rel = filepath.ToSlash(rel)
		path := Module
		if rel != "." {
			path += "/" + rel
		}
		info := pkgInfo{dir: rel, imports: pkg.Imports}
		info.rule, info.doc, info.err = ReadRule(dir)
		info.doc = rel + "/" + info.doc
		out[path] = info
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
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

func isStandard(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".") && first != Module
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
	for _, name := range names {
		p := pkgs[name]
		if p.err != nil {
			t.Errorf("%s (%s): %v", name, p.doc, p.err)
			continue
		}
		for _, imp := range p.imports {
			switch {
			case isStandard(imp):
			case imp == Module || strings.HasPrefix(imp, Module+"/"):
				if !matches(p.rule.Souk, imp, false) {
					t.Errorf("%s imports %s, which the import block in %s does not allow", name, imp, p.doc)
				}
			case p.rule.Others != nil && !matches(p.rule.Others, imp, true):
				t.Errorf("%s imports %s, which the import block in %s does not list", name, imp, p.doc)
			}
		}
	}
}

// The blocks themselves must refuse what the docs forbid, or the test
// above could pass with any imports.
func TestRulesRefuseWhatTheDocsForbid(t *testing.T) {
	pkgs := packages(t)
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
		p, ok := pkgs[tc.pkg]
		if !ok || p.err != nil || matches(p.rule.Souk, tc.imp, false) {
			t.Errorf("the rule for %s allows %s (or cannot be read)", tc.pkg, tc.imp)
		}
	}
	for _, tc := range []struct{ pkg, imp string }{
		{"souk/platform", "github.com/redis/go-redis/v9"},
		{"souk/sfu/buffer", "github.com/pion/rtp"},
		{"souk/turn", "golang.org/x/net/http2"},
		{"souk/sfu/bwe", "github.com/pion/rtcpx"},
	} {
		p, ok := pkgs[tc.pkg]
		if !ok || p.err != nil || p.rule.Others == nil || matches(p.rule.Others, tc.imp, true) {
			t.Errorf("the rule for %s allows %s (or cannot be read)", tc.pkg, tc.imp)
		}
	}
}
