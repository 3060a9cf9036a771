package importrules

import (
	"errors"
	"fmt"
	"go/build"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
)

// Heading opens the import block: the last paragraph of a package
// comment, in this shape (the lines below the heading are indented with
// a tab, so gofmt and go doc keep them as written):
//
//	Imports (checked by internal/importrules):
//
//		souk:   souk/platform souk/config
//		others: github.com/pion/ golang.org/x/net/ipv4
const Heading = "Imports (checked by internal/importrules):"

// Module is the module path of the repository's Go code.
const Module = "souk"

// Rule is what one package may import, as its import block says.
type Rule struct {
	// Souk lists the module packages the package may import; a trailing
	// "/..." covers a tree. Empty means none.
	Souk []string
	// Others lists prefixes of the non-standard import paths the package
	// may import; a prefix matches a whole path element unless it ends in
	// "/". Nil means any; empty means the standard library only.
	Others []string
}

// ParseBlock reads the import block at the end of a package comment, as
// go/ast's CommentGroup.Text returns it. An omitted "souk:" or "others:"
// line means none.
func ParseBlock(comment string) (Rule, error) {
	lines := strings.Split(strings.TrimRight(comment, "\n"), "\n")
	at := -1
	for i, line := range lines {
		// A tab-indented heading is preformatted text, such as an
		// example of the block; one indented with spaces is a mistake.
		if strings.TrimLeft(line, " ") == Heading && line != Heading {
			return Rule{}, fmt.Errorf("%q must start its line, unindented", Heading)
		}
		if line == Heading {
			if at >= 0 {
				return Rule{}, fmt.Errorf("two lines read %q", Heading)
			}
			at = i
		}
	}
	switch {
	case at < 0:
		return Rule{}, errNoBlock
	case at > 0 && lines[at-1] != "":
		return Rule{}, fmt.Errorf("%q must start a paragraph", Heading)
	case at+2 >= len(lines) || lines[at+1] != "":
		return Rule{}, fmt.Errorf("%q must be followed by an empty line and at least one indented souk: or others: line", Heading)
	}
	r := Rule{Souk: []string{}, Others: []string{}}
	seen := map[string]bool{}
	for _, line := range lines[at+2:] {
		entry, indented := strings.CutPrefix(line, "\t")
		if !indented || strings.TrimSpace(entry) == "" {
			return Rule{}, fmt.Errorf("line %q: the import block must be the last paragraph, each line indented with a tab", line)
		}
		key, value, ok := strings.Cut(entry, ":")
		key = strings.TrimSpace(key)
		if !ok || (key != "souk" && key != "others") {
			return Rule{}, fmt.Errorf("line %q: want \"souk: ...\" or \"others: ...\"", line)
		}
		if seen[key] {
			return Rule{}, fmt.Errorf("line %q: %s: given twice", line, key)
		}
		seen[key] = true
		paths := strings.Fields(value)
		if len(paths) == 0 {
			return Rule{}, fmt.Errorf("line %q: no paths; write \"none\" for none", line)
		}
		var err error
		if key == "souk" {
			r.Souk, err = soukPaths(paths)
		} else {
			r.Others, err = otherPaths(paths)
		}
		if err != nil {
			return Rule{}, fmt.Errorf("line %q: %w", line, err)
		}
	}
	return r, nil
}

var errNoBlock = errors.New("no import block")

func soukPaths(paths []string) ([]string, error) {
	if len(paths) == 1 && paths[0] == "none" {
		return []string{}, nil
	}
	for _, p := range paths {
		tree := strings.TrimSuffix(p, "/...")
		switch {
		case p == "none" || p == "any":
			return nil, fmt.Errorf("%q must stand alone and souk: takes none, not any (souk/... covers the module)", p)
		case tree != Module && !strings.HasPrefix(tree, Module+"/"):
			return nil, fmt.Errorf("%q is not a package of module %s", p, Module)
		case strings.Contains(tree, "..."), strings.HasSuffix(tree, "/"), strings.Contains(tree, "//"):
			return nil, fmt.Errorf("%q: a package path, or a tree ending in /...", p)
		}
	}
	return paths, nil
}

func otherPaths(paths []string) ([]string, error) {
	if len(paths) == 1 && paths[0] == "none" {
		return []string{}, nil
	}
	if len(paths) == 1 && paths[0] == "any" {
		return nil, nil
	}
	for _, p := range paths {
		first, _, _ := strings.Cut(p, "/")
		switch {
		case p == "none" || p == "any":
			return nil, fmt.Errorf("%q must stand alone", p)
		case first == Module:
			return nil, fmt.Errorf("%q belongs on the souk: line", p)
		case !strings.Contains(first, "."):
			return nil, fmt.Errorf("%q is not a module path (its first element has no dot); the standard library is always allowed", p)
		case strings.Contains(p, "..."), strings.Contains(p, "//"):
			return nil, fmt.Errorf("%q: a path prefix, without /...", p)
		}
	}
	return paths, nil
}

// ReadRule returns the rule in the import block of the package in dir,
// and the file whose package comment holds it (relative to dir). Only
// the files the package builds from on this platform are read, test
// files aside.
func ReadRule(dir string) (Rule, string, error) {
	pkg, err := build.ImportDir(dir, 0)
	if err != nil {
		return Rule{}, "", fmt.Errorf("read package in %s: %w", dir, err)
	}
	var found, commented []string
	var rule Rule
	for _, name := range pkg.GoFiles {
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, name), nil, parser.PackageClauseOnly|parser.ParseComments)
		if err != nil {
			return Rule{}, "", fmt.Errorf("parse %s: %w", filepath.Join(dir, name), err)
		}
		if f.Doc == nil {
			continue
		}
		commented = append(commented, name)
		r, err := ParseBlock(f.Doc.Text())
		if errors.Is(err, errNoBlock) {
			continue
		}
		if err != nil {
			return Rule{}, name, fmt.Errorf("%s: malformed import block: %w", name, err)
		}
		rule = r
		found = append(found, name)
	}
	switch {
	case len(found) == 1:
		return rule, found[0], nil
	case len(found) > 1:
		return Rule{}, found[0], fmt.Errorf("import blocks in %s: keep one, in doc.go", strings.Join(found, " and "))
	case len(commented) > 0:
		return Rule{}, commented[0], fmt.Errorf("no import block: end the package comment in %s with %q and its lines", commented[0], Heading)
	default:
		return Rule{}, "doc.go", fmt.Errorf("no package comment: add doc.go saying what lives here, ending with %q and its lines", Heading)
	}
}
