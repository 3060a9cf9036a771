// Package blob stores image files: Local keeps them under a directory
// (data_dir/uploads by default), S3 in an S3-compatible bucket through a
// minimal Signature Version 4 client. Keys are slash-separated paths of
// letters, digits, '.', '_' and '-' that start with the owning site.
//
// Imports (checked by internal/importrules):
//
//	souk:   souk/platform
//	others: any
package blob
