// Package importrules holds the test that keeps the module's dependency
// directions as each folder's doc.go states them: sfu/ never imports
// signal/ or platform/, the platform root only the standard library,
// config only the platform root, and so on. Every package of the module
// must match a rule, so a new package gets one together with its doc.go.
//
// Imports: nothing; the test reads the module's sources with go/build.
package importrules
