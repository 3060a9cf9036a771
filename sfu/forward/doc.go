// Package forward moves RTP from a publisher to subscribers: a Receiver per
// published track (one reader per received simulcast layer, packet caches,
// fan-out without locks), a DownTrack per subscriber (layer choice that
// switches only on keyframes, sequence/timestamp munging, VP8 picture id
// and TL0PICIDX rewriting, RED stripping, NACK answers from the cache,
// receiver-report figures) and the counters both keep.
//
// Imports allowed: the standard library, pion and souk/sfu/buffer. It knows
// nothing of the signalling protocol, rooms or participants; codec payload
// rules come in through the Payloads interface.
package forward
