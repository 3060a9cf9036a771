package doccheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
)

// pkg is what a document may name in one Go package: its top-level
// declarations and the members (fields, methods) of its types.
type pkg struct {
	dir     string // relative to the root, "." for the root
	name    string
	decls   map[string]bool
	members map[string]map[string]bool
	// open types embed a type of another package, whose members this
	// index does not know; any member name is taken on trust.
	open map[string]bool
}

func (p *pkg) hasMember(typ, member string) bool {
	return p.members[typ][member] || p.open[typ]
}

// doc is one document: a README.md, or the package comment of a Go file.
type doc struct {
	path   string // relative to the root
	dir    string // the directory its relative names start from
	lines  []line
	goText bool // a Go package comment, not Markdown
	pkg    *pkg // the package it documents or sits beside, if any
}

type line struct {
	n    int
	text string
}

// tree is the index of everything the check compares documents with.
type tree struct {
	root    string
	docs    []*doc
	byName  map[string][]*pkg // by package name and by last path element
	byType  map[string][]*pkg // by the names of the types they declare
	ignored []string          // .gitignore patterns of the root
	all     []string          // every file and directory, root-relative
}

// skipDir reports directories that hold nothing of the product's own.
func skipDir(name string) bool {
	return strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "node_modules"
}

func index(root string) (*tree, error) {
	t := &tree{root: root, byName: map[string][]*pkg{}, byType: map[string][]*pkg{}}
	if b, err := os.ReadFile(filepath.Join(root, ".gitignore")); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
				t.ignored = append(t.ignored, l)
			}
		}
	}
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && skipDir(d.Name()) {
			return filepath.SkipDir
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		t.all = append(t.all, rel)
		// Files under testdata may be named; its Go files are no
		// package of the module.
		if !d.IsDir() || rel == "testdata" || strings.HasSuffix(rel, "/testdata") || strings.Contains(rel, "/testdata/") || strings.HasPrefix(rel, "testdata/") {
			return nil
		}
		return t.addDir(path, rel)
	})
	return t, err
}

func (t *tree) addDir(path, rel string) error {
	entries, err := os.ReadDir(path)
	if err != nil {
		return err
	}
	var p *pkg
	var comments []*doc
	fset := token.NewFileSet()
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(path, name), nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		if p == nil {
			p = &pkg{dir: rel, name: f.Name.Name, decls: map[string]bool{}, members: map[string]map[string]bool{}, open: map[string]bool{}}
		}
		p.add(f)
		if f.Doc != nil && !strings.HasSuffix(name, "_test.go") {
			d := &doc{path: joinRel(rel, name), dir: rel, goText: true}
			for _, c := range f.Doc.List {
				text := strings.TrimPrefix(strings.TrimPrefix(c.Text, "//"), " ")
				d.lines = append(d.lines, line{n: fset.Position(c.Slash).Line, text: text})
			}
			comments = append(comments, d)
		}
	}
	if b, err := os.ReadFile(filepath.Join(path, "README.md")); err == nil {
		d := &doc{path: joinRel(rel, "README.md"), dir: rel}
		for i, l := range strings.Split(string(b), "\n") {
			d.lines = append(d.lines, line{n: i + 1, text: l})
		}
		comments = append(comments, d)
	}
	for _, d := range comments {
		d.pkg = p
		t.docs = append(t.docs, d)
	}
	if p != nil && p.name != "main" {
		t.byName[p.name] = append(t.byName[p.name], p)
		if last := filepath.Base(rel); last != p.name {
			t.byName[last] = append(t.byName[last], p)
		}
	}
	if p != nil {
		for typ := range p.members {
			t.byType[typ] = append(t.byType[typ], p)
		}
	}
	return nil
}

func joinRel(dir, name string) string {
	if dir == "." {
		return name
	}
	return dir + "/" + name
}

func (p *pkg) member(typ string) map[string]bool {
	m := p.members[typ]
	if m == nil {
		m = map[string]bool{}
		p.members[typ] = m
	}
	return m
}

func (p *pkg) add(f *ast.File) {
	for _, decl := range f.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil || len(d.Recv.List) == 0 {
				p.decls[d.Name.Name] = true
				continue
			}
			if typ := baseTypeName(d.Recv.List[0].Type); typ != "" {
				p.member(typ)[d.Name.Name] = true
			}
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				switch s := spec.(type) {
				case *ast.ValueSpec:
					for _, n := range s.Names {
						p.decls[n.Name] = true
					}
				case *ast.TypeSpec:
					p.decls[s.Name.Name] = true
					p.addType(s.Name.Name, s.Type)
				}
			}
		}
	}
}

func (p *pkg) addType(name string, expr ast.Expr) {
	m := p.member(name)
	var fields *ast.FieldList
	switch t := expr.(type) {
	case *ast.StructType:
		fields = t.Fields
	case *ast.InterfaceType:
		fields = t.Methods
	default:
		return
	}
	for _, f := range fields.List {
		for _, n := range f.Names {
			m[n.Name] = true
		}
		if len(f.Names) > 0 {
			continue
		}
		// An embedded type: its members are promoted.
		switch e := unstar(f.Type).(type) {
		case *ast.Ident:
			m[e.Name] = true
			p.open[name] = true // its members are checked no deeper
		case *ast.SelectorExpr:
			m[e.Sel.Name] = true
			p.open[name] = true
		}
	}
}

func unstar(e ast.Expr) ast.Expr {
	for {
		switch s := e.(type) {
		case *ast.StarExpr:
			e = s.X
		case *ast.IndexExpr:
			e = s.X
		case *ast.IndexListExpr:
			e = s.X
		default:
			return e
		}
	}
}

func baseTypeName(e ast.Expr) string {
	if id, ok := unstar(e).(*ast.Ident); ok {
		return id.Name
	}
	return ""
}
