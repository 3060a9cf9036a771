// Package downlink is one subscriber's downlink controller: a Controller
// keeps the subscriber's bandwidth estimate (sfu/bwe's send-side estimate
// from transport-wide feedback, else its loss-only estimate from receiver
// reports), shares it across the subscriber's video tracks on every Tick
// of the room's ticker (controller.go), probes the path with padding when
// a better layer is wanted than the estimate allows (probe.go: when, how
// fast, and the backoff), and measures the subscriber's side of its link
// quality (quality.go). A Pacer (pacer.go), one per room, sends the
// padding of every running probe from one goroutine.
//
// Probing is split in two on purpose: sfu/bwe measures what a probe
// cluster delivered, from the feedback about the packets stamped while it
// ran, as part of the estimate it belongs to; this package decides when to
// probe and sends the padding, which needs the down tracks.
//
// It knows nothing of rooms or the protocol: the room layer hands Tick
// the subscriptions with what their layers cost, and a down track is
// anything with the DownTrack methods (a *forward.DownTrack). Time comes
// from the caller's tick and from a Clock, so tests run on their own.
//
// Imports (checked by internal/importrules):
//
//	souk:   souk/sfu/bwe souk/sfu/forward
//	others: github.com/pion/rtcp
package downlink
