// Package importrules keeps the module's dependency directions as each
// package's own comment states them: sfu/ never imports signal/ or
// platform/, the platform root only the standard library, config only the
// platform root, and so on.
//
// Every package of the module, commands and benchmarks included, ends its
// package comment (usually in doc.go) with an import block; there are no
// blocks covering a subtree, so a new package states its rule where it
// is documented. ParseBlock reads a block, ReadRule finds it in a
// package's files, and the test walks the module and fails on a package
// without a block (naming the file to add it to), on a malformed block,
// and on an import its block does not allow. The block's shape:
//
//	Imports (checked by internal/importrules):
//
//		souk:   souk/platform souk/config
//		others: github.com/pion/ golang.org/x/net/ipv4
//
// "souk:" lists the module packages it may import, a trailing "/..."
// covering a tree; "none", or no souk: line, means none. "others:" lists
// prefixes of the non-standard import paths it may import (a prefix ends
// at a path element, unless it ends in "/"); "none", or no others: line,
// means the standard library only, and "any" means anything. The standard
// library is always allowed.
//
// Imports (checked by internal/importrules):
//
//	souk:   none
//	others: none
package importrules
