// Package gallery implements platform.ListingImageService: it takes an
// uploaded or fetched file, has imaging check and re-encode it, writes the
// image and its thumbnail to blob storage and records them on the
// listing; deleting removes the records first and the files after. All
// uploads to one Service share one imaging memory budget.
//
// Storage, fetching and the listing store come in through the small
// interfaces in gallery.go.
//
// Imports (checked by internal/importrules):
//
//	souk:   souk/platform souk/platform/imaging
//	others: none
package gallery
