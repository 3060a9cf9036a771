// Package dtlskeys recovers the SRTP keys of a DTLS-SRTP handshake in
// which we are the DTLS server, so that media can be protected outside
// pion's SRTP session (see sfu/direct).
//
// pion exports neither the DTLS connection of a peer connection nor its
// SRTP keys. It does hand two things to its caller: the ServerHello it
// sends (server random, chosen cipher suite and SRTP protection profile)
// and, through the key log writer, the client random and master secret.
// With those, RFC 5705's exporter gives the same keying material pion's
// own SRTP session is built from (RFC 5764, section 4.2). The secret
// never leaves the process: the key log goes to a Tap, not to a file.
//
// One Tap serves one peer connection (one DTLS handshake). When we are
// the DTLS client the ServerHello is the peer's and never passes through
// the hook, so Keys reports ErrNotServer and the caller keeps pion's path.
//
// Imports allowed: the standard library and pion.
//
// Imports (checked by internal/importrules):
//
//	souk:   none
//	others: github.com/pion/
package dtlskeys
