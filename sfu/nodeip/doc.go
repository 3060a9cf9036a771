// Package nodeip decides which addresses the media server's host
// candidates advertise (media.node_ips): Resolve finds them (configured,
// discovered with a STUN server, or an interface's), and a Plan says
// which local addresses are gathered, which are rewritten to a node IP,
// and which host addresses an advertised 1:1 NAT address stands for (the
// shared port's socket a candidate there is, sfu/sharedport).
//
// Imports (checked by internal/importrules):
//
//	souk:   none
//	others: github.com/pion/
package nodeip
