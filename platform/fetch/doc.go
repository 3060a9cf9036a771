// Package fetch downloads images from user-supplied URLs without letting
// the server be used against its own network (SSRF). Every connection,
// including those made after redirects and whatever DNS answers, is
// checked at dial time, in the dialer's Control function, against the
// address actually being connected to: loopback, private, link-local,
// cloud metadata, carrier-grade NAT, multicast and unspecified addresses
// are refused before any packet is sent. Responses are bounded in time and
// size and must declare an image content type.
//
// Imports (checked by internal/importrules):
//
//	souk:   souk/platform souk/config
//	others: any
package fetch
