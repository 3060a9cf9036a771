// Package browsertest holds what the Go tests that drive Chromium through
// node scripts (signal/testdata/browser, cmd/souk/testdata) share: the
// check that the toolchain is installed, and the steps a script reports.
// Only tests import it.
//
// Imports: the standard library only.
package browsertest
