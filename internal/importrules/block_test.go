package importrules

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestParseBlockReadsTheRule(t *testing.T) {
	for _, tc := range []struct {
		name, comment string
		want          Rule
	}{
		{
			name:    "both lines",
			comment: "Package x does things.\n\nImports (checked by internal/importrules):\n\n\tsouk:   souk/platform souk/sfu/...\n\tothers: github.com/pion/ golang.org/x/net/ipv4\n",
			want:    Rule{Souk: []string{"souk/platform", "souk/sfu/..."}, Others: []string{"github.com/pion/", "golang.org/x/net/ipv4"}},
		},
		{
			name:    "none and any",
			comment: "Imports (checked by internal/importrules):\n\n\tsouk: none\n\tothers: any\n",
			want:    Rule{Souk: []string{}, Others: nil},
		},
		{
			name:    "omitted lines mean none",
			comment: "Package x.\n\nImports (checked by internal/importrules):\n\n\tothers: github.com/redis/go-redis\n",
			want:    Rule{Souk: []string{}, Others: []string{"github.com/redis/go-redis"}},
		},
		{
			name:    "standard library only",
			comment: "Package x.\n\nImports (checked by internal/importrules):\n\n\tsouk: souk/platform\n\tothers: none\n",
			want:    Rule{Souk: []string{"souk/platform"}, Others: []string{}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseBlock(tc.comment)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %#v, want %#v", got, tc.want)
			}
		})
	}
}

func TestParseBlockRejectsMalformedBlocks(t *testing.T) {
	const h = "Package x.\n\n" + Heading
	for _, tc := range []struct {
		name, comment, want string
	}{
		{"no block", "Package x.\n\nImports: the standard library only.\n", "no import block"},
		{"only an example of a block", "Package x.\n\n\t" + Heading + "\n\n\t\tsouk: none\n", "no import block"},
		{"no empty line after the heading", h + "\n\tsouk: none\n", "followed by an empty line"},
		{"heading without lines", h + "\n", "followed by an empty line"},
		{"heading inside a paragraph", "Package x.\n" + Heading + "\n\n\tsouk: none\n", "must start a paragraph"},
		{"heading indented", "Package x.\n\n  " + Heading + "\n\n\tsouk: none\n", "must start its line"},
		{"two headings", h + "\n\n\tsouk: none\n\n" + Heading + "\n\n\tothers: none\n", "two lines"},
		{"prose after the block", h + "\n\n\tsouk: none\n\nMore prose.\n", "last paragraph"},
		{"unindented entry", h + "\n\nsouk: none\n", "last paragraph"},
		{"unknown key", h + "\n\n\tmodules: souk/platform\n", "want \"souk: ...\""},
		{"no colon", h + "\n\n\tsouk souk/platform\n", "want \"souk: ...\""},
		{"key twice", h + "\n\n\tsouk: souk/platform\n\tsouk: souk/config\n", "given twice"},
		{"empty list", h + "\n\n\tothers:\n", "no paths"},
		{"souk: any", h + "\n\n\tsouk: any\n", "must stand alone"},
		{"none beside paths", h + "\n\n\tothers: none github.com/pion/\n", "must stand alone"},
		{"other module on the souk line", h + "\n\n\tsouk: github.com/pion/rtp\n", "not a package of module"},
		{"souk package on the others line", h + "\n\n\tothers: souk/platform\n", "belongs on the souk: line"},
		{"standard library listed", h + "\n\n\tothers: net/http\n", "not a module path"},
		{"tree on the others line", h + "\n\n\tothers: github.com/pion/...\n", "without /..."},
		{"souk path with a trailing slash", h + "\n\n\tsouk: souk/platform/\n", "a tree ending in /..."},
		{"dots inside a souk path", h + "\n\n\tsouk: souk/.../store\n", "a tree ending in /..."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseBlock(tc.comment)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestReadRuleNamesTheFileToFix(t *testing.T) {
	for _, tc := range []struct {
		name     string
		files    map[string]string
		wantFile string
		wantErr  string
	}{
		{
			name:     "no package comment",
			files:    map[string]string{"a.go": "package a\n"},
			wantFile: "doc.go",
			wantErr:  "no package comment: add doc.go",
		},
		{
			name:     "comment without a block",
			files:    map[string]string{"a.go": "package a\n", "main.go": "// Command a does a thing.\npackage a\n"},
			wantFile: "main.go",
			wantErr:  "end the package comment in main.go",
		},
		{
			name: "blocks in two files",
			files: map[string]string{
				"a.go": "// Package a.\n//\n// " + Heading + "\n//\n//\tsouk: none\npackage a\n",
				"b.go": "// Package a.\n//\n// " + Heading + "\n//\n//\tsouk: none\npackage a\n",
			},
			wantFile: "a.go",
			wantErr:  "keep one",
		},
		{
			name:     "malformed block",
			files:    map[string]string{"doc.go": "// Package a.\n//\n// " + Heading + "\n//\n//\tsouk: github.com/x/y\npackage a\n"},
			wantFile: "doc.go",
			wantErr:  "doc.go: malformed import block",
		},
		{
			name: "one block, test files aside",
			files: map[string]string{
				"doc.go":    "// Package a.\n//\n// " + Heading + "\n//\n//\tothers: none\npackage a\n",
				"a_test.go": "// Package a.\n//\n// " + Heading + "\n//\n//\tothers: any\npackage a\n",
			},
			wantFile: "doc.go",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, text := range tc.files {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			_, file, err := ReadRule(dir)
			if file != tc.wantFile {
				t.Errorf("file %q, want %q", file, tc.wantFile)
			}
			if tc.wantErr == "" && err != nil || tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
				t.Errorf("error %v, want one containing %q", err, tc.wantErr)
			}
		})
	}
}
