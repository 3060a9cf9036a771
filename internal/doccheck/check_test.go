package doccheck

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, text := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestCheckFindsWhatIsMissingAndLeavesProseAlone(t *testing.T) {
	root := writeTree(t, map[string]string{
		".gitignore": "/dist/\n*.test\n",
		"a/doc.go": `// Package a does one thing through Thing.Run and b.Other; see a/b.go,
// wire_*.go, b/testdata/page.mjs and souk/b. The media
// flows publishers/subscribers over Socket.IO, e.g. when
// cluster.heartbeat passes; b.helper and Thing.value are not checked.
//
// Wrong: a/missing.go, Thing.Stop, a.Missing, b.Other.Gone, souk/nope,
// gone_*.go, b.Gone and ` + "`nothere.go`" + `.
package a
`,
		"a/b.go":         "package a\n\ntype Thing struct{ value int }\n\nfunc (t *Thing) Run() {}\n",
		"a/wire_http.go": "package a\n",
		"b/b.go": `// Package b is the other one.
package b

// Other is a type with one method.
type Other struct{}

func (Other) Do() {}

func helper() {}
`,
		"b/testdata/page.mjs": "",
		"README.md": "# Tree\n\n`a/b.go` holds `Thing.Run`; `b.Other.Do` and `b/b.go` too, and `b.go`.\n" +
			"Served as `application/json` from `/api/x`; run `go test ./a` or `souk serve --x`.\n" +
			"The build writes `dist/index.html`.\n\n" +
			"```sh\ncat a/zzz.go\n```\n\n" +
			"Calls: `b.Other.Do(ctx)`; wrong: `b.Vanish(t)`.\n" +
			"Wrong: `a/nope.go`, `b.Gone`, `c.go`, `b.Other.Undo`, `b/*.ts`.\n",
	})
	problems, err := Check(root)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range problems {
		got = append(got, p.Doc+" "+p.Name)
	}
	want := []string{
		"README.md a/nope.go",
		"README.md b.Gone",
		"README.md c.go",
		"README.md b.Other.Undo",
		"README.md b/*.ts",
		"README.md b.Vanish(t)",
		"a/doc.go a/missing.go",
		"a/doc.go Thing.Stop",
		"a/doc.go a.Missing",
		"a/doc.go b.Other.Gone",
		"a/doc.go souk/nope",
		"a/doc.go gone_*.go",
		"a/doc.go b.Gone",
		"a/doc.go nothere.go",
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		for _, p := range problems {
			t.Log(p)
		}
		t.Errorf("problems\n%q\nwant\n%q", got, want)
	}
}

func TestProblemNamesTheLine(t *testing.T) {
	root := writeTree(t, map[string]string{
		"x/README.md": "line one\n\nline three names `x/missing.txt`.\n",
	})
	problems, err := Check(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(problems) != 1 || problems[0].Doc != "x/README.md" || problems[0].Line != 3 {
		t.Fatalf("problems %v, want one at x/README.md:3", problems)
	}
}
