// Package sfu holds rooms, participants and media forwarding: the selective
// forwarding unit behind the signalling server.
//
// A Manager owns rooms; a Room owns participants and routes data packets; a
// Participant owns its peer connection(s) and the tracks it publishes and
// subscribes to. Media flows from a publishedTrack (one reader goroutine per
// received layer, a shared packet cache) to downTracks (one per subscriber,
// holding only sequence/timestamp rewriting state).
//
// admin.go is the operators' view (the RoomService calls it); events.go
// reports lifecycle events through Config.OnEvent (webhooks).
//
// Imports allowed: the standard library, pion, and github.com/livekit/protocol
// types. It must not import signal/, platform/ or cmd/: signalling talks to it
// through Manager.Join and the Sink interface, and the signalling side defines
// its own interface for what it needs from here.
package sfu
