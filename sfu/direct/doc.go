// Package direct is the direct media path of one peer connection on the
// shared UDP port (sfu/sharedport): a Conn sends the connection's
// forwarded RTP past pion's send path, sealed with the connection's own
// SRTP keys (recovered by sfu/dtlskeys; pion's srtp.Context for AES-CM,
// sfu/srtpgcm for the AEAD-GCM profiles), reads a sending connection's
// RTCP and a publisher's media of streams pion has bound (through the
// connection's own receive interceptors, unwrapping RTX repairs with
// sfu/rtx), and answers the peer's consent checks. It knows nothing of
// rooms: down tracks are FeedbackTargets, and received media goes to
// functions its caller hands TakeStream.
//
// conn.go follows the connection's ICE pair and sends; rtcp_in.go,
// rtp_in.go and stun.go are the reading side, called on the shared
// socket's reader goroutine through the sharedport.Peer methods.
//
// Imports (checked by internal/importrules):
//
//	souk:   souk/sfu/sharedport souk/sfu/dtlskeys souk/sfu/srtpgcm souk/sfu/rtx souk/sfu/forward
//	others: github.com/pion/
package direct
