// Package mediadefaults holds the default of every media setting that the
// media packages (sfu, signal, turn) also fall back to when a field of
// their own Config is left at zero. config.DefaultMedia reads the same
// constants, so each number is written once, and the media packages need
// not import config, which would bring the platform's domain types into
// the media server.
//
// Imports (checked by internal/importrules):
//
//	souk:   none
//	others: none
package mediadefaults

import "time"

// Rooms (media.*).
const (
	EmptyTimeout            = 5 * time.Minute
	ReconnectWindow         = 45 * time.Second
	MaxParticipants         = 500
	MaxTracksPerParticipant = 8
	MaxDataPacketBytes      = 65536
)

// Signalling (media.ping_*).
const (
	PingInterval = 5 * time.Second
	PingTimeout  = 15 * time.Second
)

// Embedded TURN (media.turn.*).
const (
	TURNListenIP                 = "0.0.0.0"
	TURNRealm                    = "souk"
	TURNCredentialTTL            = 24 * time.Hour
	TURNMaxAllocationsPerUser    = 10
	TURNMaxAllocationsPerNetwork = 100
	TURNMaxAllocations           = 1000
	TURNBytesPerSecond           = 5_000_000
	TURNIdleTimeout              = 5 * time.Minute
)
