// Package imaging checks and re-encodes uploaded pictures. The type is
// taken from the content (JPEG, PNG or WebP), never from a name or header;
// a file whose bytes go on past the image (a polyglot) is refused; the
// picture's dimensions are read from its header and checked against the
// Processor's limits before anything is decoded.
//
// Decoding then waits for its share of a memory bound shared by all
// pictures. The share is what the picture will really allocate, worked
// out from its header the way each decoder allocates (cost.go; a
// progressive JPEG costs ten times a baseline one) and checked against
// measured allocations in cost_test.go. A picture that needs more than
// the whole bound is refused with the size that would fit. Scaling
// streams rows through a small ring (resize.go) instead of keeping a
// full-size intermediate.
//
// The picture is written anew as JPEG (photos) or PNG (pictures with
// transparency), which drops every metadata block, plus a small
// thumbnail made from the scaled picture.
//
// Imports (checked by internal/importrules):
//
//	souk:   souk/platform souk/config
//	others: github.com/gabriel-vasile/mimetype golang.org/x/image golang.org/x/sync/semaphore
package imaging
