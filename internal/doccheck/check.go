package doccheck

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"unicode"
)

// Module is the module path of the repository's Go code; a document may
// name a package by its import path.
const Module = "souk"

// Problem is one name a document gives that the tree does not have.
type Problem struct {
	Doc  string // the document, relative to the root
	Line int
	Name string // as written
	Why  string
}

func (p Problem) String() string { return fmt.Sprintf("%s:%d: %s: %s", p.Doc, p.Line, p.Name, p.Why) }

// Check reads every README.md and Go package comment under root and
// returns the file paths and Go identifiers they name that do not exist.
func Check(root string) ([]Problem, error) {
	t, err := index(root)
	if err != nil {
		return nil, fmt.Errorf("index %s: %w", root, err)
	}
	var out []Problem
	for _, d := range t.docs {
		for _, ref := range refs(d) {
			if why := t.check(d, ref); why != "" {
				out = append(out, Problem{Doc: d.path, Line: ref.line, Name: ref.name, Why: why})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Doc != out[j].Doc {
			return out[i].Doc < out[j].Doc
		}
		return out[i].Line < out[j].Line
	})
	return out, nil
}

type ref struct {
	name   string
	line   int
	quoted bool // written in backticks
}

var (
	backticked = regexp.MustCompile("`([^`]+)`")
	// In a Go comment, names are also read from plain text: words with a
	// slash, file names ending in .go, and dotted identifiers.
	plainPath  = regexp.MustCompile(`(?:^|[\s(\[])((?:[A-Za-z0-9_.*\-]+/)+[A-Za-z0-9_.*\-]*)`)
	plainGo    = regexp.MustCompile(`(?:^|[\s(\[,;])([A-Za-z0-9_*\-]+\.go)\b`)
	plainIdent = regexp.MustCompile(`(?:^|[\s(\[,;!])([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)(?:\(\))?`)
	identRe    = regexp.MustCompile(`^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$`)
)

// refs lists the names a document gives: backticked spans (outside
// fenced code blocks in Markdown), and in Go comments the plain names too.
func refs(d *doc) []ref {
	var out []ref
	fenced := false
	for _, l := range d.lines {
		if !d.goText {
			if t := strings.TrimSpace(l.text); strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
				fenced = !fenced
				continue
			}
			if fenced {
				continue
			}
		}
		text := l.text
		for _, m := range backticked.FindAllStringSubmatch(text, -1) {
			out = append(out, ref{name: m[1], line: l.n, quoted: true})
		}
		if !d.goText {
			continue
		}
		text = backticked.ReplaceAllString(text, " ")
		for _, re := range []*regexp.Regexp{plainPath, plainGo, plainIdent} {
			for _, m := range re.FindAllStringSubmatchIndex(text, -1) {
				name := text[m[2]:m[3]]
				// A dotted name inside a path or a file name is not an identifier.
				if re == plainIdent && (strings.HasPrefix(text[m[3]:], "/") || (m[2] > 0 && text[m[2]-1] == '/') || hasFileSuffix(name)) {
					continue
				}
				out = append(out, ref{name: name, line: l.n})
			}
		}
	}
	return out
}

// fileSuffixes end names that are files, not Go identifiers.
var fileSuffixes = []string{".go", ".md", ".ts", ".tsx", ".js", ".mjs", ".json", ".yaml", ".yml", ".sh", ".html", ".css", ".svg", ".txt", ".sql", ".pem", ".proto"}

func hasFileSuffix(name string) bool {
	for _, s := range fileSuffixes {
		if strings.HasSuffix(name, s) {
			return true
		}
	}
	return false
}

// check returns why ref names nothing in the tree, or "" when it does or
// when it is not a name of the tree at all (a URL, a command, prose).
func (t *tree) check(d *doc, r ref) string {
	name := r.name
	// A call names its function: netlab.New(t).
	if i := strings.IndexByte(name, '('); i > 0 && strings.HasSuffix(name, ")") && identRe.MatchString(name[:i]) {
		name = name[:i]
	}
	name = strings.TrimRight(name, ".,;:)")
	if strings.ContainsAny(name, " \t<>{}$@=:'\"") || strings.HasPrefix(name, "/") || strings.HasPrefix(name, "~") || strings.HasPrefix(name, "-") || strings.Contains(name, "..") && !strings.HasSuffix(name, "/...") {
		return ""
	}
	name = strings.TrimPrefix(name, "./")
	switch {
	case strings.Contains(name, "/"):
		return t.checkPath(d, name)
	case hasFileSuffix(name):
		return t.checkFile(d, name)
	case identRe.MatchString(strings.TrimSuffix(name, "()")):
		return t.checkIdent(d, strings.TrimSuffix(name, "()"), r.quoted)
	}
	return ""
}

