// Package gallery implements platform.ListingImageService: it takes an
// uploaded or fetched file, has imaging check and re-encode it, writes the
// image and its thumbnail to blob storage and records them on the
// listing; deleting removes the records first and the files after.
//
// Storage, fetching and the listing store come in through the small
// interfaces below.
//
// Imports (checked by internal/importrules):
//
//	souk:   souk/platform souk/platform/imaging
//	others: any
package gallery
