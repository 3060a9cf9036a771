// Package forward moves RTP from a publisher to subscribers: a Receiver per
// published track (one reader per received simulcast layer, packet caches
// that RTX repairs also fill, fan-out without locks, frame rates of VP8
// temporal layers), a DownTrack per subscriber (spatial layer choice that
// switches only on keyframes, VP8 temporal layer choice that goes up only
// at sync pictures, sequence/timestamp munging, VP8 picture id and
// TL0PICIDX rewriting, RED stripping, NACK answers from the cache plain or
// over RTX, receiver-report figures, what its RTCP sender reports say, the
// transport-wide sequence number stamped through a TransportSequencer,
// padding-only packets for bandwidth probes) and the counters: plain per
// down track, added up on read by Counters.
//
// Imports allowed: the standard library, pion and souk/sfu/buffer. It knows
// nothing of the signalling protocol, rooms or participants; codec payload
// rules come in through the Payloads interface.
//
// Imports (checked by internal/importrules):
//
//	souk:   souk/sfu/buffer
//	others: github.com/pion/
package forward
