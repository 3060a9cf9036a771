// Package sharedport is the media server's shared UDP port: pion's network
// (Net) whose UDP sockets (Socket) batch their writes into sendmmsg calls,
// group each peer's queued datagrams of one size into segmented writes
// (UDP GSO, send_plan.go), read and write with raw system calls on Linux
// (raw_linux.go) so that the runtime's monitor thread is not woken for
// every packet, and route what they read: a datagram from a peer
// registered with Net.SetPeer is offered to that Peer before pion sees it
// (router.go). It knows nothing of rooms, SRTP or the protocol; the
// direct path (sfu/direct) is the Peer.
//
// All of the media server's unsafe code lives here (the raw system calls
// and the segmentation control message).
//
// Imports (checked by internal/importrules):
//
//	souk:   none
//	others: github.com/pion/transport golang.org/x/net/ipv4 golang.org/x/sys/unix
package sharedport
