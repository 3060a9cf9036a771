// Package rtx tells a publisher's retransmissions over RTX (RFC 4588) on a
// simulcast track apart and unwraps them. Each layer's repairs come on an
// SSRC of their own, with the RTX payload type; what ties them to their
// layer is, depending on the sender, the repaired-rid header extension
// (browsers), the layer's own rid extension copied onto the retransmission
// (pion), or an ssrc-group FID line of the offer. pion binds rid-stamped
// repairs as the layer itself, so they are told apart before it sees them
// (sfu/direct) and, where pion still delivers one, unwrapped by the
// layer's reader (sfu/participant_publish.go).
//
// Imports (checked by internal/importrules):
//
//	souk:   none
//	others: github.com/pion/
package rtx
