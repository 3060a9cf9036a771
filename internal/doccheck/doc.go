// Package doccheck keeps the documentation true to the tree: every file
// path and Go identifier a README.md or a package comment names must
// exist. Check reads the documents and returns what they name that is
// missing; the test runs it over the module (so `make test` does) and
// fails on each problem.
//
// What counts as a name, so that prose is left alone:
//
//   - paths: backticked spans with a slash, and in Go comments any word
//     with one, whose first element is an entry of the root or of the
//     document's directory (sfu/forward/receiver.go; globs with * must
//     match a file), found from the root, from that directory, or as the
//     end of a path below it; an import path of the module
//     (souk/signal/client), or one with an identifier after it
//     (sfu/bwe.SendSide); a path the root .gitignore anchors (web/dist) is
//     made by a build and may be absent;
//   - file names: backticked names with a file extension, and in Go
//     comments words ending in .go, in the document's directory or below;
//   - identifiers: pkg.Name and pkg.Type.Member where pkg is the name of
//     a package of the module and Name is exported, and Type.Member where
//     Type is a type of the document's package or, failing that, of any
//     package. Backticked in README files; backticked or plain in Go
//     comments. Fenced code blocks in Markdown are not read.
//
// Imports (checked by internal/importrules):
//
//	souk:   none
//	others: none
package doccheck
