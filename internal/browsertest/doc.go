// Package browsertest holds what the Go tests that drive Chromium through
// node scripts (signal/testdata/browser, cmd/souk/testdata) share: the
// check that the toolchain is installed, and the steps a script reports.
// Only tests import it.
//
// Imports (checked by internal/importrules):
//
//	souk:   none
//	others: none
package browsertest
