// Package turn runs the embedded TURN server (pion/turn) that the SFU
// advertises to clients in JoinResponse.ice_servers.
//
// It listens on UDP and TCP (3478 by default) and, with a certificate, on
// TLS (5349 or 443); the certificate is re-read when its files change.
// Credentials follow the TURN REST convention: username "<expiry>:<identity>",
// password base64(HMAC-SHA1(secret, username)) under a configured shared
// secret, so an external coturn with the same secret accepts the same
// credentials.
//
// The relay is closed by default: permissions (CreatePermission and
// ChannelBind) toward loopback, unspecified, private, link-local, CGNAT,
// multicast and the server's own addresses are refused unless a CIDR in
// Config.AllowPeers opens them. The SFU next door stays reachable: on the
// server's own addresses relays reach Config.SelfPorts and nothing else,
// and behind 1:1 NAT they reach it on the local address rather than
// through the NAT's hairpin. Allocations are limited per user, per client
// network (IPv4 address or IPv6 /64) and in total, relayed bytes per
// allocation per second are capped, and idle allocations expire.
//
// Credentials minted for a sign-in session ("<expiry>:<user>:<session
// ref>", owner.go) end with it: Server.EndSessions refuses them and
// closes their allocations. The expiry bounds when an allocation may be
// made; an allocation made in time lives on with its call. Refusals and authentication failures are logged at
// most once per client address and interval, and counted in Stats.
//
// On a wildcard listen address (0.0.0.0 or ::, the default) the UDP
// listener answers each client from the address the client sent to,
// read per datagram with IP_PKTINFO / IPV6_PKTINFO (reply_source.go):
// otherwise a host with several addresses answers from whichever one the
// kernel's route picks, and browsers drop those answers.
//
// golang.org/x/net reads the ipv4 and ipv6 control messages, and livekit
// protocol types give the ICEServer message. Nothing in the server imports it except the main binary.
//
// Imports (checked by internal/importrules):
//
//	souk:   souk/config/mediadefaults souk/pionlog
//	others: github.com/pion/ github.com/livekit/protocol golang.org/x/net/ipv4 golang.org/x/net/ipv6
package turn
