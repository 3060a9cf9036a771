// Package imaging checks and re-encodes uploaded pictures. The type is
// taken from the content (JPEG, PNG or WebP), never from a name or header;
// a file whose bytes go on past the image (a polyglot) is refused; the
// picture's dimensions are read from its header and checked against the
// Processor's limits before anything is decoded; decoding then waits for
// its share of a memory bound shared by all pictures. The picture is
// written anew as JPEG (photos) or PNG (pictures with transparency), which
// drops every metadata block, plus a small thumbnail.
//
// Imports (checked by internal/importrules):
//
//	souk:   souk/platform souk/config
//	others: github.com/gabriel-vasile/mimetype golang.org/x/image golang.org/x/sync/semaphore
package imaging