// checkPath checks a slash-separated path: an import path of the module
// (pkg.Name after it checked as an identifier), or a path whose first
// element is an entry of the root or of the document's directory. Anything
// else (a MIME type, another module, a URL path) is not a path of the tree.
func (t *tree) checkPath(d *doc, name string) string {
	if rest, ok := strings.CutPrefix(name, Module+"/"); ok {
		rest = strings.TrimSuffix(rest, "/...")
		if !t.isDir(rest) {
			return "no such package in the module"
		}
		return ""
	}
	name = strings.TrimSuffix(name, "/...")
	dir, last := path.Split(name)
	if pkgPart, ident, ok := strings.Cut(last, "."); ok && identRe.MatchString(last) && !hasFileSuffix(last) && t.isDir(dir+pkgPart) {
		return t.checkQualified(path.Join(dir, pkgPart), ident)
	}
	first, _, _ := strings.Cut(name, "/")
	if !exists(filepath.Join(t.root, first)) && !exists(filepath.Join(t.root, d.dir, first)) {
		return ""
	}
	if t.present(d, name) {
		return ""
	}
	return fmt.Sprintf("no such file or directory from the root, %s/ or below it", d.dir)
}

// checkFile checks a bare file name: it must be in the document's
// directory or below it. Names that start with a dot or an underscore
// (".tsx", "_test.go") are kinds of files, not files.
func (t *tree) checkFile(d *doc, name string) string {
	if strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || t.present(d, name) {
		return ""
	}
	return fmt.Sprintf("no such file in %s/ or below it", d.dir)
}

func (t *tree) isDir(rel string) bool {
	st, err := os.Stat(filepath.Join(t.root, filepath.FromSlash(rel)))
	return err == nil && st.IsDir()
}

// present reports whether name, possibly a glob, is a path from the root,
// from the document's directory, or the end of a path below that
// directory (a README names files of the folder its section is about), or
// something the repository ignores because a build makes it (web/dist).
func (t *tree) present(d *doc, name string) bool {
	name = strings.TrimSuffix(name, "/")
	for _, full := range []string{name, path.Join(d.dir, name)} {
		if matches, _ := filepath.Glob(filepath.Join(t.root, filepath.FromSlash(full))); len(matches) > 0 {
			return true
		}
		for _, pattern := range t.ignored {
			anchored := strings.TrimSuffix(strings.TrimPrefix(pattern, "/"), "/")
			if strings.HasPrefix(pattern, "/") && (full == anchored || strings.HasPrefix(full, anchored+"/")) {
				return true
			}
		}
	}
	depth := strings.Count(name, "/") + 1
	for _, p := range t.all {
		if d.dir != "." && !strings.HasPrefix(p, d.dir+"/") {
			continue
		}
		parts := strings.Split(p, "/")
		if len(parts) < depth {
			continue
		}
		if ok, _ := path.Match(name, strings.Join(parts[len(parts)-depth:], "/")); ok {
			return true
		}
	}
	return false
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// checkIdent checks pkg.Name, pkg.Type.Member and Type.Member. A first
// element that is neither a package of the module nor a type of it (a
// variable, another module's package, a configuration key) is not
// checked, nor is pkg.name or Type.member in lower case (configuration
// keys such as cluster.heartbeat, and protocol fields, read the same),
// nor Type.ALLCAPS in prose (Socket.IO).
func (t *tree) checkIdent(d *doc, name string, quoted bool) string {
	parts := strings.Split(name, ".")
	if pkgs := t.byName[parts[0]]; len(pkgs) > 0 {
		if !upper(parts[1]) {
			return ""
		}
		why := ""
		for _, p := range pkgs {
			if why = p.check(parts[1:]); why == "" {
				return ""
			}
		}
		return why
	}
	if !upper(parts[0]) || !upper(parts[1]) || (!quoted && strings.ToUpper(parts[1]) == parts[1]) {
		return ""
	}
	candidates := t.byType[parts[0]]
	if d.pkg != nil && d.pkg.members[parts[0]] != nil {
		candidates = []*pkg{d.pkg}
	}
	for _, p := range candidates {
		if p.hasMember(parts[0], parts[1]) {
			return ""
		}
	}
	switch len(candidates) {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf("type %s (%s) has no %s", parts[0], candidates[0].dir, parts[1])
	default:
		return fmt.Sprintf("no type %s of %d packages has %s", parts[0], len(candidates), parts[1])
	}
}

// checkQualified checks Name or Type.Member in the package in dir.
func (t *tree) checkQualified(dir, ident string) string {
	for _, ps := range t.byName {
		for _, p := range ps {
			if p.dir == dir {
				return p.check(strings.Split(ident, "."))
			}
		}
	}
	return fmt.Sprintf("no Go package in %s", dir)
}

// check checks Name or Type.Member against the package.
func (p *pkg) check(parts []string) string {
	if !p.decls[parts[0]] {
		return fmt.Sprintf("package %s (%s) has no %s", p.name, p.dir, parts[0])
	}
	if len(parts) == 1 || p.members[parts[0]] == nil || p.hasMember(parts[0], parts[1]) {
		return ""
	}
	return fmt.Sprintf("%s.%s has no %s", p.name, parts[0], parts[1])
}

func upper(s string) bool {
	for _, r := range s {
		return unicode.IsUpper(r)
	}
	return false
}
