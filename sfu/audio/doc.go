// Package audio turns the audio levels publishers put in every packet
// (the ssrc-audio-level header extension, RFC 6464) into speaker changes:
// who started and who stopped speaking, and how loud.
//
// Imports allowed: the standard library only. It knows nothing of RTP
// forwarding or signalling; rooms feed it levels and ask it for changes.
//
// Imports (checked by internal/importrules):
//
//	souk:   none
//	others: none
package audio
